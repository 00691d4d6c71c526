// Shapes shared by semantic search and similar entities: the kind filter, the coverage figure, hits from neighbours.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { ENTITY_TYPES, type EntityType } from '../../model/records.js';
import type { ScoredHit } from '../../model/views.js';
import type { Coverage } from '../../semantic/semantic-index.js';
import type { Neighbour } from '../../semantic/vector-index.js';

export const SEMANTIC_K = { default: 10, max: 50 } as const;

export const K = z
  .number()
  .int()
  .min(1)
  .max(SEMANTIC_K.max)
  .default(SEMANTIC_K.default)
  .describe(`Number of results (default ${SEMANTIC_K.default}, maximum ${SEMANTIC_K.max})`);

/** The specification spells kinds with a capital (Company); the lower-case type names are accepted too. */
export const KindParam = z
  .string()
  .describe('Company, Person or Asset (case-insensitive)')
  .transform((s) => s.toLowerCase())
  .refine((s) => (ENTITY_TYPES as readonly string[]).includes(s), { message: 'must be one of Company, Person, Asset' })
  .transform((s) => s as EntityType);

export const CoverageSchema = z
  .object({
    embedded: z.number().int().describe('Entities whose record (or cluster) has a vector, now'),
    total: z.number().int().describe('All entities of the corpus'),
    ratio: z.number().min(0).max(1),
    scope: z
      .string()
      .describe('Which groups of entities are fully embedded, and the order in which the rest are being embedded'),
  })
  .describe('Live coverage of semantic search: only embedded entities can be returned');

export const COVERAGE_CAVEAT =
  'Coverage is partial while entities are still being embedded (risk-listed entities first, then offshore-leak records, then registry companies, then the rest): ' +
  'every answer carries the live coverage figure. A thin, empty or off-target result can mean the entity you want is not embedded yet: combine with search_entities.';

export function coverageNote(coverage: Coverage): string | null {
  if (coverage.ratio >= 1) return null;
  return (
    `semantic search covers ${coverage.embedded} of ${coverage.total} entities (${(coverage.ratio * 100).toFixed(1)}%); ` +
    'entities not embedded yet cannot appear here: use search_entities to find them by name or identifier'
  );
}

/** Similarity in -1..1 as a score in 0..1, to three decimals so that equal answers compare equal. */
export function scoreOf(similarity: number): number {
  return Math.round(Math.min(1, Math.max(0, similarity)) * 1000) / 1000;
}

export function neighbourHits(corpus: Corpus, neighbours: readonly Neighbour[]): ScoredHit[] {
  return neighbours.map((n) => ({ ...corpus.entities.hit(n.label), score: scoreOf(n.similarity) }));
}
