// Groups the records of one family (listings, statements, financials, …) by the entity they belong to.
import { missing } from '../errors/missing.js';
import { PAGE_LENGTH, PagedColumn } from './paged-column.js';

/** Where `#changed` says an entity reads its row as built. */
const NOT_CHANGED = -1;
/** Where `#changed` says an entity's list is one of the large ones. */
const LARGE = -2;

/**
 * Compressed-sparse-row index: the records of entity `e` are `order[offsets[e] .. offsets[e+1])`. A live change
 * (`add`, `remove`) gives the entity it touches a list of its own, which reads take instead of its row: an entity
 * no change touched reads its row as before.
 */
export class ByEntityIndex {
  readonly #offsets: Uint32Array;
  readonly #order: Uint32Array;
  /**
   * Per entity a live change touched, where its list starts in `#lists` (else NOT_CHANGED, or LARGE for a list too
   * long for a page, kept in `#large`): its room, its count, then its records. A list grows by doubling (moved to the
   * end of `#lists`), so that a stream of events for one entity moves it only now and then, not at each event. The
   * lists share pages: a small array of its own per list is kept in V8's heap only until a read takes a view of it,
   * which moves it into a buffer of its own outside the heap, one allocation and one more buffer for the collector
   * to sweep per list. A list never crosses a page, so a read is a view of one; pages are never copied, so growth
   * never holds up a search waiting behind the change.
   */
  readonly #changed = new PagedColumn((n) => new Int32Array(n), NOT_CHANGED);
  readonly #lists = new PagedColumn((n) => new Uint32Array(n));
  #listsEnd = 0;
  /** The lists longer than a page holds, each in an array of its own laid out the same way (from 0). */
  readonly #large = new Map<number, Uint32Array>();

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
    const at = this.#changed.get(e);
    if (at === NOT_CHANGED) return this.#order.subarray(this.#offsets[e] ?? 0, this.#offsets[e + 1] ?? 0);
    if (at === LARGE) {
      const list = this.#large.get(e) ?? missing('large list');
      return list.subarray(2, 2 + (list[1] ?? 0));
    }
    return this.#lists.view(at + 2, this.#lists.get(at + 1));
  }

  count(e: number): number {
    const at = this.#changed.get(e);
    if (at === NOT_CHANGED) return (this.#offsets[e + 1] ?? 0) - (this.#offsets[e] ?? 0);
    return at === LARGE ? (this.#large.get(e)?.[1] ?? 0) : this.#lists.get(at + 1);
  }

  /** Files record `r` under entity `e` (a live change); entities past those indexed at build are welcome. */
  add(e: number, r: number): void {
    const was = this.of(e);
    if (was.includes(r)) return;
    const list =
      this.#room(e) < was.length + 1 ? this.#place(e, was, Math.max(4, (was.length + 1) * 2)) : this.#list(e);
    list[2 + was.length] = r;
    list[1] = was.length + 1;
  }

  /** Takes record `r` from entity `e` (a live change); false when it was not there. */
  remove(e: number, r: number): boolean {
    const was = this.of(e);
    const index = was.indexOf(r);
    if (index < 0) return false;
    const list = this.#place(e, was, Math.max(4, was.length * 2));
    list.copyWithin(2 + index, 3 + index, 2 + was.length);
    list[1] = was.length - 1;
    return true;
  }

  /** How many records the list of `e` has room for (0 when it has none of its own). */
  #room(e: number): number {
    const at = this.#changed.get(e);
    if (at === NOT_CHANGED) return 0;
    return at === LARGE ? (this.#large.get(e)?.[0] ?? 0) : this.#lists.get(at);
  }

  /** The list of `e` (which has one of its own) as a view: its room, its count, then its records. */
  #list(e: number): Uint32Array {
    const at = this.#changed.get(e);
    return at === LARGE ? (this.#large.get(e) ?? missing('large list')) : this.#lists.view(at, 2 + this.#lists.get(at));
  }

  /**
   * A new list for `e` with room for `room` records, holding `records`: at the end of `#lists`, on the next page when
   * it would cross one; returned as `#list` returns it. The list it replaces stays as it was, for a reader still
   * holding a view of it.
   */
  #place(e: number, records: Uint32Array, room: number): Uint32Array {
    if (2 + room > PAGE_LENGTH) {
      const list = new Uint32Array(2 + room);
      list[0] = room;
      list[1] = records.length;
      list.set(records, 2);
      this.#large.set(e, list);
      this.#changed.set(e, LARGE);
      return list;
    }
    let at = this.#listsEnd;
    if ((at % PAGE_LENGTH) + 2 + room > PAGE_LENGTH) at += PAGE_LENGTH - (at % PAGE_LENGTH);
    const array = this.#lists.view(at, 2 + room);
    array[0] = room;
    array[1] = records.length;
    array.set(records, 2);
    this.#listsEnd = at + 2 + room;
    this.#changed.set(e, at);
    return array;
  }
}
