// Text keys → numbers, held as hashes and numbers in typed arrays: each key is read back from what its number names.
import { GrowingSlots } from './growing-slots.js';
import { PagedColumn } from './paged-column.js';
import { hashString } from './string-hash.js';

/**
 * Live changes keep bookkeeping by key (which record holds a relationship's key, which event ids an entity has).
 * A Map of strings keeps every key as an object that outlives the young generation: copied at one scavenge and
 * promoted at the next, a cost paid inside the pauses a search waits for while the stream is applied. Here an
 * entry is its key's hash and its value, four bytes each, in arrays off the young generation, placed by
 * GrowingSlots (which grows the table without a pause, as the pages of entries grow). The key is not kept: `keyOf(value)` reads it again from
 * the record the value names, and only for an entry whose hash is the key's, so a key that is not there costs no
 * read at all. Every value set for a key must read back as that key.
 */
export class HashedKeys {
  readonly #hashes = new PagedColumn((n) => new Uint32Array(n));
  readonly #values = new PagedColumn((n) => new Int32Array(n));
  readonly #slots = new GrowingSlots((entry) => this.#hashes.get(entry));

  constructor(private readonly keyOf: (value: number) => string) {}

  get size(): number {
    return this.#slots.count;
  }

  get(key: string): number | undefined {
    const entry = this.#entryOf(key, hashString(key));
    return entry === undefined ? undefined : this.#values.get(entry);
  }

  has(key: string): boolean {
    return this.#entryOf(key, hashString(key)) !== undefined;
  }

  /** Sets the value of `key`; `keyOf(value)` must be `key`. */
  set(key: string, value: number): void {
    const hash = hashString(key);
    const entry = this.#entryOf(key, hash);
    if (entry !== undefined) {
      this.#values.set(entry, value);
      return;
    }
    const added = this.#slots.count;
    this.#hashes.set(added, hash);
    this.#values.set(added, value);
    this.#slots.insert(added, hash);
  }

  #entryOf(key: string, hash: number): number | undefined {
    return this.#slots.find(
      hash,
      (entry) => this.#hashes.get(entry) === hash && this.keyOf(this.#values.get(entry)) === key,
    );
  }
}
