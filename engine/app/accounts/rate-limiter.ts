// Per-caller request rate limits: a sliding-window counter per bucket, in bounded memory.
//
// Each bucket counts requests in its current fixed window and remembers the previous window's count; the rate is
// estimated as previous × (share of the previous window still inside the last minute) + current. So a burst of
// `limit` requests is allowed, request `limit + 1` within a minute of the first is refused, and the budget comes
// back gradually over the following minute rather than all at once on a clock-minute boundary. Windows start at a
// bucket's first request, not on the wall clock, so that "61 requests in a minute" is refused however the minute
// falls. Memory: O(1) per bucket; idle buckets (two windows without a request) are swept out, and past `maxBuckets`
// the oldest buckets are dropped, so a flood of distinct addresses costs bounded memory (and at worst resets the
// counts of the clients it pushed out).
//
// Replicas sharing their limits (`sharing`) align windows on the clock, so that they count the same windows, and
// add what the others counted, as last heard. Between two reconciliations a replica lets in at most its share of
// the room left (the room over the number of replicas), so that all of them together cannot overrun the limit by
// what they let in before hearing of each other.
import type { RateSharing } from './rate-sharing.js';

/** The window of a per-minute limit. */
export const RATE_WINDOW_MS = 60_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  /** Requests left before the limit is reached, this one counted. */
  remaining: number;
  /** Seconds until the current window closes, after which its count starts to decay. */
  resetSeconds: number;
  /** Refused only: seconds until a request would be allowed. */
  retryAfterSeconds: number;
}

interface Bucket {
  start: number;
  previous: number;
  current: number;
}

export interface RateLimiterOptions {
  windowMs?: number;
  maxBuckets?: number;
  /** Milliseconds since an epoch; tests move it by hand. */
  clock?: () => number;
  /** The counts of other replicas sharing these limits; none: this process alone. */
  sharing?: RateSharing | null;
}

export class RateLimiter {
  readonly #windowMs: number;
  readonly #maxBuckets: number;
  readonly #clock: () => number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #sharing: RateSharing | null;
  #lastSweep: number;

  constructor(options: RateLimiterOptions = {}) {
    this.#windowMs = options.windowMs ?? RATE_WINDOW_MS;
    this.#maxBuckets = options.maxBuckets ?? 100_000;
    this.#clock = options.clock ?? Date.now;
    this.#sharing = options.sharing ?? null;
    this.#lastSweep = this.#clock();
  }

  get size(): number {
    return this.#buckets.size;
  }

  /**
   * Counts a request of `key` against `limit` requests per window, unless it is refused. `count` false: a request
   * another one already paid for (a page view's), let in and told the same budget without using any of it.
   */
  take(key: string, limit: number, count = true): RateDecision {
    return this.#decide(key, limit, count ? 'count' : 'free');
  }

  /** What `take` would decide for one more request of `key`, counting nothing. */
  peek(key: string, limit: number): RateDecision {
    return this.#decide(key, limit, 'peek');
  }

  /** `count`: counted if allowed; `free`: let in, uncounted; `peek`: decided, uncounted. */
  #decide(key: string, limit: number, mode: 'count' | 'free' | 'peek'): RateDecision {
    const now = this.#clock();
    const w = this.#windowMs;
    if (now - this.#lastSweep >= w) this.#sweep(now);
    let b = this.#buckets.get(key);
    const sharing = this.#sharing;
    if (b === undefined) {
      if (this.#buckets.size >= this.#maxBuckets) this.#evictOldest();
      // Shared windows start on the clock (every replica counts the same ones); a lone one at the first request.
      b = { start: sharing === null ? now : now - (now % w), previous: 0, current: 0 };
      this.#buckets.set(key, b);
    } else if (now >= b.start + w) {
      const windows = Math.floor((now - b.start) / w);
      b.previous = windows === 1 ? b.current : 0;
      b.current = 0;
      b.start += windows * w;
    }
    // Seen from every replica: this one's counts, and those the others reported.
    const seen =
      sharing === null
        ? b
        : {
            start: b.start,
            previous: b.previous + sharing.others(key, b.start - w),
            current: b.current + sharing.others(key, b.start),
          };
    const elapsed = (now - b.start) / w;
    const estimate = seen.previous * (1 - elapsed) + seen.current;
    const resetSeconds = Math.max(1, Math.ceil((b.start + w - now) / 1000));
    if (mode === 'free') {
      const remaining = Math.max(0, Math.floor(limit - estimate));
      return { allowed: true, limit, remaining, resetSeconds, retryAfterSeconds: 0 };
    }
    if (estimate + 1 > limit) {
      return {
        allowed: false,
        limit,
        remaining: 0,
        resetSeconds,
        retryAfterSeconds: Math.max(1, Math.ceil(this.#waitMs(seen, now, limit) / 1000)),
      };
    }
    if (sharing !== null && sharing.replicas > 1) {
      // This replica's share of the room the others knew of at the last reconciliation.
      const unheard = sharing.unheard(key, b.start);
      const share = Math.max(1, Math.floor((limit - (estimate - unheard)) / sharing.replicas));
      if (unheard + 1 > share)
        // The next reconciliation (a fiftieth of a second) tells the others, and this replica their counts.
        return { allowed: false, limit, remaining: 0, resetSeconds, retryAfterSeconds: 1 };
    }
    if (mode === 'count') {
      b.current++;
      sharing?.counted(key, b.start);
    }
    const remaining = Math.max(0, Math.floor(limit - (estimate + 1)));
    return { allowed: true, limit, remaining, resetSeconds, retryAfterSeconds: 0 };
  }

  /** How long until `previous × (1 - elapsed) + current + 1 ≤ limit`, moving into the next window if need be. */
  #waitMs(b: Bucket, now: number, limit: number): number {
    const w = this.#windowMs;
    const room = limit - 1;
    if (b.current <= room && b.previous > 0) {
      // Within this window, once enough of the previous window's weight has decayed.
      const share = 1 - (room - b.current) / b.previous;
      return b.start + share * w - now;
    }
    // The current window alone is full: in the next one it becomes `previous` and decays from there.
    const share = b.current > 0 ? Math.max(0, 1 - room / b.current) : 0;
    return b.start + w + share * w - now;
  }

  /** Buckets idle for two windows count nothing any more. */
  #sweep(now: number): void {
    this.#lastSweep = now;
    const idle = now - 2 * this.#windowMs;
    for (const [key, b] of this.#buckets) if (b.start <= idle) this.#buckets.delete(key);
  }

  /** Map order is insertion order: the first buckets are the longest-lived, often the idlest. */
  #evictOldest(): void {
    const drop = Math.max(1, Math.floor(this.#maxBuckets / 10));
    let n = 0;
    for (const key of this.#buckets.keys()) {
      this.#buckets.delete(key);
      if (++n >= drop) break;
    }
  }
}
