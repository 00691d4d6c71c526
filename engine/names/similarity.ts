// How alike two normalised names are, 0..1: order-free token matching with typo tolerance, then legal forms.
import { boundedOsaDistance, maxEditsFor } from './edit-distance.js';
import type { NormalisedName } from './normalise.js';

/** Token scores: a typo costs more than a truncated query ("gazpro"), which is usually someone typing ahead. */
const EXACT = 1;
const PREFIX = 0.85;
const ONE_EDIT = 0.8;
const TWO_EDITS = 0.6;
/** Shortest query token that counts as a prefix of a longer one: below 4 letters a prefix says little. */
const MIN_PREFIX_LENGTH = 4;
/**
 * Weight of recall (query words found) over precision (candidate words matched), as the β of an F-measure.
 * With β = 2 an extra candidate word costs a little (Gazprom vs Gazprom Neft: 0.83), a missing one a lot.
 */
const RECALL_BETA_SQUARED = 4;
/**
 * Share of the score decided by legal forms: score = core × 0.97, plus 0.03 when the forms agree (or the query
 * names none). "Acme Ltd" thus outranks "Acme Inc" for the query "Acme Limited", and a one-letter typo in the
 * core costs more than a different legal form.
 */
const LEGAL_WEIGHT = 0.03;

/** Score of query token `q` against candidate token `c`; the prefix rule applies only when `q` is the shorter. */
function tokenScore(q: string, c: string): number {
  if (q === c) return EXACT;
  let score = 0;
  if (q.length >= MIN_PREFIX_LENGTH && c.length > q.length && c.startsWith(q)) score = PREFIX;
  const k = maxEditsFor(Math.min(q.length, c.length));
  if (k > 0 && score < ONE_EDIT) {
    // boundedOsaDistance answers k + 1 for "too far", so the distance only counts within k.
    const distance = boundedOsaDistance(q, c, k);
    if (distance <= k) {
      if (distance === 1) score = ONE_EDIT;
      else if (distance === 2 && score < TWO_EDITS) score = TWO_EDITS;
    }
  }
  return score;
}

/** Recall-weighted F-measure of best-match token scores in both directions; 1 when the keys are equal. */
function coreSimilarity(query: NormalisedName, candidate: NormalisedName): number {
  if (query.key === candidate.key) return 1;
  const qs = query.core;
  const cs = candidate.core;
  const columnBest = new Float64Array(cs.length);
  let recallSum = 0;
  for (const q of qs) {
    let rowBest = 0;
    for (let j = 0; j < cs.length; j++) {
      const score = tokenScore(q, cs[j] ?? '');
      if (score > rowBest) rowBest = score;
      if (score > (columnBest[j] ?? 0)) columnBest[j] = score;
    }
    recallSum += rowBest;
  }
  let precisionSum = 0;
  for (const score of columnBest) precisionSum += score;
  const recall = recallSum / qs.length;
  const precision = precisionSum / cs.length;
  if (recall === 0 || precision === 0) return 0;
  return ((1 + RECALL_BETA_SQUARED) * precision * recall) / (RECALL_BETA_SQUARED * precision + recall);
}

/**
 * Similarity of a candidate name to a query, in 0..1. Word order does not matter; each word is matched to its
 * best counterpart (exact, prefix, one or two edits). Legal forms then decide within the remaining 3%: the full
 * share when the query names none or the candidate has all the query's, nothing otherwise. Equal keys with
 * agreeing legal forms score exactly 1.
 */
export function nameSimilarity(query: NormalisedName, candidate: NormalisedName): number {
  if (query.core.length === 0 || candidate.core.length === 0) return 0;
  const core = coreSimilarity(query, candidate);
  const agree = query.legal.every((code) => candidate.legal.includes(code));
  if (!agree) return core * (1 - LEGAL_WEIGHT);
  // Stated separately so that equal names with agreeing forms are exactly 1, whatever the float rounding.
  return core === 1 ? 1 : core * (1 - LEGAL_WEIGHT) + LEGAL_WEIGHT;
}
