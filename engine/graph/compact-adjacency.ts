// Adjacency of the edge families in typed arrays (compressed sparse rows), built from one edge list.
import { missing } from '../errors/missing.js';

/**
 * V8 starts a full collection each time the memory held by array buffers grows by some tens of megabytes, and
 * at load time each one marks a heap of a gigabyte or more. So when the number of edges is known up front, the
 * edge list and the space its rows are sorted into are three buffers allocated at once, before the heap fills:
 * a few cheap collections for ten million edges instead of one for every doubling of every array.
 */
export class EdgeListBuilder {
  #source: Int32Array;
  #target: Int32Array;
  #rel: Int32Array;
  #family: Uint8Array;
  #n = 0;
  /** The buffers `build` sorts into, allocated with the edge list when the number of edges is known. */
  #sortSpace: { runs: ArrayBuffer; rows: ArrayBuffer } | null = null;

  constructor(
    private readonly entityCount: number,
    private readonly families: number,
    expected = 0,
  ) {
    [this.#source, this.#target, this.#rel, this.#family] = EdgeListBuilder.#allocate(Math.max(1024, expected));
    if (expected > 0) this.#sortSpace = this.#allocateSortSpace(expected);
  }

  #allocateSortSpace(edges: number): { runs: ArrayBuffer; rows: ArrayBuffer } {
    return {
      runs: new ArrayBuffer(edges * 12),
      rows: new ArrayBuffer(this.families * 2 * (this.entityCount + 1) * 4 + edges * 2 * 8),
    };
  }

  static #allocate(capacity: number): [Int32Array, Int32Array, Int32Array, Uint8Array] {
    const buf = new ArrayBuffer(capacity * 13);
    return [
      new Int32Array(buf, 0, capacity),
      new Int32Array(buf, capacity * 4, capacity),
      new Int32Array(buf, capacity * 8, capacity),
      new Uint8Array(buf, capacity * 12, capacity),
    ];
  }

  add(family: number, source: number, target: number, rel: number): void {
    if (this.#n === this.#source.length) {
      const [source, target, relation, fam] = EdgeListBuilder.#allocate(this.#n * 2);
      source.set(this.#source);
      target.set(this.#target);
      relation.set(this.#rel);
      fam.set(this.#family);
      [this.#source, this.#target, this.#rel, this.#family] = [source, target, relation, fam];
    }
    this.#source[this.#n] = source;
    this.#target[this.#n] = target;
    this.#rel[this.#n] = rel;
    this.#family[this.#n] = family;
    this.#n += 1;
  }

  /** One adjacency per family code `0 .. families - 1`, each with out- and in-rows over `entityCount` entities. */
  build(): CompactAdjacency[] {
    const { entityCount, families } = this;
    const n = this.#n;
    const space =
      this.#sortSpace !== null && this.#sortSpace.runs.byteLength >= n * 12
        ? this.#sortSpace
        : this.#allocateSortSpace(n);
    this.#sortSpace = null;
    // Each family's edges first gathered into one run, so that each counting sort below reads only its own edges:
    // sorting all families in one pass, or skipping the others' edges on an unpredictable branch, stalls the random
    // accesses a counting sort otherwise overlaps (measured 1.4-2x slower at ten million edges).
    // Packed, unlike new Array(n).fill(0): no read can find a hole, so the nullish tests of its reads compile away.
    const starts = Array.from({ length: families + 1 }, () => 0);
    for (let i = 0; i < n; i++) {
      const at = (this.#family[i] ?? missing('edge family')) + 1;
      starts[at] = (starts[at] ?? missing('family start')) + 1;
    }
    for (let f = 0; f < families; f++)
      starts[f + 1] = (starts[f + 1] ?? missing('family start')) + (starts[f] ?? missing('family start'));
    const { runs } = space;
    const source = new Int32Array(runs, 0, n);
    const target = new Int32Array(runs, n * 4, n);
    const rel = new Int32Array(runs, n * 8, n);
    const next = starts.slice(0, families);
    for (let i = 0; i < n; i++) {
      const f = this.#family[i] ?? missing('edge family');
      const at = next[f] ?? missing('family start');
      source[at] = this.#source[i] ?? missing('edge source');
      target[at] = this.#target[i] ?? missing('edge target');
      rel[at] = this.#rel[i] ?? missing('edge relationship');
      next[f] = at + 1;
    }
    const rows = new Rows(space.rows);
    const cursor = new Uint32Array(entityCount);
    return Array.from({ length: families }, (_f, f) => {
      const [from, to] = [starts[f] ?? missing('family start'), starts[f + 1] ?? missing('family start')];
      const [s, t, r] = [source.subarray(from, to), target.subarray(from, to), rel.subarray(from, to)];
      return new CompactAdjacency(
        rows.sorted(entityCount, s, t, r, cursor),
        rows.sorted(entityCount, t, s, r, cursor),
        to - from,
      );
    });
  }
}

interface Csr {
  /** `offsets[e] .. offsets[e + 1]` are the positions of entity `e`'s edges in `other` and `rel`. */
  offsets: Uint32Array;
  other: Int32Array;
  rel: Int32Array;
}

/** Every family's rows, carved out of one buffer. */
class Rows {
  readonly #buf: ArrayBuffer;
  #used = 0;

  constructor(buf: ArrayBuffer) {
    this.#buf = buf;
  }

  /** Counting sort by `key`: keeps insertion order within each entity, so answers are stable. */
  sorted(entityCount: number, key: Int32Array, other: Int32Array, rel: Int32Array, cursor: Uint32Array): Csr {
    const n = key.length;
    const offsets = new Uint32Array(this.#buf, this.#take((entityCount + 1) * 4), entityCount + 1);
    const o = new Int32Array(this.#buf, this.#take(n * 4), n);
    const r = new Int32Array(this.#buf, this.#take(n * 4), n);
    for (let i = 0; i < n; i++) {
      const at = (key[i] ?? missing('edge end')) + 1;
      offsets[at] = (offsets[at] ?? missing('row offset')) + 1;
    }
    for (let e = 0; e < entityCount; e++)
      offsets[e + 1] = (offsets[e + 1] ?? missing('row offset')) + (offsets[e] ?? missing('row offset'));
    cursor.set(offsets.subarray(0, entityCount));
    for (let i = 0; i < n; i++) {
      const k = key[i] ?? missing('edge end');
      const at = cursor[k] ?? missing('row cursor');
      o[at] = other[i] ?? missing('edge end');
      r[at] = rel[i] ?? missing('edge relationship');
      cursor[k] = at + 1;
    }
    return { offsets, other: o, rel: r };
  }

  #take(bytes: number): number {
    const at = this.#used;
    this.#used += bytes;
    return at;
  }
}

export class CompactAdjacency {
  constructor(
    private readonly out: Csr,
    private readonly into: Csr,
    readonly size: number,
  ) {}

  /** Edges where `entity` holds the role (out) or others hold a role in it (in). */
  forEach(entity: number, direction: 'in' | 'out', visit: (other: number, rel: number) => void): void {
    const c = direction === 'out' ? this.out : this.into;
    const end = c.offsets[entity + 1] ?? 0;
    for (let i = c.offsets[entity] ?? 0; i < end; i++)
      visit(c.other[i] ?? missing('edge end'), c.rel[i] ?? missing('edge relationship'));
  }

  degree(entity: number): number {
    return (
      (this.out.offsets[entity + 1] ?? 0) -
      (this.out.offsets[entity] ?? 0) +
      (this.into.offsets[entity + 1] ?? 0) -
      (this.into.offsets[entity] ?? 0)
    );
  }
}
