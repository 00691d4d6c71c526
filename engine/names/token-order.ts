// The two index orders FuzzyVocabulary binary-searches, derived in linear time from the sorted token list.

export interface TokenOrders {
  /** Positions `bucketStart[L]` up to `bucketStart[L + 1]` hold the tokens of length L, in both orders. */
  readonly bucketStart: Uint32Array;
  /** Indices into the sorted list, ordered by (length, token): a prefix is one contiguous run per length. */
  readonly byPrefix: Uint32Array;
  /** Indices into the sorted list, ordered by (length, token read backwards): a suffix is one run per length. */
  readonly bySuffix: Uint32Array;
}

/**
 * Builds both orders. Bucketing by length first means a lookup only ever scans tokens of a plausible length, so a
 * two-letter prefix on a vocabulary of millions is still a short run. Indices (4 bytes each) rather than a second
 * array of reversed strings keep the extra memory at 8 bytes per token.
 */
export function buildTokenOrders(sorted: readonly string[]): TokenOrders {
  const n = sorted.length;
  let maxLength = 0;
  for (const token of sorted) if (token.length > maxLength) maxLength = token.length;

  const bucketStart = new Uint32Array(maxLength + 2);
  for (const token of sorted) bucketStart[token.length + 1] = (bucketStart[token.length + 1] ?? 0) + 1;
  for (let length = 1; length < bucketStart.length; length++) {
    bucketStart[length] = (bucketStart[length] ?? 0) + (bucketStart[length - 1] ?? 0);
  }

  // A stable counting sort by length keeps the lexicographic order inside each bucket.
  const byPrefix = new Uint32Array(n);
  const next = bucketStart.slice(0, maxLength + 1);
  for (let i = 0; i < n; i++) {
    const length = (sorted[i] ?? '').length;
    const at = next[length] ?? 0;
    byPrefix[at] = i;
    next[length] = at + 1;
  }

  const bySuffix = byPrefix.slice();
  const scratch = new Uint32Array(n);
  for (let length = 1; length <= maxLength; length++) {
    sortBucketBySuffix(sorted, bySuffix, bucketStart[length] ?? 0, bucketStart[length + 1] ?? 0, length, scratch);
  }
  return { bucketStart, byPrefix, bySuffix };
}

const BYTE = 256;

/**
 * Orders one bucket of equal-length tokens by their reversed text. LSD radix sort: one stable counting pass per
 * character position, first character first, since read backwards it is the least significant. The characters
 * are first copied into one contiguous byte buffer, because reading them from scattered strings on every pass
 * costs a cache miss per token per pass. A bucket with a character beyond U+00FF (never the case for folded
 * tokens) falls back to a comparison sort.
 */
function sortBucketBySuffix(
  sorted: readonly string[],
  order: Uint32Array,
  start: number,
  end: number,
  length: number,
  scratch: Uint32Array,
): void {
  const m = end - start;
  if (m < 2) return;
  const keys = new Uint8Array(m * length);
  for (let row = 0; row < m; row++) {
    const token = sorted[order[start + row] ?? 0] ?? '';
    for (let position = 0; position < length; position++) {
      const code = token.charCodeAt(position);
      if (code >= BYTE) {
        order.subarray(start, end).sort((a, b) => compareReversed(sorted[a] ?? '', sorted[b] ?? ''));
        return;
      }
      keys[row * length + position] = code;
    }
  }
  // Sort local row numbers, then translate them back to vocabulary indices.
  let rows: Uint32Array = new Uint32Array(m);
  let spare: Uint32Array = scratch.subarray(0, m);
  for (let row = 0; row < m; row++) rows[row] = row;
  const counts = new Uint32Array(BYTE + 1);
  for (let position = 0; position < length; position++) {
    counts.fill(0);
    for (let i = 0; i < m; i++) {
      const code = keys[(rows[i] ?? 0) * length + position] ?? 0;
      counts[code + 1] = (counts[code + 1] ?? 0) + 1;
    }
    for (let c = 1; c <= BYTE; c++) counts[c] = (counts[c] ?? 0) + (counts[c - 1] ?? 0);
    for (let i = 0; i < m; i++) {
      const row = rows[i] ?? 0;
      const code = keys[row * length + position] ?? 0;
      const at = counts[code] ?? 0;
      spare[at] = row;
      counts[code] = at + 1;
    }
    const sortedRows = spare;
    spare = rows;
    rows = sortedRows;
  }
  const original = order.slice(start, end);
  for (let i = 0; i < m; i++) order[start + i] = original[rows[i] ?? 0] ?? 0;
}

/** Compares two strings read from their last character backwards (shorter first on a common suffix). */
export function compareReversed(a: string, b: string): number {
  let i = a.length - 1;
  let j = b.length - 1;
  for (; i >= 0 && j >= 0; i--, j--) {
    const d = a.charCodeAt(i) - b.charCodeAt(j);
    if (d !== 0) return d;
  }
  return i - j;
}
