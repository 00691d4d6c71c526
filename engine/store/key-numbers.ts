// Whole-number keys numbered 0, 1, 2, … in the order they were first added, held in typed arrays.
import { GrowingSlots } from './growing-slots.js';
import { PagedColumn } from './paged-column.js';

/**
 * Its owner keeps what it holds per key in columns indexed by the key's number (the live edges of an entity, one
 * family and direction). A Map would do as much, but grows by placing every entry again at once, a stall that a
 * search waiting behind a live change feels at a million entries; GrowingSlots grows a step at each add.
 */
export class KeyNumbers {
  readonly #keys = new PagedColumn((n) => new Int32Array(n));
  readonly #slots = new GrowingSlots((n) => mix(this.#keys.get(n)));

  get size(): number {
    return this.#slots.count;
  }

  /** The number of `key`, or undefined when it was never added. */
  numberOf(key: number): number | undefined {
    return this.#slots.find(mix(key), (n) => this.#keys.get(n) === key);
  }

  /** The number of `key`, added (the next number) when it was not there. `key`: a whole number from 0 to 2^31 - 1. */
  add(key: number): number {
    if (!Number.isInteger(key) || key < 0 || key > 0x7fffffff)
      throw new RangeError(`KeyNumbers.add: ${key} is not a whole number from 0 to 2^31 - 1`);
    const known = this.numberOf(key);
    if (known !== undefined) return known;
    const n = this.#slots.count;
    this.#keys.set(n, key);
    this.#slots.insert(n, mix(key));
    return n;
  }
}

/** Spreads neighbouring keys (entity indexes side by side) over the slots; GrowingSlots masks the low bits. */
function mix(key: number): number {
  let h = Math.imul(key ^ (key >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}
