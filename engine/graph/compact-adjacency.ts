// Adjacency of a large edge family in typed arrays (compressed sparse rows), for families no traversal library walks.

/** Collects edges, then freezes them into out- and in-adjacency sorted by entity. */
export class CompactAdjacencyBuilder {
  #source: Int32Array = new Int32Array(1024);
  #target: Int32Array = new Int32Array(1024);
  #rel: Int32Array = new Int32Array(1024);
  #n = 0;

  add(source: number, target: number, rel: number): void {
    if (this.#n === this.#source.length) {
      const grow = (a: Int32Array): Int32Array => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.#source = grow(this.#source);
      this.#target = grow(this.#target);
      this.#rel = grow(this.#rel);
    }
    this.#source[this.#n] = source;
    this.#target[this.#n] = target;
    this.#rel[this.#n] = rel;
    this.#n += 1;
  }

  build(entityCount: number): CompactAdjacency {
    const n = this.#n;
    const out = csr(entityCount, this.#source.subarray(0, n), this.#target.subarray(0, n), this.#rel.subarray(0, n));
    const into = csr(entityCount, this.#target.subarray(0, n), this.#source.subarray(0, n), this.#rel.subarray(0, n));
    return new CompactAdjacency(out, into, n);
  }
}

interface Csr {
  offsets: Uint32Array;
  other: Int32Array;
  rel: Int32Array;
}

/** Counting sort by `key`: keeps insertion order within each entity, so answers are stable. */
function csr(entityCount: number, key: Int32Array, other: Int32Array, rel: Int32Array): Csr {
  const offsets = new Uint32Array(entityCount + 1);
  for (let i = 0; i < key.length; i++) (offsets[(key[i] as number) + 1] as number)++;
  for (let e = 0; e < entityCount; e++) offsets[e + 1] = (offsets[e + 1] as number) + (offsets[e] as number);
  const cursor = offsets.slice(0, entityCount);
  const o = new Int32Array(key.length);
  const r = new Int32Array(key.length);
  for (let i = 0; i < key.length; i++) {
    const k = key[i] as number;
    const at = cursor[k] as number;
    o[at] = other[i] as number;
    r[at] = rel[i] as number;
    cursor[k] = at + 1;
  }
  return { offsets, other: o, rel: r };
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
    for (let i = c.offsets[entity] ?? 0; i < end; i++) visit(c.other[i] as number, c.rel[i] as number);
  }

  degree(entity: number): number {
    return (this.out.offsets[entity + 1] ?? 0) - (this.out.offsets[entity] ?? 0) + (this.into.offsets[entity + 1] ?? 0) - (this.into.offsets[entity] ?? 0);
  }
}
