// GET /api/public/semantic-search: entities by a natural-language description, over the embedded part of the corpus.
import { z } from 'zod';
import { ENTITY_TYPES } from '../../model/records.js';
import { ScoredHitSchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { Jurisdiction, Query } from '../contract/params.js';
import { COVERAGE_CAVEAT, CoverageSchema, K, KindParam, coverageNote, neighbourHits } from '../views/semantic-views.js';

export const semanticSearch = defineCapability({
  tool: 'semantic_search',
  title: 'Semantic search',
  description:
    'Find entities by what they are rather than what they are called: a natural-language description such as "Syrian arms procurement network" ' +
    'or "Cyprus holding company of a Russian businessman" is matched against what the records say (sanctions programmes and remarks, positions, ' +
    'business activity, roles, jurisdictions and nationalities, leak sources, addresses, owners). Records of one real-world entity answer once. ' +
    `Filter with kind (Company, Person, Asset) and juris (ISO-2). ${COVERAGE_CAVEAT}`,
  method: 'GET',
  path: '/api/public/semantic-search',
  input: z.object({
    q: Query.describe(
      'A natural-language description, e.g. "offshore shell company registered in the British Virgin Islands"',
    ),
    k: K,
    kind: KindParam.optional(),
    juris: Jurisdiction.optional(),
  }),
  output: z.object({
    hits: z
      .array(ScoredHitSchema)
      .describe('Nearest entities first; score is the cosine similarity of the descriptions (0..1)'),
    coverage: CoverageSchema,
    note: z.string().nullable().describe('Why an answer may be thin: partial coverage, or a query with no known word'),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus }, input) {
    const semantic = corpus.semantic;
    const coverage = semantic.coverage();
    const query = semantic.embedder?.embed([{ text: input.q, weight: 1 }]) ?? null;
    if (query === null) {
      return {
        hits: [],
        coverage,
        note: 'no word of the query is known to the semantic model (names are not, by design): use search_entities to search by name',
      };
    }
    const { entities } = corpus;
    const type = input.kind === undefined ? -1 : ENTITY_TYPES.indexOf(input.kind);
    const juris = input.juris === undefined ? -1 : (entities.jurisdictions.find(input.juris) ?? -2);
    const accept =
      type === -1 && juris === -1
        ? undefined
        : (label: number): boolean =>
            (type === -1 || entities.typeCode(label) === type) &&
            (juris === -1 || entities.jurisdictionCode(label) === juris);
    const hits = juris === -2 ? [] : neighbourHits(corpus, semantic.search(query, input.k, accept));
    return { hits, coverage, note: coverageNote(coverage) };
  },
});
