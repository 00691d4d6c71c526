// Lists of numbers under string keys, each list a chain through two typed arrays: no array per key.
//
// The live names' indexes take one posting per word, key and sound of every name a stream adds: a million events
// make hundreds of thousands of keys, most holding one or two entries. An array per key is an object the collector
// walks and moves; a chain is two numbers in typed arrays and one numbered key. Nothing here grows by copying: a
// stall while it grows would hold up the searches waiting behind a live change (paged-column.ts).
import { PagedColumn } from '../store/paged-column.js';
import { TextNumbers } from '../store/text-numbers.js';

export class ChainedPostings {
  /** Key → its number here, which indexes `#head` and `#count`: one lookup per posting added. */
  readonly #keys = new TextNumbers();
  /** Key number → its newest posting. */
  readonly #head = new PagedColumn((n) => new Int32Array(n), -1);
  /** Key number → how many postings it has. */
  readonly #count = new PagedColumn((n) => new Int32Array(n));
  /** Posting → the key's posting before it, or -1. */
  readonly #next = new PagedColumn((n) => new Int32Array(n), -1);
  /** Posting → the number it holds. */
  readonly #value = new PagedColumn((n) => new Int32Array(n), -1);

  add(key: string, value: number): void {
    const k = this.#keys.add(key);
    const posting = this.#value.push(value);
    this.#next.set(posting, this.#head.get(k));
    this.#head.set(k, posting);
    this.#count.set(k, this.#count.get(k) + 1);
  }

  /** How many numbers `key` holds. */
  count(key: string): number {
    const k = this.#keys.numberOf(key);
    return k === undefined ? 0 : this.#count.get(k);
  }

  has(key: string): boolean {
    return this.#keys.numberOf(key) !== undefined;
  }

  /** The newest posting of `key`, or -1; walk on with `next`, read with `value`. */
  first(key: string): number {
    const k = this.#keys.numberOf(key);
    return k === undefined ? -1 : this.#head.get(k);
  }

  next(posting: number): number {
    return this.#next.get(posting);
  }

  value(posting: number): number {
    return this.#value.get(posting);
  }

  /** The numbers under `key`, newest first, at most `limit`. */
  values(key: string, limit = Infinity): number[] {
    const out: number[] = [];
    for (let p = this.first(key); p >= 0 && out.length < limit; p = this.next(p)) out.push(this.value(p));
    return out;
  }
}
