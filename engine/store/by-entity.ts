// Groups the records of one family (listings, statements, financials, …) by the entity they belong to.
import { missing } from '../errors/missing.js';

/**
 * Compressed-sparse-row index: the records of entity `e` are `order[offsets[e] .. offsets[e+1])`. A live change
 * (`add`, `remove`) gives the entity it touches a list of its own, which reads take instead of its row: an entity
 * no change touched reads its row as before.
 */
export class ByEntityIndex {
  readonly #offsets: Uint32Array;
  readonly #order: Uint32Array;
  /**
   * Per entity a live change touched, its records: the count, then the records, then room for more. A list grows
   * by doubling, so that a stream of events for one entity allocates (and leaves for the collector) a new list
   * only now and then, not at each event.
   */
  readonly #changed = new Map<number, Uint32Array>();

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
      const changed = this.#changed.get(e);
      if (changed !== undefined) return changed.subarray(1, 1 + (changed[0] ?? 0));
    }
    return this.#order.subarray(this.#offsets[e] ?? 0, this.#offsets[e + 1] ?? 0);
  }

  count(e: number): number {
    const changed = this.#changed.size === 0 ? undefined : this.#changed.get(e);
    return changed === undefined ? (this.#offsets[e + 1] ?? 0) - (this.#offsets[e] ?? 0) : (changed[0] ?? 0);
  }

  /** Files record `r` under entity `e` (a live change); entities past those indexed at build are welcome. */
  add(e: number, r: number): void {
    const was = this.of(e);
    if (was.includes(r)) return;
    let list = this.#changed.get(e);
    if (list === undefined || was.length + 1 >= list.length) {
      const grownList = new Uint32Array(Math.max(4, (was.length + 1) * 2));
      grownList[0] = was.length;
      grownList.set(was, 1);
      this.#changed.set(e, (list = grownList));
    }
    list[1 + was.length] = r;
    list[0] = was.length + 1;
  }

  /** Takes record `r` from entity `e` (a live change); false when it was not there. */
  remove(e: number, r: number): boolean {
    const was = this.of(e);
    const at = was.indexOf(r);
    if (at < 0) return false;
    const kept = new Uint32Array(Math.max(4, was.length * 2));
    kept[0] = was.length - 1;
    kept.set(was.subarray(0, at), 1);
    kept.set(was.subarray(at + 1), 1 + at);
    this.#changed.set(e, kept);
    return true;
  }
}
