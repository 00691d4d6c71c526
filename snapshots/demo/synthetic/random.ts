// Seeded randomness for the synthetic corpus: mulberry32 and the samplers built on it. Never Math.random.
import { missing } from '../../../engine/errors/missing.js';

/** murmur3's 32-bit finaliser: spreads every input bit over the whole word. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit seed from a seed, a purpose and an index. Reseeding per entity makes every entity a pure function
 * of (seed, purpose, index), so later passes can recompute a name instead of keeping it in memory.
 */
export function hashSeed(seed: number, purpose: number, index: number): number {
  let h = fmix((seed ^ 0x9e3779b9) >>> 0);
  h = fmix((h ^ Math.imul(purpose + 1, 0xcc9e2d51)) >>> 0);
  return fmix((h ^ Math.imul(index + 1, 0x1b873593)) >>> 0);
}

/** mulberry32: one 32-bit word of state, fast, good enough for test data, and identical on every platform. */
export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  reseed(seed: number): this {
    this.#state = seed >>> 0;
    return this;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('Rng.pick: the list is empty');
    return item;
  }

  /** Standard normal (Box–Muller, one value per call so the stream stays simple to reason about). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}

/** Picks among fixed items by weight; a binary search over cumulative weights. */
export class Weighted<T> {
  readonly #items: readonly T[];
  readonly #cumulative: Float64Array;
  readonly #total: number;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    if (entries.length === 0) throw new RangeError('Weighted: no entries');
    this.#items = entries.map(([item]) => item);
    this.#cumulative = new Float64Array(entries.length);
    let total = 0;
    entries.forEach(([, weight], i) => {
      if (!(weight >= 0)) throw new RangeError(`Weighted: weight ${weight} must be a number >= 0`);
      total += weight;
      this.#cumulative[i] = total;
    });
    if (total <= 0) throw new RangeError('Weighted: weights sum to zero');
    this.#total = total;
  }

  sample(rng: Rng): T {
    const x = rng.next() * this.#total;
    let lo = 0;
    let hi = this.#cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.#cumulative[mid] ?? missing('cumulative weight')) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.#items[lo] as T;
  }
}

/**
 * Heavy-tailed ranks in [0, n): the continuous inverse of a power law x^-s on [1, n + 1), floored. Rank 0 is
 * the most likely; with s ≈ 1 the first few ranks take a large share, as professional directors and big
 * groups do on real registers. O(1) per draw, no table, so n can be millions.
 */
export class Zipf {
  readonly #n: number;
  readonly #oneMinusS: number;
  readonly #span: number;

  constructor(n: number, s: number) {
    if (!(n >= 1) || !Number.isInteger(n)) throw new RangeError(`Zipf: n ${n} must be a positive integer`);
    if (!(s > 0)) throw new RangeError(`Zipf: exponent ${s} must be positive`);
    this.#n = n;
    this.#oneMinusS = 1 - s;
    this.#span = Math.abs(this.#oneMinusS) < 1e-9 ? Math.log(n + 1) : Math.pow(n + 1, this.#oneMinusS) - 1;
  }

  sample(rng: Rng): number {
    const u = rng.next();
    const x =
      Math.abs(this.#oneMinusS) < 1e-9 ? Math.exp(u * this.#span) : Math.pow(1 + u * this.#span, 1 / this.#oneMinusS);
    return Math.min(this.#n - 1, Math.max(0, Math.floor(x) - 1));
  }
}

/**
 * A fixed bijection of [0, n) that scatters consecutive ranks across the range (multiplication by a stride
 * coprime to n), so the heaviest Zipf ranks do not all land on the first few entities.
 */
export function scatterStride(n: number): number {
  if (n <= 1) return 1;
  let stride = Math.floor(n * 0.6180339887) | 1;
  while (gcd(stride, n) !== 1) stride += 2;
  return stride;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
