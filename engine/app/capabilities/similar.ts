// GET /api/public/similar/{id}: the embedded entities nearest to a known one, by the vector of its cluster.
import { z } from 'zod';
import { ScoredHitSchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { requireEntity } from '../views/entity-views.js';
import { EntityId } from '../contract/params.js';
import { COVERAGE_CAVEAT, CoverageSchema, K, coverageNote, neighbourHits } from '../views/semantic-views.js';

export const similar = defineCapability({
  tool: 'find_similar',
  title: 'Similar entities',
  description:
    'The entities most like a known one (its peers): same kind of business, designation, role, jurisdiction, owners. Pass an id from ' +
    'search_entities or semantic_search; any record of a resolved entity works, and the entity itself (all its records) is left out. ' +
    `Only embedded entities have peers: an entity not embedded yet answers embedded: false with no hits. ${COVERAGE_CAVEAT}`,
  method: 'GET',
  path: '/api/public/similar/:id',
  input: z.object({ id: EntityId, k: K }),
  output: z.object({
    id: z.string(),
    embedded: z.boolean().describe('Whether this entity has a vector; without one it has no peers yet'),
    hits: z.array(ScoredHitSchema).describe('Nearest entities first; score is the cosine similarity (0..1)'),
    coverage: CoverageSchema,
    note: z.string().nullable(),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus }, { id, k }) {
    const ix = requireEntity(corpus, id);
    const semantic = corpus.semantic;
    const coverage = semantic.coverage();
    if (!semantic.isEmbedded(ix)) {
      return {
        id,
        embedded: false,
        hits: [],
        coverage,
        note: 'this entity is not embedded yet, so it has no peers here; it will be embedded in the background (see coverage). Use search_entities and get_entity meanwhile',
      };
    }
    const own = corpus.entities.cluster(ix);
    const hits = neighbourHits(
      corpus,
      semantic.search(semantic.vector(own), k, (label) => label !== own),
    );
    return { id, embedded: true, hits, coverage, note: coverageNote(coverage) };
  },
});
