// Lists of numbers under string keys, each list a chain through two typed arrays: no array per key.
//
// The live names' indexes take one posting per word, key and sound of every name a stream adds: a million events
// make hundreds of thousands of keys, most holding one or two entries. An array per key is an object the collector
// walks and moves; a chain is two numbers in typed arrays and one map entry per key.
import { grown } from '../store/grown.js';

const INITIAL_CAPACITY = 1024;
const doubled = (array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> =>
  grown(array, array.length * 2, (n) => new Int32Array(n));

export class ChainedPostings {
  /** Key → its number here, which indexes `#head` and `#count`: one map lookup per posting added. */
  readonly #keys = new Map<string, number>();
  /** Key number → its newest posting. */
  #head = new Int32Array(INITIAL_CAPACITY);
  /** Key number → how many postings it has. */
  #count = new Int32Array(INITIAL_CAPACITY);
  /** Posting → the key's posting before it, or -1. */
  #next = new Int32Array(INITIAL_CAPACITY);
  /** Posting → the number it holds. */
  #value = new Int32Array(INITIAL_CAPACITY);
  #size = 0;

  add(key: string, value: number): void {
    let k = this.#keys.get(key);
    if (k === undefined) {
      k = this.#keys.size;
      if (k === this.#head.length) [this.#head, this.#count] = [doubled(this.#head), doubled(this.#count)];
      this.#keys.set(key, k);
      this.#head[k] = -1;
    }
    if (this.#size === this.#value.length) [this.#next, this.#value] = [doubled(this.#next), doubled(this.#value)];
    const posting = this.#size++;
    this.#value[posting] = value;
    this.#next[posting] = this.#head[k] ?? -1;
    this.#head[k] = posting;
    this.#count[k] = (this.#count[k] ?? 0) + 1;
  }

  /** How many numbers `key` holds. */
  count(key: string): number {
    const k = this.#keys.get(key);
    return k === undefined ? 0 : (this.#count[k] ?? 0);
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  /** The newest posting of `key`, or -1; walk on with `next`, read with `value`. */
  first(key: string): number {
    const k = this.#keys.get(key);
    return k === undefined ? -1 : (this.#head[k] ?? -1);
  }

  next(posting: number): number {
    return this.#next[posting] ?? -1;
  }

  value(posting: number): number {
    return this.#value[posting] ?? -1;
  }

  /** The numbers under `key`, newest first, at most `limit`. */
  values(key: string, limit = Infinity): number[] {
    const out: number[] = [];
    for (let p = this.first(key); p >= 0 && out.length < limit; p = this.next(p)) out.push(this.value(p));
    return out;
  }
}
