// A string of a column → its index there (entity ids, the name index's keys): an open-addressing hash table in typed
// arrays, beside the strings it points into.
import { GrowingSlots } from './growing-slots.js';
import { hashString } from './string-hash.js';
import type { StringColumn } from './string-column.js';

/**
 * A V8 Map holds at most 2^24 entries and keeps each one on the garbage-collected heap, where millions of them
 * cost seconds to insert and to mark at every full collection. Here a slot is four bytes off the heap: the entity
 * index plus one (GrowingSlots, which also grows the table without a pause); the key itself is read from the ids
 * column, which the entity table holds anyway.
 */
export class IdIndex {
  readonly #slots: GrowingSlots;

  constructor(
    private readonly ids: StringColumn,
    expected = 0,
  ) {
    this.#slots = new GrowingSlots((ix) => this.ids.hashAt(ix), expected);
  }

  get size(): number {
    return this.#slots.count;
  }

  get(id: string): number | undefined {
    return this.#slots.find(hashString(id), (ix) => this.ids.equals(ix, id));
  }

  /** Indexes `ids[ix]`; false (and nothing changes) when that id is already indexed. */
  add(ix: number): boolean {
    if (ix < 0 || ix >= this.ids.length) throw new RangeError(`IdIndex.add: no id at index ${ix}`);
    const hash = this.ids.hashAt(ix);
    // The probe of the newest slots ends at the slot the id goes to, unless it finds the id first. Ids are compared
    // as they are held, so that a load of millions decodes none.
    const newest = this.#slots.newest;
    const mask = newest.length - 1;
    let at = hash & mask;
    for (let s = newest[at] ?? 0; s !== 0; s = newest[at] ?? 0) {
      if (this.ids.sameAt(s - 1, ix)) return false;
      at = (at + 1) & mask;
    }
    const previous = this.#slots.previous;
    if (previous !== null) {
      const pmask = previous.length - 1;
      for (let p = hash & pmask, s = previous[p] ?? 0; s !== 0; p = (p + 1) & pmask, s = previous[p] ?? 0)
        if (this.ids.sameAt(s - 1, ix)) return false;
    }
    this.#slots.insertAt(ix, at);
    return true;
  }
}
