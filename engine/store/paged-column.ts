// A column of numbers that grows a page at a time and never copies what it holds.

/** Numbers per page: 65,536 (256 KB of 32-bit numbers), allocated the first time one of them is set. */
export const PAGE_LENGTH = 1 << 16;
const PAGE_SHIFT = 16;
const PAGE_MASK = PAGE_LENGTH - 1;

type Page = Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Float64Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/**
 * Live changes keep bookkeeping that grows with every event: per entity, per live record, per name. A typed array
 * that doubles copies all it holds at once, and a Map or Set places every entry again: at a million entries, tens of
 * milliseconds (a Set of two million numbers, over a hundred) in which no request is answered, since a search waits
 * behind the change being applied. Here growth allocates one more page and copies nothing; a read is one more
 * index. Indexes past those ever set read as `absent`, so a column indexed by entity needs no size of its own.
 */
export class PagedColumn<P extends Page> {
  readonly #pages: Array<P | undefined> = [];
  #length = 0;

  /** `makePage(length)`: a new zeroed page; `absent`: what an index never set reads as. */
  constructor(
    private readonly makePage: (length: number) => P,
    readonly absent = 0,
  ) {}

  /** One past the highest index ever set. */
  get length(): number {
    return this.#length;
  }

  get(index: number): number {
    const page = this.#pages[index >>> PAGE_SHIFT];
    return page === undefined ? this.absent : (page[index & PAGE_MASK] ?? this.absent);
  }

  set(index: number, value: number): void {
    if (!Number.isInteger(index) || index < 0 || index > 0x7fffffff)
      throw new RangeError(`PagedColumn.set: index ${index} is not a whole number from 0 to 2^31 - 1`);
    this.#pageOf(index)[index & PAGE_MASK] = value;
    if (index >= this.#length) this.#length = index + 1;
  }

  /** Sets the number after the last; returns its index. */
  push(value: number): number {
    const index = this.#length;
    this.set(index, value);
    return index;
  }

  /**
   * The `count` numbers from `start` as one view of its page (they must lie in one page): what is set there later
   * shows through it, as through every view of a typed array.
   */
  view(start: number, count: number): P {
    const offset = start & PAGE_MASK;
    if (start < 0 || count < 0 || offset + count > PAGE_LENGTH)
      throw new RangeError(`PagedColumn.view: ${count} numbers from ${start} cross a page`);
    return this.#pageOf(start).subarray(offset, offset + count) as P;
  }

  /** Bytes of the pages allocated. */
  get bytes(): number {
    let bytes = 0;
    for (const page of this.#pages) bytes += page?.byteLength ?? 0;
    return bytes;
  }

  #pageOf(index: number): P {
    const at = index >>> PAGE_SHIFT;
    let page = this.#pages[at];
    if (page === undefined) {
      page = this.makePage(PAGE_LENGTH);
      if (this.absent !== 0) page.fill(this.absent);
      while (this.#pages.length < at) this.#pages.push(undefined);
      this.#pages[at] = page;
    }
    return page;
  }
}
