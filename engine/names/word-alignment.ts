// Two names' words, each matched to its best counterpart on the other side.

/** Each word's best score against the other side's words, for both sides. */
export interface Counterparts {
  from: Float64Array;
  to: Float64Array;
}

export function bestCounterparts(
  from: readonly string[],
  to: readonly string[],
  score: (a: string, b: string) => number,
): Counterparts {
  const fromBest = new Float64Array(from.length);
  const toBest = new Float64Array(to.length);
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

const mean = (xs: Float64Array): number => {
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
 */
export function pairedCounterparts(
  from: readonly string[],
  to: readonly string[],
  score: (a: string, b: string) => number,
): Counterparts {
  const pairs: Array<{ i: number; j: number; s: number }> = [];
  for (let i = 0; i < from.length; i++) {
    const a = from[i] ?? '';
    for (let j = 0; j < to.length; j++) {
      const s = score(a, to[j] ?? '');
      if (s > 0) pairs.push({ i, j, s });
    }
  }
  // Best first; between equals, words at the same place first, then in the order written.
  pairs.sort((p, q) => q.s - p.s || Math.abs(p.i - p.j) - Math.abs(q.i - q.j) || p.i - q.i || p.j - q.j);
  const fromBest = new Float64Array(from.length);
  const toBest = new Float64Array(to.length);
  const fromTaken = new Uint8Array(from.length);
  const toTaken = new Uint8Array(to.length);
  for (const { i, j, s } of pairs) {
    if (fromTaken[i] === 1 || toTaken[j] === 1) continue;
    fromTaken[i] = 1;
    toTaken[j] = 1;
    fromBest[i] = s;
    toBest[j] = s;
  }
  return { from: fromBest, to: toBest };
}
