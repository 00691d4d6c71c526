// Edges changed after the graph was sealed: those added, by entity, and a tombstone per relationship removed.
//
// The compressed rows of the snapshot stay as they are. A read of an entity takes its base row, skips the removed
// relationships, then adds the edges added to that entity: an entity no change touched costs one probe of a table,
// and a graph no change removed anything from costs nothing more per edge.
import { grown } from '../store/grown.js';
import { KeyNumbers } from '../store/key-numbers.js';

/** Per node: the other end, the relationship, and the next node of its list plus one (0 ends the list). */
const NODE = 3;
const MIN_NODES = 1024;

/**
 * The edges added to one entity in one family and direction are a list of nodes in one typed array, found by
 * the key entity × 6 + family × 2 + direction: a live change adds two nodes and, for an entity it touches first,
 * a key, none of which the garbage collector copies or promotes while the stream is applied.
 */
export class LiveEdges {
  readonly #families: number;
  readonly #lists = new KeyNumbers();
  /** Per list (by its key's number), its first and its last node plus one. */
  #first = new Int32Array(MIN_NODES);
  #last = new Int32Array(MIN_NODES);
  #nodes = new Int32Array(MIN_NODES * NODE);
  #nodeCount = 0;
  /** One byte per relationship index, 1 when removed; allocated at the first removal. */
  #removed: Uint8Array | null = null;
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
    if (list >= this.#first.length) {
      this.#first = grown(this.#first, this.#first.length * 2, (n) => new Int32Array(n));
      this.#last = grown(this.#last, this.#last.length * 2, (n) => new Int32Array(n));
    }
    if ((this.#nodeCount + 1) * NODE > this.#nodes.length)
      this.#nodes = grown(this.#nodes, this.#nodes.length * 2, (n) => new Int32Array(n));
    const node = this.#nodeCount++;
    this.#nodes[node * NODE] = other;
    this.#nodes[node * NODE + 1] = rel;
    const last = this.#last[list] ?? 0;
    if (last === 0) this.#first[list] = node + 1;
    else this.#nodes[(last - 1) * NODE + 2] = node + 1;
    this.#last[list] = node + 1;
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
    if (this.#addedCount === 0) return;
    const list = this.#lists.numberOf(this.#keyOf(family, entity, direction));
    if (list === undefined) return;
    const nodes = this.#nodes;
    for (let node = this.#first[list] ?? 0; node !== 0; node = nodes[(node - 1) * NODE + 2] ?? 0) {
      const rel = nodes[(node - 1) * NODE + 1] ?? 0;
      if (!this.isRemoved(rel)) visit(nodes[(node - 1) * NODE] ?? 0, rel);
    }
  }
}
