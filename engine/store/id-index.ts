// Entity id → entity index: an open-addressing hash table in typed arrays, beside the ids it points into.
import { missing } from '../errors/missing.js';
import { GrowingSlots } from './growing-slots.js';
import { hashString } from './string-hash.js';

/**
 * A V8 Map holds at most 2^24 entries and keeps each one on the garbage-collected heap, where millions of them
 * cost seconds to insert and to mark at every full collection. Here a slot is four bytes off the heap: the entity
 * index plus one (GrowingSlots, which also grows the table without a pause); the key itself is read from the ids
 * column, which the entity table holds anyway.
 */
export class IdIndex {
  readonly #slots: GrowingSlots;

  constructor(
    private readonly ids: readonly string[],
    expected = 0,
  ) {
    this.#slots = new GrowingSlots((ix) => hashString(this.ids[ix] ?? missing('entity id')), expected);
  }

  get size(): number {
    return this.#slots.count;
  }

  get(id: string): number | undefined {
    return this.#find(id, hashString(id));
  }

  /** Indexes `ids[ix]`; false (and nothing changes) when that id is already indexed. */
  add(ix: number): boolean {
    const id = this.ids[ix];
    if (id === undefined) throw new RangeError(`IdIndex.add: no id at index ${ix}`);
    const hash = hashString(id);
    if (this.#find(id, hash) !== undefined) return false;
    this.#slots.insert(ix, hash);
    return true;
  }

  #find(id: string, hash: number): number | undefined {
    const tables = this.#slots.tables;
    for (let t = 0; t < tables.length; t++) {
      const slots = tables[t] ?? missing('slot table');
      const mask = slots.length - 1;
      for (let at = hash & mask; ; at = (at + 1) & mask) {
        const s = slots[at] ?? missing('id slot');
        if (s === 0) break;
        if (this.ids[s - 1] === id) return s - 1;
      }
    }
    return undefined;
  }
}
