// FlexSearch's posting lists held in typed arrays: a key (a word, or a pair of words) → its lists of entry ids by
// score slot, found by binary search over the sorted keys.
import { missing } from '../errors/missing.js';
import { grown } from '../store/grown.js';
import { StringColumn } from '../store/string-column.js';

/**
 * Entry ids that `[].concat` spreads as it spreads arrays: FlexSearch joins the lists of several slots so, after
 * slicing them (a slice of these is one of these too).
 */
class SpreadIds extends Int32Array {
  get [Symbol.isConcatSpreadable](): boolean {
    return true;
  }
}

/**
 * One key's lists of entry ids, slot 0 first (FlexSearch's resolution: the word nearer the start of the name), as
 * FlexSearch's search reads them: indexed, measured, sliced and concatenated.
 */
export type Slots = Int32Array[];

/** An entry of FlexSearch's export: a key and its lists by slot, a slot without entries being null. */
export type ExportedSlots = readonly (readonly number[] | null)[];

/**
 * FlexSearch keeps a JavaScript array per word and per slot: at a million names, a million arrays, nine tenths of
 * the process's heap. Every young-generation collection walks the heap's pages, so those arrays alone made each one
 * cost twice what it did without them (0.85 against 0.42 ms, caches cold, measured at 1M entities), and a search
 * waits out the collections that fall within it. Here the same lists are two typed arrays and a column of keys.
 */
export class SlotPostings {
  readonly #keys: StringColumn;
  /** Key k's slot s holds ids[bounds[k * (resolution + 1) + s] .. bounds[k * (resolution + 1) + s + 1]]. */
  readonly #bounds: Uint32Array;
  readonly #ids: Int32Array;
  readonly #resolution: number;

  private constructor(keys: StringColumn, bounds: Uint32Array, ids: Int32Array, resolution: number) {
    this.#keys = keys;
    this.#bounds = bounds;
    this.#ids = ids;
    this.#resolution = resolution;
  }

  static builder(resolution: number): SlotPostingsBuilder {
    return new SlotPostingsBuilder(resolution, (keys, bounds, ids) => new SlotPostings(keys, bounds, ids, resolution));
  }

  /**
   * The lists of `key` up to its last non-empty slot, or undefined when no entry has it. Each list is a view, not a
   * copy.
   */
  get(key: string): Slots | undefined {
    const k = this.#find(key);
    if (k < 0) return undefined;
    const width = this.#resolution + 1;
    const row = k * width;
    let last = this.#resolution - 1;
    while (last > 0 && this.#bound(row + last) === this.#bound(row + last + 1)) last--;
    const slots: Slots = [];
    for (let s = 0; s <= last; s++) slots.push(this.#ids.subarray(this.#bound(row + s), this.#bound(row + s + 1)));
    return slots;
  }

  #bound(i: number): number {
    return this.#bounds[i] ?? missing('slot bound');
  }

  #find(key: string): number {
    const at = this.#keys.lowerBound(key);
    return at < this.#keys.length && this.#keys.equals(at, key) ? at : -1;
  }
}

/** Takes keys in any order, each once, with their lists; sorts them by key when finished. */
export class SlotPostingsBuilder {
  readonly #keys: string[] = [];
  #bounds = new Uint32Array(1024);
  #ids = new Int32Array(4096);
  #idCount = 0;

  constructor(
    private readonly resolution: number,
    private readonly make: (keys: StringColumn, bounds: Uint32Array, ids: Int32Array) => SlotPostings,
  ) {}

  add(key: string, slots: ExportedSlots): void {
    if (slots.length > this.resolution)
      throw new Error(`SlotPostings: "${key}" has ${slots.length} slots, more than the resolution ${this.resolution}`);
    const width = this.resolution + 1;
    const row = this.#keys.length * width;
    if (row + width > this.#bounds.length)
      this.#bounds = grown(this.#bounds, Math.max(this.#bounds.length * 2, row + width), (n) => new Uint32Array(n));
    for (let s = 0; s < this.resolution; s++) {
      this.#bounds[row + s] = this.#idCount;
      for (const id of slots[s] ?? []) this.#push(id);
    }
    this.#bounds[row + this.resolution] = this.#idCount;
    this.#keys.push(key);
  }

  #push(id: number): void {
    if (this.#idCount === this.#ids.length)
      this.#ids = grown(this.#ids, this.#ids.length * 2, (n) => new Int32Array(n));
    this.#ids[this.#idCount++] = id;
  }

  /** The table, keys sorted as strings compare (as StringColumn.compareTo reads them), ids in sorted key order. */
  finish(): SlotPostings {
    const keys = this.#keys;
    const order = Uint32Array.from(keys.keys()).sort((a, b) => {
      const ka = keys[a] ?? missing('slot key');
      const kb = keys[b] ?? missing('slot key');
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
    const width = this.resolution + 1;
    const bounds = new Uint32Array(keys.length * width);
    const ids = new SpreadIds(this.#idCount);
    const column = new StringColumn(keys.length);
    let at = 0;
    for (let k = 0; k < order.length; k++) {
      const from = (order[k] ?? missing('slot order')) * width;
      column.push(keys[order[k] ?? 0] ?? missing('slot key'));
      const start = this.#bounds[from] ?? missing('slot bound');
      const end = this.#bounds[from + this.resolution] ?? missing('slot bound');
      for (let s = 0; s <= this.resolution; s++) bounds[k * width + s] = at + ((this.#bounds[from + s] ?? 0) - start);
      ids.set(this.#ids.subarray(start, end), at);
      at += end - start;
    }
    for (let i = 1; i < keys.length; i++)
      if (column.compareAt(i - 1, i) === 0) throw new Error(`SlotPostings: "${column.at(i) ?? ''}" added twice`);
    return this.make(column, bounds, ids);
  }
}
