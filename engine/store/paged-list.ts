// A list of values that grows a page at a time and never copies what it holds.

const PAGE_SHIFT = 12;
/** Values per page: 4,096, so that a page is one small array in the heap. */
const PAGE_LENGTH = 1 << PAGE_SHIFT;
const PAGE_MASK = PAGE_LENGTH - 1;

/**
 * What PagedColumn is to numbers, for values the heap holds (strings): a JavaScript array grows by copying all it
 * holds into a larger one, 16 ms at three million entries, a pause that a search waiting behind a live change feels.
 */
export class PagedList<T> {
  readonly #pages: T[][] = [];
  #length = 0;

  get length(): number {
    return this.#length;
  }

  at(index: number): T | undefined {
    return this.#pages[index >>> PAGE_SHIFT]?.[index & PAGE_MASK];
  }

  /** Replaces the value at `index`, which must be one pushed. */
  set(index: number, value: T): void {
    const page = this.#pages[index >>> PAGE_SHIFT];
    if (page === undefined || index < 0 || index >= this.#length)
      throw new RangeError(`PagedList.set: index ${index} out of range 0..${this.#length - 1}`);
    page[index & PAGE_MASK] = value;
  }

  /** Adds `value` after the last; returns its index. */
  push(value: T): number {
    const index = this.#length++;
    if ((index & PAGE_MASK) === 0) this.#pages.push([]);
    this.#pages[this.#pages.length - 1]?.push(value);
    return index;
  }
}
