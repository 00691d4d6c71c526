// Counts per string key, held as 52-bit hashes in typed arrays: millions of keys with no string or Map entry each.
import { hashString } from './string-hash.js';

const EMPTY = -1;
/** A second, independent hash supplies the low 20 bits of the 52-bit key. */
const SECOND_SEED = 0x9e3779b9;
const LOW_BITS = 2 ** 20;

/**
 * A count per key, where the key is only its 52-bit hash: at 20M entities a build counted the companies at ten
 * million addresses in a Map of strings, gigabytes of heap that every collection marked. Two keys share a count
 * only if both their hashes agree: about a one-in-a-hundred chance for one such pair among ten million keys.
 */
export class HashCounts {
  #keys = new Float64Array(1024).fill(EMPTY);
  #counts = new Uint32Array(1024);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  static keyOf(s: string): number {
    return hashString(s) * LOW_BITS + (hashString(s, SECOND_SEED) >>> 12);
  }

  /** Adds one to the count of `key` (a `keyOf` value). */
  increment(key: number): void {
    if ((this.#size + 1) * 2 > this.#keys.length) this.#grow();
    const at = this.#slot(this.#keys, key);
    if (this.#keys[at] === EMPTY) {
      this.#keys[at] = key;
      this.#size += 1;
    }
    this.#counts[at] = (this.#counts[at] ?? 0) + 1;
  }

  count(key: number): number {
    const at = this.#slot(this.#keys, key);
    return this.#keys[at] === EMPTY ? 0 : (this.#counts[at] ?? 0);
  }

  /** The slot holding `key`, or the empty slot where it would go. */
  #slot(keys: Float64Array, key: number): number {
    const mask = keys.length - 1;
    let at = Math.floor(key / LOW_BITS) & mask;
    for (let k = keys[at]; k !== EMPTY && k !== key; k = keys[at]) at = (at + 1) & mask;
    return at;
  }

  #grow(): void {
    const keys = new Float64Array(this.#keys.length * 2).fill(EMPTY);
    const counts = new Uint32Array(keys.length);
    this.#keys.forEach((key, i) => {
      if (key === EMPTY) return;
      const at = this.#slot(keys, key);
      keys[at] = key;
      counts[at] = this.#counts[i] ?? 0;
    });
    this.#keys = keys;
    this.#counts = counts;
  }
}
