// POST /api/public/resolve: a batch of names or identifiers to canonical entity ids, each with a confidence.
import { z } from 'zod';
import { MAX_RESOLVE_BATCH } from '../config.js';
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { isIdentifierScheme, normaliseIdentifier } from '../../identifiers/index.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { missing } from '../../errors/missing.js';
import { MAX_NAMES } from '../../resolution/link-score.js';
import { subjectKindOf } from '../../resolution/subject-kind.js';
import type { WordRarity } from '../../resolution/word-rarity.js';
import { MATCH_SCORE_THRESHOLD, scoreMatch, type Explanations } from '../../resolution/match-scorer.js';

/** How the scorer reads an entity: vessels are assets with an IMO number or a vessel's topics. */

/** The best-scoring candidate so far, and the clusters that score as well (namesakes share the confidence). */
class BestCandidate {
  entity = -1;
  score = -1;
  explanations: Explanations = {};
  readonly clustersAtBest = new Set<number>();

  offer(entity: number, cluster: number, score: number, explanations: Explanations): void {
    if (score > this.score) {
      this.entity = entity;
      this.score = score;
      this.explanations = explanations;
      this.clustersAtBest.clear();
    }
    if (score === this.score) this.clustersAtBest.add(cluster);
  }
}

/** Hard ceiling of the schema; each caller's own limit (25 anonymous, 100 keyed) is checked in `run`. */
export const MAX_BATCH = MAX_RESOLVE_BATCH;

const METHODS = ['identifier', 'exact', 'fuzzy', 'none'] as const;
type Method = (typeof METHODS)[number];

const FeatureSchema = z.object({
  score: z.number().min(0).max(1),
  detail: z.string(),
});

const ResultSchema = z.object({
  query: z.string(),
  id: z.string().nullable().describe('Canonical id of the resolved entity cluster'),
  name: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  method: z.enum(METHODS),
  explanations: z
    .record(z.string(), FeatureSchema)
    .describe('What each feature of the best candidate contributed: feature name → { score, detail }'),
});
type Result = z.infer<typeof ResultSchema>;

/**
 * The least match score answered with an id when the caller gives none: chosen on the tuning half of the labelled
 * name pairs as the lowest at which precision reaches 99 % (bench/RESULTS.md, "Name matching").
 */
export const DEFAULT_THRESHOLD = MATCH_SCORE_THRESHOLD;
/** Candidates scored per query: the name index's best, and every exact namesake up to this many. */
const CANDIDATES = 10;

const round = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Confidence is meant to read as "how sure is it that this is the entity you meant":
 * - identifier: 1, the identifier names exactly one record.
 * - otherwise the match score of the best candidate (its features in `explanations`), shared among the
 *   distinct entities that score as well (two namesakes → half each): nothing then tells them apart.
 */
function resolveOne(corpus: Corpus, query: string, threshold: number): Result {
  const { entities } = corpus;
  const none = (explanations: Explanations = {}): Result => ({
    query,
    id: null,
    name: null,
    confidence: 0,
    method: 'none',
    explanations,
  });
  const answer = (ix: number, confidence: number, method: Method, explanations: Explanations): Result => {
    const canonical = entities.cluster(ix);
    return {
      query,
      id: entities.ids.at(canonical) ?? missing('entity id'),
      name: entities.names.at(canonical) ?? missing('entity name'),
      confidence: round(confidence),
      method,
      explanations,
    };
  };
  const q = query.trim();
  const colon = q.indexOf(':');
  if (colon > 0 && isIdentifierScheme(q.slice(0, colon).toLowerCase())) {
    const scheme = q.slice(0, colon).toLowerCase();
    const r = isIdentifierScheme(scheme) ? normaliseIdentifier(scheme, q.slice(colon + 1)) : null;
    const ix = r?.ok === true ? corpus.identifiers.get(scheme, r.value) : undefined;
    if (ix === undefined) return none({ identifier: { score: 0, detail: `no record carries ${q}` } });
    return answer(ix, 1, 'identifier', {
      identifier: { score: 1, detail: `${scheme}:${r?.ok === true ? r.value : ''}` },
    });
  }
  const byIdentifier = identifierMatches(corpus, q)[0];
  if (byIdentifier !== undefined)
    return answer(byIdentifier, 1, 'identifier', {
      identifier: { score: 1, detail: `the query is an identifier of this record` },
    });

  const exact = new Set(corpus.names.exact(q, CANDIDATES));
  // Words weigh by how many of the corpus's names carry them.
  const rarity: WordRarity = { weight: (word) => corpus.names.wordWeight(word) };
  const top = new BestCandidate();
  const consider = (entity: number): void => {
    const record = entities.record(entity);
    const scored = scoreMatch(
      { kind: 'any', names: [q] },
      { kind: subjectKindOf(record), names: [record.name, ...record.aliases].slice(0, MAX_NAMES) },
      rarity,
    );
    top.offer(entity, entities.cluster(entity), scored.score, scored.explanations);
  };
  for (const entity of exact) consider(entity);
  // A record carrying the query's very words that the scorer finds certain cannot be outscored: the fuzzy search,
  // most of a query's cost, is for queries no namesake answers so.
  if (top.score < 1)
    for (const match of corpus.names.search(q, CANDIDATES)) if (!exact.has(match.entity)) consider(match.entity);
  if (top.entity < 0 || top.score < threshold) return none(top.entity < 0 ? undefined : top.explanations);
  const method = exact.has(top.entity) ? 'exact' : 'fuzzy';
  return answer(top.entity, top.score / top.clustersAtBest.size, method, top.explanations);
}

export const resolve = defineCapability({
  tool: 'resolve',
  title: 'Resolve names and identifiers',
  description:
    'Resolve a batch of names or scheme:value identifiers (lei:…, gb-coh:…, ofac:…) to canonical entity ids, in the order given, ' +
    'each with a method (identifier, exact, fuzzy, none), a confidence from 0 to 1 (1 for an identifier, else the match score, ' +
    'shared among namesakes that score as well) and explanations (feature → { score, detail }). Names in any script are compared ' +
    'with their romanisations. An optional threshold (0–1) sets the least score answered with an id. ' +
    'Batch limit: 25 anonymous, 100 with an API key.',
  method: 'POST',
  path: '/api/public/resolve',
  input: z.object({
    queries: z.array(z.string().min(1).max(300)).min(1).max(MAX_BATCH).describe('Names or scheme:value identifiers'),
    threshold: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe(
        `The least match score answered with an id (default ${DEFAULT_THRESHOLD}); below it the answer is null`,
      ),
  }),
  output: z.object({ results: z.array(ResultSchema) }),
  cost: 1,
  errors: [413],
  annotations: READ_ONLY,
  run({ corpus, caller, config }, { queries, threshold }) {
    if (queries.length > caller.batchLimit) {
      throw new ServiceError(
        'batch_too_large',
        `a resolve batch of ${queries.length} queries exceeds this caller's limit of ${caller.batchLimit}${caller.keyed ? '' : ` (anonymous; an API key allows ${config.limits.keyedBatch})`}`,
        'queries',
      );
    }
    return { results: queries.map((q) => resolveOne(corpus, q, threshold ?? DEFAULT_THRESHOLD)) };
  },
});
