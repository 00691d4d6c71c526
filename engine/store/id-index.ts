// Entity id → entity index: an open-addressing hash table in one typed array, beside the ids it points into.
import { missing } from '../errors/missing.js';
import { hashString } from './string-hash.js';

/**
 * A V8 Map holds at most 2^24 entries and keeps each one on the garbage-collected heap, where millions of them
 * cost seconds to insert and to mark at every full collection. Here a slot is four bytes off the heap: the entity
 * index plus one, 0 for empty. The table is kept at most half full, so a probe seldom looks past two slots; the
 * key itself is read from the ids column, which the entity table holds anyway.
 */
export class IdIndex {
  #slots: Int32Array;
  #mask: number;
  #size = 0;

  constructor(
    private readonly ids: readonly string[],
    expected = 0,
  ) {
    const capacity = IdIndex.#capacityFor(expected);
    this.#slots = new Int32Array(capacity);
    this.#mask = capacity - 1;
  }

  get size(): number {
    return this.#size;
  }

  get(id: string): number | undefined {
    const slots = this.#slots;
    const mask = this.#mask;
    for (let at = hashString(id) & mask; ; at = (at + 1) & mask) {
      const s = slots[at] ?? missing('id slot');
      if (s === 0) return undefined;
      if (this.ids[s - 1] === id) return s - 1;
    }
  }

  /** Indexes `ids[ix]`; false (and nothing changes) when that id is already indexed. */
  add(ix: number): boolean {
    if ((this.#size + 1) * 2 > this.#slots.length) this.#grow();
    const id = this.ids[ix];
    if (id === undefined) throw new RangeError(`IdIndex.add: no id at index ${ix}`);
    if (!IdIndex.#place(this.#slots, this.#mask, id, ix, this.ids)) return false;
    this.#size += 1;
    return true;
  }

  static #capacityFor(entries: number): number {
    let capacity = 1024;
    while (capacity < entries * 2) capacity *= 2;
    return capacity;
  }

  static #place(slots: Int32Array, mask: number, id: string, ix: number, ids: readonly string[]): boolean {
    for (let at = hashString(id) & mask; ; at = (at + 1) & mask) {
      const s = slots[at] ?? missing('id slot');
      if (s === 0) {
        slots[at] = ix + 1;
        return true;
      }
      if (ids[s - 1] === id) return false;
    }
  }

  #grow(): void {
    const capacity = this.#slots.length * 2;
    const slots = new Int32Array(capacity);
    const mask = capacity - 1;
    for (const s of this.#slots)
      if (s !== 0) IdIndex.#place(slots, mask, this.ids[s - 1] ?? missing('entity id'), s - 1, this.ids);
    this.#slots = slots;
    this.#mask = mask;
  }
}
