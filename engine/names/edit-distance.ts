// Bounded Damerau–Levenshtein (optimal string alignment) distance, and how many edits a token of a given length may take.

/** Query tokens shorter than this get no fuzzy matching: at 3 letters one edit reaches too many unrelated words. */
export const MIN_FUZZY_LENGTH = 4;
/** From this length two edits are tolerated; below it, one. */
export const TWO_EDIT_LENGTH = 8;

/** Edits tolerated for a token of `length` characters: 0 below 4, 1 for 4–7, 2 from 8. */
export function maxEditsFor(length: number): number {
  if (length < MIN_FUZZY_LENGTH) return 0;
  return length < TWO_EDIT_LENGTH ? 1 : 2;
}

// Three reusable DP rows (two rows back are needed for transpositions); grown on demand, never shrunk, so the
// hot verification loop allocates nothing.
let rowPrev2 = new Int32Array(64);
let rowPrev = new Int32Array(64);
let rowCur = new Int32Array(64);

/**
 * OSA distance between `a` and `b` when it is at most `max`, otherwise `max + 1`. Only the diagonal band
 * |i − j| ≤ max is computed, and the computation stops as soon as a whole row exceeds `max`, so rejecting a
 * candidate usually costs a few rows of at most 2·max + 1 cells.
 */
export function boundedOsaDistance(a: string, b: string, max: number): number {
  const over = max + 1;
  if (Math.abs(a.length - b.length) > max) return over;
  if (a === b) return 0;
  // Equal leading and trailing letters never need an edit; dropping them first leaves a one-letter typo as a
  // one-cell problem. Candidates found by prefix or suffix share at least half the query this way.
  let from = 0;
  let aEnd = a.length;
  let bEnd = b.length;
  while (from < aEnd && from < bEnd && a.charCodeAt(from) === b.charCodeAt(from)) from++;
  while (aEnd > from && bEnd > from && a.charCodeAt(aEnd - 1) === b.charCodeAt(bEnd - 1)) {
    aEnd--;
    bEnd--;
  }
  // The DP below reads a[from .. aEnd) and b[from .. bEnd) by offset: no substring is allocated.
  const la = aEnd - from;
  const lb = bEnd - from;
  if (la === 0 || lb === 0) return Math.max(la, lb) <= max ? Math.max(la, lb) : over;
  if (rowCur.length < lb + 2) {
    const size = lb + 2;
    rowPrev2 = new Int32Array(size);
    rowPrev = new Int32Array(size);
    rowCur = new Int32Array(size);
  }
  let prev2 = rowPrev2;
  let prev = rowPrev;
  let cur = rowCur;
  for (let j = 0; j <= lb; j++) prev[j] = j <= max ? j : over;
  prev[lb + 1] = over;

  for (let i = 1; i <= la; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(lb, i + max);
    cur[0] = i <= max ? i : over;
    // Sentinels just outside the band: the next row reads them and must see "too far".
    cur[lo - 1] = lo > 1 ? over : cur[0];
    cur[hi + 1] = over;
    const ca = a.charCodeAt(from + i - 1);
    const caPrev = i > 1 ? a.charCodeAt(from + i - 2) : -1;
    let rowMin = lo === 1 ? cur[0] : over;
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(from + j - 1);
      let v = (prev[j - 1] ?? over) + (ca === cb ? 0 : 1);
      const del = (prev[j] ?? over) + 1;
      const ins = (cur[j - 1] ?? over) + 1;
      if (del < v) v = del;
      if (ins < v) v = ins;
      if (j > 1 && ca === b.charCodeAt(from + j - 2) && caPrev === cb) {
        const swap = (prev2[j - 2] ?? over) + 1;
        if (swap < v) v = swap;
      }
      if (v > over) v = over;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return over;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  const distance = prev[lb] ?? over;
  return distance <= max ? distance : over;
}
