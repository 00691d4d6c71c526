// Two names' words, each matched to its best counterpart on the other side, as one F-measure.

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
  const columnBest = new Float64Array(to.length);
  let recallSum = 0;
  for (const a of from) {
    let rowBest = 0;
    for (let j = 0; j < to.length; j++) {
      const s = score(a, to[j] ?? '');
      if (s > rowBest) rowBest = s;
      if (s > (columnBest[j] ?? 0)) columnBest[j] = s;
    }
    recallSum += rowBest;
  }
  let precisionSum = 0;
  for (const s of columnBest) precisionSum += s;
  const recall = recallSum / from.length;
  const precision = precisionSum / to.length;
  if (recall === 0 || precision === 0) return 0;
  return ((1 + betaSquared) * precision * recall) / (betaSquared * precision + recall);
}
