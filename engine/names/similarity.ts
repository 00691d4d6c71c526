// How alike two normalised names are, 0..1: order-free token matching with typo tolerance, then legal forms.
import { boundedOsaDistance, maxEditsFor } from './edit-distance.js';
import type { NormalisedName } from './normalise.js';
import { alignedWords } from './word-alignment.js';

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
  return alignedWords(query.core, candidate.core, tokenScore, RECALL_BETA_SQUARED);
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

/**
 * How alike two names are read with their word breaks removed, for names that sound alike: 0.95 when the letters
 * are the same (Xi Jinping and 习近平, read "xi jin ping"), else by the share of letters kept in order, scaled to at
 * most 0.8 (Kim Jong Un and 김정은, read "gimjeongeun"). Never 1: the words themselves did not agree. 0 when it is
 * not above `above`, which the caller would not take.
 */
export function runTogetherSimilarity(query: NormalisedName, candidate: NormalisedName, above = 0): number {
  const a = query.core.join('');
  const b = candidate.core.join('');
  if (a === '' || b === '') return 0;
  if (a === b) return RUN_TOGETHER_EQUAL;
  // A caller that only takes more than `above` needs the letters' overlap only from above / 0.8 up.
  const floor = above / RUN_TOGETHER_SOUNDING;
  return floor >= 1 ? 0 : RUN_TOGETHER_SOUNDING * letterOverlapFrom(a, b, floor);
}

/** The share of two strings' letters that their longest common subsequence keeps, 0..1 (Dice on subsequences). */
export function letterOverlap(a: string, b: string): number {
  if (a === '' || b === '') return 0;
  return (2 * longestCommonSubsequence(a, b)) / (a.length + b.length);
}

/**
 * `letterOverlap` when it reaches `floor`, else 0; most pairs of different words are told apart by counting their
 * shared letters (which the common subsequence cannot exceed) without filling its table.
 */
export function letterOverlapFrom(a: string, b: string, floor: number): number {
  if (a === '' || b === '') return 0;
  const counts = letterCounts;
  for (let i = 0; i < a.length; i++) {
    const c = a.charCodeAt(i) & 127;
    counts[c] = (counts[c] ?? 0) + 1;
  }
  let shared = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b.charCodeAt(i) & 127;
    const left = counts[c] ?? 0;
    if (left > 0) {
      counts[c] = left - 1;
      shared++;
    }
  }
  counts.fill(0);
  if ((2 * shared) / (a.length + b.length) < floor) return 0;
  const overlap = letterOverlap(a, b);
  return overlap >= floor ? overlap : 0;
}

/** Letter counts of one string, kept between calls of `letterOverlapFrom` (zeroed after each). */
const letterCounts = new Int16Array(128);

/** Two names whose letters are the same once the word breaks are gone. */
export const RUN_TOGETHER_EQUAL = 0.95;
const RUN_TOGETHER_SOUNDING = 0.8;

/** Rows of the subsequence table, kept between calls: names are short, and a comparison should not allocate. */
let previousRow = new Uint16Array(64);
let currentRow = new Uint16Array(64);

/** The longest second string whose subsequence table fits one integer's bits (bit-parallel below). */
const BIT_PARALLEL_LENGTH = 30;
/** Each character code's positions in the second string, as bits; zeroed after each use. */
const positions = new Int32Array(128);

/**
 * Length of the longest common subsequence of two short strings. A second string of up to 30 characters holds its
 * table's row in the bits of one integer (Hyyrö's bit-parallel algorithm: a step per character of the first string,
 * not per cell); a longer one fills the rows.
 */
function longestCommonSubsequence(a: string, b: string): number {
  if (b.length > BIT_PARALLEL_LENGTH || !isAscii(b) || !isAscii(a)) return tableSubsequence(a, b);
  for (let j = 0; j < b.length; j++) {
    const c = b.charCodeAt(j);
    positions[c] = (positions[c] ?? 0) | (1 << j);
  }
  const all = (1 << b.length) - 1;
  let row = all;
  for (let i = 0; i < a.length; i++) {
    const matched = row & (positions[a.charCodeAt(i)] ?? 0);
    row = ((row + matched) | (row - matched)) & all;
  }
  for (let j = 0; j < b.length; j++) positions[b.charCodeAt(j)] = 0;
  // Each zero bit of the row is one character of the subsequence.
  return b.length - bitCount(row);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The subsequence's length by its table, a row at a time. */
function tableSubsequence(a: string, b: string): number {
  if (previousRow.length <= b.length) {
    previousRow = new Uint16Array(b.length * 2 + 1);
    currentRow = new Uint16Array(b.length * 2 + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  previous.fill(0, 0, b.length + 1);
  current.fill(0, 0, b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const x = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++)
      current[j] =
        x === b.charCodeAt(j - 1) ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}
