// Edges changed after the graph was sealed: those added, by entity, and a tombstone per relationship removed.
//
// The compressed rows of the snapshot stay as they are. A read of an entity takes its base row, skips the removed
// relationships, then adds the edges added to that entity: an entity no change touched costs one probe of a table,
// and a graph no change removed anything from costs nothing more per edge.
import { KeyNumbers } from '../store/key-numbers.js';
import { PagedColumn } from '../store/paged-column.js';

/**
 * The edges added to one entity in one family and direction are a list of nodes in one typed array, found by
 * the key entity × 6 + family × 2 + direction: a live change adds two nodes and, for an entity it touches first,
 * a key, none of which the garbage collector copies or promotes while the stream is applied. The columns grow a
 * page at a time (paged-column.ts): doubling them copies all they hold, a pause a search waiting behind a change feels.
 */
export class LiveEdges {
  readonly #families: number;
  readonly #lists = new KeyNumbers();
  /** Per list (by its key's number), its first and its last node plus one (0: none). */
  readonly #first = new PagedColumn((n) => new Int32Array(n));
  readonly #last = new PagedColumn((n) => new Int32Array(n));
  /** Per node: the other end, the relationship, and the next node of its list plus one (0 ends the list). */
  readonly #other = new PagedColumn((n) => new Int32Array(n));
  readonly #rel = new PagedColumn((n) => new Int32Array(n));
  readonly #next = new PagedColumn((n) => new Int32Array(n));
  /** One byte per relationship index, 1 when removed. */
  readonly #removed = new PagedColumn((n) => new Uint8Array(n));
  #addedCount = 0;
  #removedCount = 0;

  constructor(families: number) {
    this.#families = families;
  }

  /** Relationships added, and relationships removed, since the seal. */
  get counts(): { added: number; removed: number } {
    return { added: this.#addedCount, removed: this.#removedCount };
  }

  add(family: number, source: number, target: number, rel: number): void {
    if (!Number.isInteger(family) || family < 0 || family >= this.#families)
      throw new RangeError(`no edge family ${family}`);
    this.#append(this.#lists.add(this.#keyOf(family, source, 'out')), target, rel);
    this.#append(this.#lists.add(this.#keyOf(family, target, 'in')), source, rel);
    this.#addedCount++;
  }

  #keyOf(family: number, entity: number, direction: 'in' | 'out'): number {
    return (entity * this.#families + family) * 2 + (direction === 'in' ? 1 : 0);
  }

  #append(list: number, other: number, rel: number): void {
    const node = this.#other.push(other);
    this.#rel.set(node, rel);
    const last = this.#last.get(list);
    if (last === 0) this.#first.set(list, node + 1);
    else this.#next.set(last - 1, node + 1);
    this.#last.set(list, node + 1);
  }

  /** Marks relationship `rel` removed (from the base rows or from the added edges); false when it already was. */
  remove(rel: number): boolean {
    if (this.#removed.get(rel) === 1) return false;
    this.#removed.set(rel, 1);
    this.#removedCount++;
    return true;
  }

  isRemoved(rel: number): boolean {
    return this.#removedCount > 0 && this.#removed.get(rel) === 1;
  }

  /** True when nothing was ever removed: reads of the base rows need not check each relationship. */
  get noneRemoved(): boolean {
    return this.#removedCount === 0;
  }

  /** Visits the edges added to `entity` in one family and direction, in the order they were added, removed ones skipped. */
  forEach(family: number, entity: number, direction: 'in' | 'out', visit: (other: number, rel: number) => void): void {
    if (this.#addedCount === 0) return;
    const list = this.#lists.numberOf(this.#keyOf(family, entity, direction));
    if (list === undefined) return;
    for (let node = this.#first.get(list); node !== 0; node = this.#next.get(node - 1)) {
      const rel = this.#rel.get(node - 1);
      if (!this.isRemoved(rel)) visit(this.#other.get(node - 1), rel);
    }
  }
}
