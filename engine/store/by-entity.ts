// Groups the records of one family (listings, statements, financials, …) by the entity they belong to.

/** Compressed-sparse-row index: the records of entity `e` are `order[offsets[e] .. offsets[e+1])`. */
export class ByEntityIndex {
  readonly #offsets: Uint32Array;
  readonly #order: Uint32Array;

  /** `owners[r]` is the entity index that record `r` belongs to. */
  constructor(entityCount: number, owners: ArrayLike<number>) {
    const offsets = new Uint32Array(entityCount + 1);
    for (let r = 0; r < owners.length; r++) (offsets[(owners[r] as number) + 1] as number)++;
    for (let e = 0; e < entityCount; e++) offsets[e + 1] = (offsets[e + 1] as number) + (offsets[e] as number);
    const cursor = offsets.slice(0, entityCount);
    const order = new Uint32Array(owners.length);
    for (let r = 0; r < owners.length; r++) {
      const e = owners[r] as number;
      order[cursor[e] as number] = r;
      cursor[e] = (cursor[e] as number) + 1;
    }
    this.#offsets = offsets;
    this.#order = order;
  }

  /** Record indexes belonging to entity `e`, in the order they were stored. */
  of(e: number): Uint32Array {
    return this.#order.subarray(this.#offsets[e] ?? 0, this.#offsets[e + 1] ?? 0);
  }

  count(e: number): number {
    return (this.#offsets[e + 1] ?? 0) - (this.#offsets[e] ?? 0);
  }
}
