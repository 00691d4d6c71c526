// The semantic side of a loaded corpus: the embedder, the vector index, and live coverage counts.
import type { EntityTable } from '../store/entity-table.js';
import type { ByEntityIndex } from '../store/by-entity.js';
import { missing } from '../errors/missing.js';
import type { TextEmbedder } from './embedder.js';
import { TIERS, embeddingOrder } from './embed-policy.js';
import type { VectorIndex } from './vector-index.js';

/** Live coverage (CONTRACT.md §3): entities whose cluster has a vector, out of all entities. */
export interface Coverage {
  embedded: number;
  total: number;
  ratio: number;
  scope: string;
}

export class SemanticIndex {
  readonly embedder: TextEmbedder | null;
  #index: VectorIndex;
  /** Tier of each canonical record (embed-policy.ts). */
  readonly tiers: Uint8Array;
  readonly #entities: EntityTable;
  readonly #clusters: ByEntityIndex;
  readonly #embedded: Uint8Array;
  readonly #tierTotal: number[];
  readonly #tierDone: number[];
  #covered = 0;

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
    this.tiers = tiers;
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

  #mark(canonical: number): void {
    if (this.#embedded[canonical] === 1) return;
    this.#embedded[canonical] = 1;
    const n = this.#size(canonical);
    this.#covered += n;
    const t = this.tiers[canonical] ?? missing('entity tier');
    this.#tierDone[t] = (this.#tierDone[t] ?? missing('tier count')) + n;
  }

  get index(): VectorIndex {
    return this.#index;
  }

  /**
   * Serves a grown copy of the index instead (a checkpoint written by an earlier run of this snapshot). It must
   * hold every vector of the current one; it is refused otherwise, and the current index stays.
   */
  adopt(index: VectorIndex): boolean {
    const labels = new Set(index.labels());
    if (index.dimensions !== this.#index.dimensions || this.#index.labels().some((l) => !labels.has(l))) return false;
    for (const label of labels)
      if (label >= this.#embedded.length || this.#entities.cluster(label) !== label) return false;
    this.#index = index;
    for (const label of labels) this.#mark(label);
    return true;
  }

  /** Whether the entity's cluster has a vector. */
  isEmbedded(ix: number): boolean {
    return this.#embedded[this.#entities.cluster(ix)] === 1;
  }

  /** Adds the vector of a cluster, named by its canonical record. */
  add(canonical: number, vector: Float32Array): void {
    if (this.#embedded[canonical] === 1) return;
    this.#index.add(canonical, vector);
    this.#mark(canonical);
  }

  /** Canonical records still without a vector, in embedding order. */
  pending(): number[] {
    const order = embeddingOrder(this.tiers, (ix) => this.#entities.cluster(ix) === ix);
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
