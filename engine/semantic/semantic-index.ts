// The semantic side of a loaded corpus: the embedder, the vector indexes, and live coverage counts.
import type { StoredEntity } from '../model/views.js';
import type { EntityTable } from '../store/entity-table.js';
import type { ByEntityIndex } from '../store/by-entity.js';
import { missing } from '../errors/missing.js';
import type { TextEmbedder } from './embedder.js';
import { TIERS, embeddingOrder, recordTier } from './embed-policy.js';
import { VectorIndex, type Neighbour } from './vector-index.js';

/** Live coverage (CONTRACT.md §3): entities whose cluster has a vector, out of all entities. */
export interface Coverage {
  embedded: number;
  total: number;
  ratio: number;
  scope: string;
}

/**
 * Vectors of the snapshot's clusters live in one index, which background embedding persists per snapshot; clusters
 * of records added live have their own index in memory, embedded again at each start (their records are replayed
 * from the journal, and a snapshot folded from it embeds them at build). A search reads both.
 */
export class SemanticIndex {
  readonly embedder: TextEmbedder | null;
  #index: VectorIndex;
  #live: VectorIndex | null = null;
  /** Entities the snapshot holds: a canonical record past them is one added live. */
  readonly #loaded: number;
  /** Tier of each canonical record (embed-policy.ts). */
  #tiers: Uint8Array;
  readonly #entities: EntityTable;
  readonly #clusters: ByEntityIndex;
  #embedded: Uint8Array;
  readonly #tierTotal: number[];
  readonly #tierDone: number[];
  #covered = 0;
  /** Canonical records added live and not embedded yet, oldest first. */
  #added: number[] = [];
  #wake: (() => void) | null = null;

  constructor(
    entities: EntityTable,
    clusters: ByEntityIndex,
    embedder: TextEmbedder | null,
    index: VectorIndex,
    tiers: Uint8Array,
  ) {
    this.#entities = entities;
    this.#clusters = clusters;
    this.embedder = embedder;
    this.#index = index;
    this.#tiers = tiers;
    this.#loaded = entities.size;
    this.#embedded = new Uint8Array(entities.size);
    // Packed, unlike new Array(n).fill(0): no read can find a hole, so the nullish tests of the reads compile away.
    this.#tierTotal = Array.from(TIERS, () => 0);
    this.#tierDone = Array.from(TIERS, () => 0);
    for (let ix = 0; ix < entities.size; ix++) {
      if (entities.cluster(ix) !== ix) continue;
      const t = tiers[ix] ?? missing('entity tier');
      this.#tierTotal[t] = (this.#tierTotal[t] ?? missing('tier total')) + this.#size(ix);
    }
    for (const label of index.labels()) this.#mark(label);
  }

  #size(canonical: number): number {
    return Math.max(1, this.#clusters.count(canonical));
  }

  #tier(canonical: number): number {
    return this.#tiers[canonical] ?? missing('entity tier');
  }

  #mark(canonical: number): void {
    if (this.#embedded[canonical] === 1) return;
    this.#embedded[canonical] = 1;
    const n = this.#size(canonical);
    this.#covered += n;
    const t = this.#tier(canonical);
    this.#tierDone[t] = (this.#tierDone[t] ?? missing('tier count')) + n;
  }

  /** Room in the per-entity arrays for entity `ix`, grown by doubling. */
  #reserve(ix: number): void {
    if (ix < this.#embedded.length) return;
    const n = Math.max(ix + 1, this.#embedded.length * 2, 1024);
    const embedded = new Uint8Array(n);
    embedded.set(this.#embedded);
    this.#embedded = embedded;
    const tiers = new Uint8Array(n);
    tiers.set(this.#tiers);
    this.#tiers = tiers;
  }

  /** The index of the snapshot's clusters: what background embedding persists and checkpoints. */
  get index(): VectorIndex {
    return this.#index;
  }

  /**
   * Serves a grown copy of the snapshot's index instead (a checkpoint written by an earlier run of this snapshot).
   * It must hold every vector of the current one, and only clusters of the snapshot; it is refused otherwise.
   */
  adopt(index: VectorIndex): boolean {
    const labels = new Set(index.labels());
    if (index.dimensions !== this.#index.dimensions || this.#index.labels().some((l) => !labels.has(l))) return false;
    for (const label of labels) if (label >= this.#loaded || this.#entities.cluster(label) !== label) return false;
    this.#index = index;
    for (const label of labels) this.#mark(label);
    return true;
  }

  /**
   * Counts an entity a live change added (`record`, as it was stored). A record of a cluster already held adds to that cluster's coverage; a
   * record of its own becomes a cluster to embed, queued for the background (`takeAdded`).
   */
  entityAdded(ix: number, record: StoredEntity): void {
    this.#reserve(ix);
    const canonical = this.#entities.cluster(ix);
    if (canonical !== ix) {
      const t = this.#tier(canonical);
      this.#tierTotal[t] = (this.#tierTotal[t] ?? missing('tier total')) + 1;
      if (this.#embedded[canonical] === 1) {
        this.#covered += 1;
        this.#tierDone[t] = (this.#tierDone[t] ?? missing('tier count')) + 1;
      }
      return;
    }
    const t = recordTier(record, false);
    this.#tiers[ix] = t;
    this.#tierTotal[t] = (this.#tierTotal[t] ?? missing('tier total')) + 1;
    if (this.embedder === null) return;
    this.#added.push(ix);
    this.#wake?.();
  }

  /** The clusters added live since the last call, oldest first. */
  takeAdded(): number[] {
    const added = this.#added;
    this.#added = [];
    return added;
  }

  /** Settles at the next live addition to embed, or when `cancel` is called. */
  nextAdded(): { added: Promise<void>; cancel: () => void } {
    let wake: () => void = () => undefined;
    const added = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const cancel = (): void => {
      if (this.#wake === wake) this.#wake = null;
      wake();
    };
    if (this.#added.length > 0) wake();
    else this.#wake = wake;
    return { added, cancel };
  }

  /** Whether the entity's cluster has a vector. */
  isEmbedded(ix: number): boolean {
    return this.#embedded[this.#entities.cluster(ix)] === 1;
  }

  /** Adds the vector of a cluster, named by its canonical record. */
  add(canonical: number, vector: Float32Array): void {
    if (this.#embedded[canonical] === 1) return;
    if (canonical < this.#loaded) this.#index.add(canonical, vector);
    else (this.#live ??= VectorIndex.create(this.#index.dimensions, 1024)).add(canonical, vector);
    this.#mark(canonical);
  }

  /** The stored (unit) vector of an embedded cluster. */
  vector(canonical: number): Float32Array {
    return canonical < this.#loaded || this.#live === null
      ? this.#index.vector(canonical)
      : this.#live.vector(canonical);
  }

  /** The k nearest clusters that pass `accept`, of the snapshot's and those added live, nearest first. */
  search(query: Float32Array, k: number, accept?: (label: number) => boolean): Neighbour[] {
    const found = this.#index.search(query, k, accept);
    if (this.#live === null) return found;
    const all = [...found, ...this.#live.search(query, k, accept)];
    all.sort((a, b) => b.similarity - a.similarity || a.label - b.label);
    return all.slice(0, k);
  }

  /** Canonical records of the snapshot still without a vector, in embedding order. */
  pending(): number[] {
    const order = embeddingOrder(this.#tiers.subarray(0, this.#loaded), (ix) => this.#entities.cluster(ix) === ix);
    return Array.from(order).filter((ix) => this.#embedded[ix] !== 1);
  }

  coverage(): Coverage {
    const total = this.#entities.size;
    const embedded = this.#covered;
    return {
      embedded,
      total,
      ratio: total === 0 ? 1 : Math.round((embedded / total) * 10_000) / 10_000,
      scope: this.scope(),
    };
  }

  /** Which tiers of the embedding policy are complete, in words. */
  scope(): string {
    if (this.#covered >= this.#entities.size) return 'all entities';
    const done: string[] = [];
    const partial: string[] = [];
    for (const [i, tier] of TIERS.entries()) {
      const total = this.#tierTotal[i] ?? missing('tier total');
      const embedded = this.#tierDone[i] ?? missing('tier count');
      if (total > 0 && embedded === total) done.push(tier);
      else if (embedded > 0 && embedded < total) partial.push(tier);
    }
    const parts: string[] = [];
    if (done.length > 0) parts.push(`all ${done.join(', ')}`);
    if (partial.length > 0) parts.push(`part of the ${partial.join(', ')}`);
    return `${parts.join('; ') || 'nothing yet'} (embedding order: ${TIERS.join(', then ')})`;
  }
}
