// Two names' words, each matched to its best counterpart on the other side.

/** Each word's best score against the other side's words, for both sides. */
export interface Counterparts {
  from: number[];
  to: number[];
}

/** `length` zeros: a plain array of numbers, which costs less to make than a typed array of a few elements. */
const zeros = (length: number): number[] => new Array<number>(length).fill(0);

export function bestCounterparts(
  from: readonly string[],
  to: readonly string[],
  score: (a: string, b: string) => number,
): Counterparts {
  const fromBest = zeros(from.length);
  const toBest = zeros(to.length);
  for (let i = 0; i < from.length; i++) {
    const a = from[i] ?? '';
    for (let j = 0; j < to.length; j++) {
      const s = score(a, to[j] ?? '');
      if (s > (fromBest[i] ?? 0)) fromBest[i] = s;
      if (s > (toBest[j] ?? 0)) toBest[j] = s;
    }
  }
  return { from: fromBest, to: toBest };
}

const mean = (xs: readonly number[]): number => {
  let sum = 0;
  for (const x of xs) sum += x;
  return xs.length === 0 ? 0 : sum / xs.length;
};

/**
 * The F-measure of best-match word scores in both directions: `recall` is the mean over `from` of each word's best
 * score against `to`, `precision` the mean over `to`. β² > 1 weighs recall more: a word of `from` missing costs
 * more than an extra word of `to`.
 */
export function alignedWords(
  from: readonly string[],
  to: readonly string[],
  score: (a: string, b: string) => number,
  betaSquared: number,
): number {
  if (from.length === 0 || to.length === 0) return 0;
  const best = bestCounterparts(from, to, score);
  const recall = mean(best.from);
  const precision = mean(best.to);
  return fMeasure(precision, recall, betaSquared);
}

/** The F-measure of `precision` and `recall`, recall weighing β² times as much; 0 when either is 0. */
export function fMeasure(precision: number, recall: number, betaSquared: number): number {
  if (recall === 0 || precision === 0) return 0;
  return ((1 + betaSquared) * precision * recall) / (betaSquared * precision + recall);
}

/**
 * Each word matched to at most one word of the other side, the best-scoring pairs first: a word of one name
 * accounts for one word of the other, so a name that repeats a word (Hamid Hamad Hamid) does not find all of them
 * in a name that has it once (Hamid). A word left without a partner scores 0.
 *
 * Between equal scores, words at the same place go first, then in the order written. Taking at each step the first
 * pair in that order among the words still free is what walking all pairs sorted would take, without a pair object
 * or a sort: names have a few words, and this runs for every pair of names scored.
 */
export function pairedCounterparts(
  from: readonly string[],
  to: readonly string[],
  score: (a: string, b: string) => number,
): Counterparts {
  const n = from.length;
  const m = to.length;
  const scores = zeros(n * m);
  for (let i = 0; i < n; i++) {
    const a = from[i] ?? '';
    for (let j = 0; j < m; j++) scores[i * m + j] = score(a, to[j] ?? '');
  }
  // A word is taken once it has a partner, whose score is above 0.
  const fromBest = zeros(n);
  const toBest = zeros(m);
  for (let left = Math.min(n, m); left > 0; left--) {
    let bi = -1;
    let bj = -1;
    let bs = 0;
    let bGap = 0;
    for (let i = 0; i < n; i++) {
      if ((fromBest[i] ?? 0) > 0) continue;
      for (let j = 0; j < m; j++) {
        const s = scores[i * m + j] ?? 0;
        if (s <= 0 || s < bs || (toBest[j] ?? 0) > 0) continue;
        const gap = Math.abs(i - j);
        // Scanned in the order written, so an equal score at an equal gap comes later and loses.
        if (s > bs || gap < bGap) {
          bi = i;
          bj = j;
          bs = s;
          bGap = gap;
        }
      }
    }
    if (bi < 0) break;
    fromBest[bi] = bs;
    toBest[bj] = bs;
  }
  return { from: fromBest, to: toBest };
}
