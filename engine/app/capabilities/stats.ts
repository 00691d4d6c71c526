// GET /api/public/stats: live counts of the corpus.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';

const byTypeCache = new WeakMap<Corpus, { company: number; person: number; asset: number }>();

function countByType(corpus: Corpus): { company: number; person: number; asset: number } {
  let counts = byTypeCache.get(corpus);
  if (counts === undefined) {
    counts = { company: 0, person: 0, asset: 0 };
    for (let ix = 0; ix < corpus.entities.size; ix++) counts[corpus.entities.type(ix)] += 1;
    byTypeCache.set(corpus, counts);
  }
  return counts;
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
      z.object({ code: z.string(), name: z.string(), records: z.number().int(), as_of: z.string().nullable() }),
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
      sources: corpus.info.sources.map((s) => ({ code: s.code, name: s.name, records: s.records, as_of: s.as_of })),
      high_risk_entities: corpus.highRisk,
      by_type: countByType(corpus),
      embedded: corpus.semantic.coverage().embedded,
      snapshot: { id: corpus.info.snapshotId, built_at: corpus.info.builtAt },
    };
  },
});
