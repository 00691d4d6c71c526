// Hashed keys and the entry each belongs to, gathered a key at a time: grouping equal keys without their strings.
import { missing } from '../errors/missing.js';
import { grown } from './grown.js';
import { sortByHash } from './sort-by-hash.js';

/**
 * Two typed columns that double when full: a million keys cost 8 bytes each, where a string and a Map entry would
 * cost ten times that on the garbage-collected heap.
 */
export class HashColumn {
  #hashes = new Uint32Array(1024);
  #owners = new Uint32Array(1024);
  #count = 0;

  get size(): number {
    return this.#count;
  }

  push(hash: number, owner: number): void {
    if (this.#count === this.#hashes.length) {
      this.#hashes = grown(this.#hashes, this.#count * 2, (n) => new Uint32Array(n));
      this.#owners = grown(this.#owners, this.#count * 2, (n) => new Uint32Array(n));
    }
    this.#hashes[this.#count] = hash;
    this.#owners[this.#count] = owner;
    this.#count += 1;
  }

  /** The hashes pushed, in the order they were. */
  get hashes(): Uint32Array {
    return this.#hashes.subarray(0, this.#count);
  }

  /** The owner of the `i`th key pushed. */
  owner(i: number): number {
    return this.#owners[i] ?? missing('hashed key owner');
  }

  /** Positions of the keys in increasing hash order; keys of one hash stay in the order they were pushed. */
  order(): Uint32Array {
    return sortByHash(this.hashes);
  }
}
