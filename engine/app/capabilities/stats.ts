// GET /api/public/stats: live counts of the corpus.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';

interface TypeCounts {
  /** Entities counted so far: those added since are counted at the next call. */
  counted: number;
  byType: { company: number; person: number; asset: number };
}

const byTypeCache = new WeakMap<Corpus, TypeCounts>();

/** Entities per type. An entity's type never changes, and entities are only added, so counts grow incrementally. */
function countByType(corpus: Corpus): { company: number; person: number; asset: number } {
  let counts = byTypeCache.get(corpus);
  if (counts === undefined) {
    counts = { counted: 0, byType: { company: 0, person: 0, asset: 0 } };
    byTypeCache.set(corpus, counts);
  }
  for (; counts.counted < corpus.entities.size; counts.counted++)
    counts.byType[corpus.entities.type(counts.counted)] += 1;
  return { ...counts.byType };
}

interface SourceView {
  code: string;
  name: string;
  records: number;
  as_of: string | null;
  last_change_at: string | null;
  lag_seconds: number | null;
}

/** The snapshot's sources, then those only live changes brought, each with its freshness. */
function sourceViews(corpus: Corpus): SourceView[] {
  const known = new Set(corpus.info.sources.map((s) => s.code));
  const liveOnly = [...corpus.freshness.keys()]
    .filter((code) => !known.has(code))
    .map((code) => ({ code, name: code, as_of: null, records: 0 }));
  const iso = (ms: number): string => new Date(ms).toISOString();
  return [...corpus.info.sources, ...liveOnly].map((s) => {
    const f = corpus.freshness.get(s.code);
    return {
      code: s.code,
      name: s.name,
      records: s.records + (f?.added ?? 0),
      as_of: f === undefined ? s.as_of : iso(f.appliedAt).slice(0, 10),
      last_change_at: f === undefined ? null : iso(f.appliedAt),
      lag_seconds:
        f === undefined || f.publishedAt === null
          ? null
          : Math.max(0, Math.round((f.appliedAt - f.publishedAt) / 1000)),
    };
  });
}

export const stats = defineCapability({
  tool: null,
  title: 'Corpus statistics',
  description:
    'Live counts of entities, relationships, sources (with as-of dates) and high-risk entities, and the snapshot served.',
  method: 'GET',
  path: '/api/public/stats',
  input: z.object({}),
  output: z.object({
    entities: z.number().int(),
    relationships: z.number().int(),
    sources: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        records: z.number().int().describe('Entity records from this source: the snapshot’s and those added live'),
        as_of: z.string().nullable(),
        last_change_at: z
          .string()
          .nullable()
          .describe('When the newest live change from this source was applied; null when none was since the snapshot'),
        lag_seconds: z
          .number()
          .nullable()
          .describe(
            'How long after its publication the newest live change was applied, when the source dates its changes',
          ),
      }),
    ),
    high_risk_entities: z.number().int(),
    by_type: z.object({ company: z.number().int(), person: z.number().int(), asset: z.number().int() }),
    embedded: z.number().int().describe('Entities with a semantic-search vector (of their cluster), now'),
    snapshot: z.object({ id: z.string(), built_at: z.string() }),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus }) {
    return {
      entities: corpus.entities.size,
      relationships: corpus.graph.size,
      sources: sourceViews(corpus),
      high_risk_entities: corpus.highRisk,
      by_type: countByType(corpus),
      embedded: corpus.semantic.coverage().embedded,
      snapshot: { id: corpus.info.snapshotId, built_at: corpus.info.builtAt },
    };
  },
});
