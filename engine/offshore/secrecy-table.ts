// The secrecy-jurisdiction table: which jurisdictions are offshore centres or score high for secrecy, with sources.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../errors/config-error.js';
import builtIn from './secrecy-jurisdictions.json' with { type: 'json' };

/** A secrecy score (0 = full transparency, 100 = full secrecy) at or above this makes a jurisdiction a secrecy hop. */
export const SECRECY_SCORE_THRESHOLD = 65;

const SecrecyTableSchema = z.object({
  description: z.string(),
  index_year: z.number().int(),
  sources: z
    .array(
      z.object({
        code: z.string(),
        name: z.string(),
        published: z.string(),
        url: z.url(),
        fields: z.array(z.string()),
        coverage: z.string(),
      }),
    )
    .min(1),
  jurisdictions: z.array(
    z.object({
      code: z.string().regex(/^[A-Z]{2}$/),
      name: z.string(),
      offshore_centre: z.boolean(),
      fsi_rank: z.number().int().positive().nullable(),
      fsi_score: z.number().min(0).max(100).nullable(),
    }),
  ),
});
export type SecrecyTableData = z.infer<typeof SecrecyTableSchema>;
export type SecrecySource = SecrecyTableData['sources'][number];

export interface SecrecyFacts {
  code: string;
  name: string;
  offshoreCentre: boolean;
  rank: number | null;
  score: number | null;
  /** Whether a hop into this jurisdiction counts as a secrecy hop. */
  secrecyHop: boolean;
  /** Codes of the sources the facts come from. */
  basis: string[];
}

export class SecrecyTable {
  readonly indexYear: number;
  readonly sources: readonly SecrecySource[];
  private readonly byCode = new Map<string, SecrecyFacts>();

  constructor(data: SecrecyTableData) {
    this.indexYear = data.index_year;
    this.sources = data.sources;
    const sourceFor = (field: string): string[] =>
      data.sources.filter((s) => s.fields.includes(field)).map((s) => s.code);
    for (const j of data.jurisdictions) {
      const basis = [
        ...(j.offshore_centre ? sourceFor('offshore_centre') : []),
        ...(j.fsi_rank !== null || j.fsi_score !== null ? sourceFor('fsi_rank') : []),
      ];
      this.byCode.set(j.code, {
        code: j.code,
        name: j.name,
        offshoreCentre: j.offshore_centre,
        rank: j.fsi_rank,
        score: j.fsi_score,
        secrecyHop: j.offshore_centre || (j.fsi_score !== null && j.fsi_score >= SECRECY_SCORE_THRESHOLD),
        basis: [...new Set(basis)],
      });
    }
  }

  /** Facts for a jurisdiction, or null when the table says nothing about it. */
  facts(code: string | null): SecrecyFacts | null {
    return code === null ? null : (this.byCode.get(code) ?? null);
  }

  get size(): number {
    return this.byCode.size;
  }
}

const tables = new Map<string, SecrecyTable>();

/** The built-in table, or the operator's file (validated once, errors name the file and field). */
export function secrecyTable(file: string | null = null): SecrecyTable {
  const key = file ?? '(built-in)';
  let table = tables.get(key);
  if (table !== undefined) return table;
  let raw: unknown = builtIn;
  if (file !== null) {
    try {
      raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    } catch (err) {
      throw new ConfigError(`UNSHELL_SECRECY_TABLE ${file}: ${(err as Error).message}`);
    }
  }
  const parsed = SecrecyTableSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `secrecy table ${file ?? 'built-in'}: field ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  table = new SecrecyTable(parsed.data);
  tables.set(key, table);
  return table;
}
