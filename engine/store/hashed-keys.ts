// Text keys → numbers, held as hashes and numbers in typed arrays: each key is read back from what its number names.
import { missing } from '../errors/missing.js';
import { GrowingSlots } from './growing-slots.js';
import { grown } from './grown.js';
import { hashString } from './string-hash.js';

const MIN_ENTRIES = 1024;

/**
 * Live changes keep bookkeeping by key (which record holds a relationship's key, which event ids an entity has).
 * A Map of strings keeps every key as an object that outlives the young generation: copied at one scavenge and
 * promoted at the next, a cost paid inside the pauses a search waits for while the stream is applied. Here an
 * entry is its key's hash and its value, four bytes each, in arrays off the young generation, placed by
 * GrowingSlots (which grows the table without a pause). The key is not kept: `keyOf(value)` reads it again from
 * the record the value names, and only for an entry whose hash is the key's, so a key that is not there costs no
 * read at all. Every value set for a key must read back as that key.
 */
export class HashedKeys {
  #hashes = new Uint32Array(MIN_ENTRIES);
  #values = new Int32Array(MIN_ENTRIES);
  readonly #slots = new GrowingSlots((entry) => this.#hashes[entry] ?? missing('hashed key'));

  constructor(private readonly keyOf: (value: number) => string) {}

  get size(): number {
    return this.#slots.count;
  }

  get(key: string): number | undefined {
    const entry = this.#entryOf(key, hashString(key));
    return entry === undefined ? undefined : this.#values[entry];
  }

  has(key: string): boolean {
    return this.#entryOf(key, hashString(key)) !== undefined;
  }

  /** Sets the value of `key`; `keyOf(value)` must be `key`. */
  set(key: string, value: number): void {
    const hash = hashString(key);
    const entry = this.#entryOf(key, hash);
    if (entry !== undefined) {
      this.#values[entry] = value;
      return;
    }
    const added = this.#slots.count;
    if (added === this.#hashes.length) {
      this.#hashes = grown(this.#hashes, added * 2, (n) => new Uint32Array(n));
      this.#values = grown(this.#values, added * 2, (n) => new Int32Array(n));
    }
    this.#hashes[added] = hash;
    this.#values[added] = value;
    this.#slots.insert(added, hash);
  }

  #entryOf(key: string, hash: number): number | undefined {
    return this.#slots.find(
      hash,
      (entry) => this.#hashes[entry] === hash && this.keyOf(this.#values[entry] ?? missing('hashed key value')) === key,
    );
  }
}
