// POST /api/public/resolve: a batch of names or identifiers to canonical entity ids, each with a confidence.
import { z } from 'zod';
import { MAX_RESOLVE_BATCH } from '../config.js';
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { isIdentifierScheme, normaliseIdentifier } from '../../identifiers/index.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { missing } from '../../errors/missing.js';

/** Hard ceiling of the schema; each caller's own limit (25 anonymous, 100 keyed) is checked in `run`. */
export const MAX_BATCH = MAX_RESOLVE_BATCH;

const METHODS = ['identifier', 'exact', 'fuzzy', 'none'] as const;
type Method = (typeof METHODS)[number];

const ResultSchema = z.object({
  query: z.string(),
  id: z.string().nullable().describe('Canonical id of the resolved entity cluster'),
  name: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  method: z.enum(METHODS),
});
type Result = z.infer<typeof ResultSchema>;

/**
 * Confidence is meant to read as "how sure is it that this is the entity you meant":
 * - identifier: 1 — the identifier names exactly one record.
 * - exact: 0.95 when the normalised name belongs to one real-world entity; split evenly between the
 *   entities when several distinct ones share the name (two → 0.475), because nothing tells them apart.
 * - fuzzy: the name similarity (≥ 0.75 to count) scaled by 0.9, reduced when a runner-up is nearly as
 *   good, because then the query does not single out one entity.
 */
const EXACT_CONFIDENCE = 0.95;
const FUZZY_MIN = 0.75;
const FUZZY_SCALE = 0.9;

const round = (x: number): number => Math.round(x * 1000) / 1000;

function resolveOne(corpus: Corpus, query: string): Result {
  const { entities } = corpus;
  const answer = (ix: number, confidence: number, method: Method): Result => {
    const canonical = entities.cluster(ix);
    return {
      query,
      id: entities.ids[canonical] ?? missing('entity id'),
      name: entities.names[canonical] ?? missing('entity name'),
      confidence: round(confidence),
      method,
    };
  };
  const q = query.trim();
  const colon = q.indexOf(':');
  if (colon > 0 && isIdentifierScheme(q.slice(0, colon).toLowerCase())) {
    const scheme = q.slice(0, colon).toLowerCase();
    const r = isIdentifierScheme(scheme) ? normaliseIdentifier(scheme, q.slice(colon + 1)) : null;
    const ix = r?.ok === true ? corpus.identifiers.get(scheme, r.value) : undefined;
    return ix === undefined
      ? { query, id: null, name: null, confidence: 0, method: 'none' }
      : answer(ix, 1, 'identifier');
  }
  const byIdentifier = identifierMatches(corpus, q)[0];
  if (byIdentifier !== undefined) return answer(byIdentifier, 1, 'identifier');

  const exact = corpus.names.exact(q);
  const firstExact = exact[0];
  if (firstExact !== undefined) {
    const clusters = new Set(exact.map((ix) => entities.cluster(ix)));
    // Among namesakes, prefer the one whose legal form also matches: search ranks it first.
    const ranked = corpus.names.search(q, 1)[0]?.entity;
    const best = ranked !== undefined && exact.includes(ranked) ? ranked : firstExact;
    return answer(best, EXACT_CONFIDENCE / clusters.size, 'exact');
  }
  const [first, second] = corpus.names.search(q, 2);
  if (first === undefined || first.score < FUZZY_MIN)
    return { query, id: null, name: null, confidence: 0, method: 'none' };
  const margin =
    second === undefined || entities.cluster(second.entity) === entities.cluster(first.entity)
      ? 1
      : Math.min(1, 0.5 + (first.score - second.score) * 5);
  return answer(first.entity, first.score * FUZZY_SCALE * margin, 'fuzzy');
}

export const resolve = defineCapability({
  tool: 'resolve',
  title: 'Resolve names and identifiers',
  description:
    'Resolve a batch of names or scheme:value identifiers (lei:…, gb-coh:…, ofac:…) to canonical entity ids, in the order given, ' +
    'each with a method (identifier, exact, fuzzy, none) and a confidence from 0 to 1: 1 for an identifier, 0.95 for a unique exact name, ' +
    'lower when namesakes share the name or the match is fuzzy. Batch limit: 25 anonymous, 100 with an API key.',
  method: 'POST',
  path: '/api/public/resolve',
  input: z.object({
    queries: z.array(z.string().min(1).max(300)).min(1).max(MAX_BATCH).describe('Names or scheme:value identifiers'),
  }),
  output: z.object({ results: z.array(ResultSchema) }),
  cost: 1,
  errors: [413],
  annotations: READ_ONLY,
  run({ corpus, caller, config }, { queries }) {
    if (queries.length > caller.batchLimit) {
      throw new ServiceError(
        'batch_too_large',
        `a resolve batch of ${queries.length} queries exceeds this caller's limit of ${caller.batchLimit}${caller.keyed ? '' : ` (anonymous; an API key allows ${config.limits.keyedBatch})`}`,
        'queries',
      );
    }
    return { results: queries.map((q) => resolveOne(corpus, q)) };
  },
});
