// Edges changed after the graph was sealed: those added, by entity, and a tombstone per relationship removed.
//
// The compressed rows of the snapshot stay as they are. A read of an entity takes its base row, skips the removed
// relationships, then adds the edges added to that entity: an entity no change touched costs one map probe, and a
// graph no change removed anything from costs nothing more per edge.

/** The other end and the relationship of each edge, flattened: [other, rel, other, rel, …]. */
type EdgeList = number[];

interface Touched {
  in: EdgeList;
  out: EdgeList;
}

export class LiveEdges {
  /** Per family, the entities that gained edges. */
  readonly #added: Map<number, Touched>[];
  /** One byte per relationship index, 1 when removed; allocated at the first removal. */
  #removed: Uint8Array | null = null;
  #addedCount = 0;
  #removedCount = 0;

  constructor(families: number) {
    this.#added = Array.from({ length: families }, () => new Map<number, Touched>());
  }

  /** Relationships added, and relationships removed, since the seal. */
  get counts(): { added: number; removed: number } {
    return { added: this.#addedCount, removed: this.#removedCount };
  }

  add(family: number, source: number, target: number, rel: number): void {
    const touched = this.#added[family];
    if (touched === undefined) throw new RangeError(`no edge family ${family}`);
    const of = (entity: number): Touched => {
      let t = touched.get(entity);
      if (t === undefined) touched.set(entity, (t = { in: [], out: [] }));
      return t;
    };
    of(source).out.push(target, rel);
    of(target).in.push(source, rel);
    this.#addedCount++;
  }

  /** Marks relationship `rel` removed (from the base rows or from the added edges); false when it already was. */
  remove(rel: number): boolean {
    if (this.#removed === null || rel >= this.#removed.length) {
      const grown = new Uint8Array(Math.max(rel + 1, (this.#removed?.length ?? 1024) * 2));
      if (this.#removed !== null) grown.set(this.#removed);
      this.#removed = grown;
    }
    if (this.#removed[rel] === 1) return false;
    this.#removed[rel] = 1;
    this.#removedCount++;
    return true;
  }

  isRemoved(rel: number): boolean {
    return this.#removed !== null && this.#removed[rel] === 1;
  }

  /** True when nothing was ever removed: reads of the base rows need not check each relationship. */
  get noneRemoved(): boolean {
    return this.#removedCount === 0;
  }

  /** Visits the edges added to `entity` in one family and direction, in the order they were added, removed ones skipped. */
  forEach(family: number, entity: number, direction: 'in' | 'out', visit: (other: number, rel: number) => void): void {
    const list = this.#added[family]?.get(entity)?.[direction];
    if (list === undefined) return;
    for (let i = 0; i < list.length; i += 2) {
      const other = list[i] ?? 0;
      const rel = list[i + 1] ?? 0;
      if (!this.isRemoved(rel)) visit(other, rel);
    }
  }
}
