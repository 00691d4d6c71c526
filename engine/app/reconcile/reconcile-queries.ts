// Reconciliation query batches (Reconciliation Service API 0.2): each query a name, a type and properties, matched
// as a query by example by the one scorer; candidates answered with a score out of 100 and the features behind it.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { MATCH_SCORE_THRESHOLD } from '../../resolution/match-scorer.js';
import { toParameterError } from '../contract/validate.js';
import { inField } from './in-field.js';
import { parseExample } from '../yente/match-example.js';
import { DEFAULT_DATASET, requireDataset } from '../yente/yente-datasets.js';
import { wholeScope } from '../yente/match-scope.js';
import { matchExample } from '../yente/yente-match.js';
import { DEFAULT_TYPE, QUERY_PROPERTIES, RECONCILE_TYPES, type Named } from './reconcile-vocabulary.js';

/** Candidates per query by default, and at most. */
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 25;

const PropertyValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.object({ id: z.string(), name: z.string().optional() }),
]);

export const ReconQuerySchema = z.object({
  query: z.string().max(1000).optional(),
  type: z.union([z.string(), z.array(z.string()).max(10)]).optional(),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  properties: z
    .array(z.object({ pid: z.string(), v: z.union([PropertyValue, z.array(PropertyValue).max(50)]) }))
    .max(20)
    .optional(),
  type_strict: z.enum(['any', 'all', 'should']).optional(),
});
export const ReconBatchSchema = z.record(z.string().max(200), ReconQuerySchema);

export interface ReconCandidate {
  id: string;
  name: string;
  description: string;
  score: number;
  match: boolean;
  type: Named[];
  features: Array<{ id: string; value: number }>;
}

export type ReconResults = Record<string, { result: ReconCandidate[] }>;

const QUERY_PROPERTY_IDS = new Set(QUERY_PROPERTIES.map((p) => p.id));
const TYPE_IDS = new Set(RECONCILE_TYPES.map((t) => t.id));

const text = (v: z.infer<typeof PropertyValue>): string => (typeof v === 'object' ? (v.name ?? v.id) : String(v));

/** Parses a batch as sent in the `queries` form field (JSON text) or as JSON; a bad query fails the batch with a 400. */
export function parseReconBatch(raw: unknown): z.infer<typeof ReconBatchSchema> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch (err) {
      throw new ServiceError('invalid_parameter', `queries is not valid JSON: ${(err as Error).message}`, 'queries');
    }
  }
  const parsed = ReconBatchSchema.safeParse(value);
  if (!parsed.success) throw inField('queries', toParameterError(parsed.error, value));
  return parsed.data;
}

export function reconcile(corpus: Corpus, batch: z.infer<typeof ReconBatchSchema>): ReconResults {
  const out: ReconResults = {};
  const datasets = requireDataset(corpus, DEFAULT_DATASET);
  for (const [key, q] of Object.entries(batch)) {
    const type = (Array.isArray(q.type) ? q.type[0] : q.type) ?? DEFAULT_TYPE;
    if (!TYPE_IDS.has(type))
      throw new ServiceError(
        'invalid_parameter',
        `${key}.type: "${type}" is not one of ${[...TYPE_IDS].join(', ')}`,
        `${key}.type`,
      );
    const properties: Record<string, string[]> = {};
    if (q.query !== undefined && q.query.trim() !== '') properties['name'] = [q.query];
    for (const { pid, v } of q.properties ?? []) {
      if (!QUERY_PROPERTY_IDS.has(pid))
        throw new ServiceError(
          'invalid_parameter',
          `${key}.properties: "${pid}" is not a property to reconcile by (${[...QUERY_PROPERTY_IDS].join(', ')})`,
          `${key}.properties`,
        );
      (properties[pid] ??= []).push(...(Array.isArray(v) ? v : [v]).map(text));
    }
    // An empty cell has nothing to match: no candidates, rather than an error for the whole batch.
    if (properties['name'] === undefined && Object.keys(properties).length === 0) {
      out[key] = { result: [] };
      continue;
    }
    const example = parseExample(key, { schema: type, properties });
    const matched = matchExample(corpus, example, {
      ...wholeScope(datasets),
      limit: q.limit ?? DEFAULT_LIMIT,
      threshold: MATCH_SCORE_THRESHOLD,
      cutoff: 0.5,
    });
    const results = matched.results;
    // A match OpenRefine may take without asking: the best candidate reaches the threshold and no other does.
    const certain = results[0]?.match === true && results[1]?.match !== true;
    out[key] = {
      result: results.map((r, i) => ({
        id: r.id,
        name: r.caption,
        description: [
          r.schema,
          (r.properties['jurisdiction']?.[0] ?? r.properties['country']?.[0])?.toUpperCase(),
          r.datasets.join(', '),
        ]
          .filter((x) => x !== undefined && x !== '')
          .join(' · '),
        score: Math.round(r.score * 1000) / 10,
        match: certain && i === 0,
        type: [{ id: r.schema, name: RECONCILE_TYPES.find((t) => t.id === r.schema)?.name ?? r.schema }],
        features: Object.entries(r.explanations).map(([id, f]) => ({ id, value: f.score })),
      })),
    };
  }
  return out;
}
