// Groups the records of one family (listings, statements, financials, …) by the entity they belong to.
import { missing } from '../errors/missing.js';
import { grown } from './grown.js';

/** The first size of the lists' shared array, in numbers. */
const FIRST_LISTS_LENGTH = 1024;

/**
 * Compressed-sparse-row index: the records of entity `e` are `order[offsets[e] .. offsets[e+1])`. A live change
 * (`add`, `remove`) gives the entity it touches a list of its own, which reads take instead of its row: an entity
 * no change touched reads its row as before.
 */
export class ByEntityIndex {
  readonly #offsets: Uint32Array;
  readonly #order: Uint32Array;
  /**
   * Per entity a live change touched, where its list starts in `#lists`: its room, its count, then its records.
   * A list grows by doubling (moved to the end of `#lists`), so that a stream of events for one entity moves it only
   * now and then, not at each event. The lists share one array: a small array of its own per list is kept in V8's
   * heap only until a read takes a view of it, which moves it into a buffer of its own outside the heap, one
   * allocation and one more buffer for the collector to sweep per list.
   */
  readonly #changed = new Map<number, number>();
  #lists = new Uint32Array(FIRST_LISTS_LENGTH);
  #listsEnd = 0;

  /** `owners[r]` is the entity index that record `r` belongs to. */
  constructor(entityCount: number, owners: ArrayLike<number>) {
    const offsets = new Uint32Array(entityCount + 1);
    for (let r = 0; r < owners.length; r++) {
      const at = (owners[r] ?? missing('record owner')) + 1;
      offsets[at] = (offsets[at] ?? missing('entity offset')) + 1;
    }
    for (let e = 0; e < entityCount; e++)
      offsets[e + 1] = (offsets[e + 1] ?? missing('entity offset')) + (offsets[e] ?? missing('entity offset'));
    const cursor = offsets.slice(0, entityCount);
    const order = new Uint32Array(owners.length);
    for (let r = 0; r < owners.length; r++) {
      const e = owners[r] ?? missing('record owner');
      const at = cursor[e] ?? missing('entity cursor');
      order[at] = r;
      cursor[e] = at + 1;
    }
    this.#offsets = offsets;
    this.#order = order;
  }

  /** Record indexes belonging to entity `e`, in the order they were stored (live additions last). */
  of(e: number): Uint32Array {
    if (this.#changed.size > 0) {
      const at = this.#changed.get(e);
      if (at !== undefined) return this.#lists.subarray(at + 2, at + 2 + (this.#lists[at + 1] ?? 0));
    }
    return this.#order.subarray(this.#offsets[e] ?? 0, this.#offsets[e + 1] ?? 0);
  }

  count(e: number): number {
    const at = this.#changed.size === 0 ? undefined : this.#changed.get(e);
    return at === undefined ? (this.#offsets[e + 1] ?? 0) - (this.#offsets[e] ?? 0) : (this.#lists[at + 1] ?? 0);
  }

  /** Files record `r` under entity `e` (a live change); entities past those indexed at build are welcome. */
  add(e: number, r: number): void {
    const was = this.of(e);
    if (was.includes(r)) return;
    let at = this.#changed.get(e);
    if (at === undefined || was.length + 1 > (this.#lists[at] ?? 0))
      at = this.#place(e, was, Math.max(4, (was.length + 1) * 2));
    this.#lists[at + 2 + was.length] = r;
    this.#lists[at + 1] = was.length + 1;
  }

  /**
   * A new list for `e` at the end of `#lists`, with room for `room` records, holding `records`; returns where it
   * starts. The list it replaces stays as it was, for a reader still holding a view of it.
   */
  #place(e: number, records: Uint32Array, room: number): number {
    const at = this.#listsEnd;
    if (at + 2 + room > this.#lists.length) {
      let length = this.#lists.length * 2;
      while (at + 2 + room > length) length *= 2;
      this.#lists = grown(this.#lists, length, (n) => new Uint32Array(n));
    }
    this.#lists[at] = room;
    this.#lists[at + 1] = records.length;
    this.#lists.set(records, at + 2);
    this.#listsEnd = at + 2 + room;
    this.#changed.set(e, at);
    return at;
  }

  /** Takes record `r` from entity `e` (a live change); false when it was not there. */
  remove(e: number, r: number): boolean {
    const was = this.of(e);
    const index = was.indexOf(r);
    if (index < 0) return false;
    const at = this.#place(e, was, Math.max(4, was.length * 2));
    this.#lists.copyWithin(at + 2 + index, at + 3 + index, at + 2 + was.length);
    this.#lists[at + 1] = was.length - 1;
    return true;
  }
}
