// Text keys numbered 0, 1, 2, … in the order they were first added, found by a hash table grown a step at a time.
import { GrowingSlots } from './growing-slots.js';
import { PagedColumn } from './paged-column.js';
import { PagedList } from './paged-list.js';
import { hashString } from './string-hash.js';

/**
 * The live names' indexes number every word, key and sound a stream adds: hundreds of thousands of keys in a
 * million events. A Map of them places every entry again when it grows (60 ms at a million), a pause a search
 * waiting behind a live change feels; here the slots grow a step at each add (GrowingSlots) and the keys and their
 * hashes sit in pages that are never copied.
 */
export class TextNumbers {
  readonly #keys = new PagedList<string>();
  readonly #hashes = new PagedColumn((n) => new Uint32Array(n));
  readonly #slots = new GrowingSlots((n) => this.#hashes.get(n));
  /** The key a probe looks for, and its hash: one matcher for every probe, no closure made per lookup. */
  #wanted = '';
  #wantedHash = 0;
  readonly #isWanted = (n: number): boolean =>
    this.#hashes.get(n) === this.#wantedHash && this.#keys.at(n) === this.#wanted;

  get size(): number {
    return this.#keys.length;
  }

  /** The number of `key`, or undefined when it was never added. */
  numberOf(key: string): number | undefined {
    return this.#find(key, hashString(key));
  }

  /** The number of `key`, added (the next number) when it was not there. */
  add(key: string): number {
    const hash = hashString(key);
    const known = this.#find(key, hash);
    if (known !== undefined) return known;
    const n = this.#keys.push(key);
    this.#hashes.set(n, hash);
    this.#slots.insert(n, hash);
    return n;
  }

  #find(key: string, hash: number): number | undefined {
    this.#wanted = key;
    this.#wantedHash = hash;
    return this.#slots.find(hash, this.#isWanted);
  }
}
