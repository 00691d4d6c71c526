// `POST /api/public/screen`: its parameters, what an upload may hold, and the formats it reads and writes.
import { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import { MATCH_SCORE_THRESHOLD } from '../../resolution/match-scorer.js';
import { DEFAULT_DATASET } from '../yente/yente-datasets.js';
import { DEFAULT_CANDIDATES, MAX_CANDIDATES } from './screening.js';
import type { InputFormat } from './screening-input.js';

export const SCREEN_PATH = '/api/public/screen';

/** An upload holds at most this many bytes, whatever the plan. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Rows per upload: this many times the caller's batch limit (2,500 anonymous, 10,000 with a key of the default limits). */
export const ROWS_PER_BATCH = 100;

export const ScreenParamsSchema = z.object({
  columns: z.string().max(2000).default('').describe('FIELD=Header pairs, comma-separated: name=Full Name,dob=Birth'),
  threshold: z.coerce.number().min(0).max(1).default(MATCH_SCORE_THRESHOLD),
  candidates: z.coerce.number().int().min(1).max(MAX_CANDIDATES).default(DEFAULT_CANDIDATES),
  format: z.enum(['csv', 'jsonl']).optional().describe('Format of the results; by default that of the upload'),
  dataset: z.string().default(DEFAULT_DATASET),
});

const MEDIA: Readonly<Record<string, InputFormat>> = {
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/x-ndjson': 'jsonl',
  'application/jsonl': 'jsonl',
  'application/json-lines': 'jsonl',
  'application/jsonlines': 'jsonl',
};

export const MEDIA_TYPE_OF: Readonly<Record<InputFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** The upload's format, from its Content-Type. */
export function uploadFormat(contentType: string | undefined): InputFormat {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const format = MEDIA[media];
  if (format === undefined)
    throw new ServiceError(
      'invalid_parameter',
      `a screening upload is CSV (Content-Type: text/csv) or JSON lines (application/x-ndjson), not "${media || 'none'}"`,
      'Content-Type',
    );
  return format;
}

/** One line of JSON-lines results (the CSV results fold the same into columns: see screening-output.ts). */
export const ScreenedRowSchema = z.object({
  line: z.number().int().describe('Line of the upload the row ends on'),
  row_id: z.string().nullable().describe("The row's own id column"),
  name: z.string().nullable(),
  match: z
    .boolean()
    .nullable()
    .describe('Whether a candidate reaches the threshold; null when the row could not be screened'),
  candidates: z.array(
    z.object({
      id: z.string(),
      caption: z.string(),
      schema: z.string(),
      score: z.number(),
      match: z.boolean(),
      datasets: z.array(z.string()),
      sanctioned: z.boolean(),
      explanations: z.record(z.string(), z.object({ score: z.number(), detail: z.string() })),
    }),
  ),
  error: z.string().nullable().describe('Why the row could not be screened: its line, the field and what is wrong'),
  snapshot_id: z.string(),
  lists: z.array(z.object({ dataset: z.string(), title: z.string(), as_of: z.string().nullable() })),
});
