// Typo-tolerant token lookup over a vocabulary of millions: sorted arrays, prefix/suffix ranges, bounded verification.
import { ServiceError } from '../errors/service-error.js';
import { boundedOsaDistance, maxEditsFor } from './edit-distance.js';
import { buildTokenOrders, type TokenOrders } from './token-order.js';

/** Most edits a lookup tolerates; beyond two, names stop resembling each other and the pigeonhole ranges explode. */
export const MAX_DISTANCE = 2;
/** Candidates verified per lookup at most, so a short segment over a huge vocabulary stays bounded. */
export const MAX_CANDIDATES = 5000;

/**
 * Finds vocabulary tokens within a few Damerau–Levenshtein (OSA) edits of a query token.
 *
 * Pigeonhole: with at most k edits, some segment of the query survives intact, and the first and last segments
 * survive in place, as a prefix or a suffix. So the candidates are the tokens, of length within k of the query,
 * that share the query's first segment (a run in the prefix order) or its last segment (a run in the suffix
 * order); each is verified with a bounded edit distance.
 * - k = 1: the query is cut in two halves. A single edit spoils at most one half, except a transposition across
 *   the cut, which is checked directly by swapping the two letters. Recall is complete.
 * - k = 2: the query is cut in thirds and only the outer two are searched (a sorted array cannot find an inner
 *   segment that may have shifted). Every one-edit match is found; a two-edit match is missed only when one edit
 *   falls in the first third and the other in the last. That is the accepted trade-off for a structure that is
 *   two sorted arrays and nothing else.
 * If more than MAX_CANDIDATES tokens would need verifying, the rest are skipped (results may then be incomplete).
 */
export class FuzzyVocabulary {
  readonly #sorted: readonly string[];
  readonly #orders: TokenOrders;

  private constructor(sorted: readonly string[]) {
    this.#sorted = sorted;
    this.#orders = buildTokenOrders(sorted);
  }

  /** Builds from any tokens: de-duplicated, empty strings dropped, sorted by UTF-16 code units. */
  static build(tokens: Iterable<string>): FuzzyVocabulary {
    const unique = new Set<string>();
    for (const token of tokens) if (token !== '') unique.add(token);
    return new FuzzyVocabulary([...unique].sort());
  }

  /** Loads a vocabulary from `serialize()` output without re-sorting; rejects a list that is not strictly ascending. */
  static fromSorted(sorted: readonly string[]): FuzzyVocabulary {
    for (let i = 1; i < sorted.length; i++) {
      const before = sorted[i - 1] ?? '';
      const token = sorted[i] ?? '';
      if (!(before < token)) {
        throw new ServiceError(
          'internal',
          `FuzzyVocabulary.fromSorted: tokens not strictly ascending at index ${i} ("${before}", "${token}")`,
        );
      }
    }
    return new FuzzyVocabulary(sorted);
  }

  /** The sorted token list: the whole serialised form (the other orders are rebuilt in linear time at load). */
  serialize(): readonly string[] {
    return this.#sorted;
  }

  get size(): number {
    return this.#sorted.length;
  }

  has(token: string): boolean {
    return this.#indexOf(token) >= 0;
  }

  /** The token's position in the sorted list, or -1 when it is not in the vocabulary. */
  indexOf(token: string): number {
    return this.#indexOf(token);
  }

  /**
   * Vocabulary tokens within `maxDistance` edits (default by length: none below 4 letters, 1 up to 7, 2 from 8),
   * closest first, then alphabetical. The token itself is included when it is in the vocabulary.
   */
  near(token: string, maxDistance: number = maxEditsFor(token.length)): string[] {
    const k = Math.max(0, Math.min(MAX_DISTANCE, Math.floor(maxDistance)));
    const n = token.length;
    if (k === 0 || n === 0) return this.has(token) ? [token] : [];

    let prefixLength = Math.ceil(n / 2);
    let suffixLength = n - prefixLength;
    if (k === 2 && n - 2 * Math.ceil(n / 3) >= 1) {
      prefixLength = Math.ceil(n / 3);
      suffixLength = prefixLength;
    }

    const found = new Map<number, number>();
    const budget = { left: MAX_CANDIDATES };
    const { bucketStart, byPrefix, bySuffix } = this.#orders;
    const longest = bucketStart.length - 2;
    for (let length = Math.max(1, n - k); length <= Math.min(longest, n + k); length++) {
      const start = bucketStart[length] ?? 0;
      const end = bucketStart[length + 1] ?? 0;
      this.#verify(token, k, byPrefix, start, end, (c) => comparePrefix(c, token, prefixLength), found, budget);
      this.#verify(token, k, bySuffix, start, end, (c) => compareSuffix(c, token, suffixLength), found, budget);
    }
    // A transposition across the cut spoils both outer segments; it is exactly the query with those letters swapped.
    if (prefixLength + suffixLength === n && prefixLength > 0 && suffixLength > 0) {
      const swapped =
        token.slice(0, prefixLength - 1) +
        token.charAt(prefixLength) +
        token.charAt(prefixLength - 1) +
        token.slice(prefixLength + 1);
      if (swapped !== token) {
        const at = this.#indexOf(swapped);
        if (at >= 0 && !found.has(at)) found.set(at, 1);
      }
    }

    return [...found].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([index]) => this.#sorted[index] ?? '');
  }

  /** Verifies the run of `order[start..end)` that `compare` places at 0, within the shared budget. */
  #verify(
    token: string,
    k: number,
    order: Uint32Array,
    start: number,
    end: number,
    compare: (candidate: string) => number,
    found: Map<number, number>,
    budget: { left: number },
  ): void {
    const sorted = this.#sorted;
    const at = (i: number): string => sorted[order[i] ?? 0] ?? '';
    const first = lowerBound(start, end, (i) => compare(at(i)) < 0);
    const last = lowerBound(first, end, (i) => compare(at(i)) <= 0);
    for (let i = first; i < last && budget.left > 0; i++) {
      const index = order[i] ?? 0;
      if (found.has(index)) continue;
      budget.left--;
      const distance = boundedOsaDistance(token, sorted[index] ?? '', k);
      if (distance <= k) found.set(index, distance);
    }
  }

  #indexOf(token: string): number {
    const sorted = this.#sorted;
    const i = lowerBound(0, sorted.length, (mid) => (sorted[mid] ?? '') < token);
    return sorted[i] === token ? i : -1;
  }
}

/** First position in [lo, hi) where `before` turns false (`before` must be true then false along the range). */
function lowerBound(lo: number, hi: number, before: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Orders `candidate` against the first `length` letters of `token`: 0 when it starts with them. */
function comparePrefix(candidate: string, token: string, length: number): number {
  for (let i = 0; i < length; i++) {
    if (i >= candidate.length) return -1;
    const d = candidate.charCodeAt(i) - token.charCodeAt(i);
    if (d !== 0) return d;
  }
  return 0;
}

/** Orders `candidate` (read backwards) against the last `length` letters of `token`: 0 when it ends with them. */
function compareSuffix(candidate: string, token: string, length: number): number {
  const c = candidate.length - 1;
  const t = token.length - 1;
  for (let i = 0; i < length; i++) {
    if (c - i < 0) return -1;
    const d = candidate.charCodeAt(c - i) - token.charCodeAt(t - i);
    if (d !== 0) return d;
  }
  return 0;
}
