// Approximate nearest neighbours over unit vectors: an HNSW graph (hnswlib) keyed by entity index.
import hnswlib from 'hnswlib-node';

/** Graph degree and build effort: recall above 0.95 at 100 dimensions for a build cost of ~0.2 ms a point. */
export const HNSW_M = 16;
export const HNSW_EF_CONSTRUCTION = 100;
/** Search breadth; raised to k when more neighbours are asked for. */
export const HNSW_EF_SEARCH = 96;
const SEED = 100;

export interface Neighbour {
  label: number;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export class VectorIndex {
  readonly #index: hnswlib.HierarchicalNSW;
  readonly dimensions: number;

  private constructor(index: hnswlib.HierarchicalNSW, dimensions: number) {
    this.#index = index;
    this.dimensions = dimensions;
  }

  static create(dimensions: number, capacity: number): VectorIndex {
    const index = new hnswlib.HierarchicalNSW('cosine', dimensions);
    index.initIndex({ maxElements: Math.max(1, capacity), m: HNSW_M, efConstruction: HNSW_EF_CONSTRUCTION, randomSeed: SEED });
    index.setEf(HNSW_EF_SEARCH);
    return new VectorIndex(index, dimensions);
  }

  /** Reads an index written by `write`, with room for `capacity` points in all. */
  static read(file: string, dimensions: number, capacity: number): VectorIndex {
    const index = new hnswlib.HierarchicalNSW('cosine', dimensions);
    index.readIndexSync(file);
    if (index.getMaxElements() < capacity) index.resizeIndex(capacity);
    index.setEf(HNSW_EF_SEARCH);
    return new VectorIndex(index, dimensions);
  }

  write(file: string): void {
    this.#index.writeIndexSync(file);
  }

  get size(): number {
    return this.#index.getCurrentCount();
  }

  add(label: number, vector: Float32Array): void {
    if (this.size >= this.#index.getMaxElements()) this.#index.resizeIndex(Math.max(16, this.size * 2));
    this.#index.addPoint(Array.from(vector), label);
  }

  labels(): number[] {
    return this.#index.getIdsList();
  }

  /** The stored (unit) vector of a label. */
  vector(label: number): Float32Array {
    return Float32Array.from(this.#index.getPoint(label));
  }

  /** The k nearest labels that pass `accept`, nearest first; ties in distance by label, so answers are stable. */
  search(query: Float32Array, k: number, accept?: (label: number) => boolean): Neighbour[] {
    const n = Math.min(k, this.size);
    if (n <= 0) return [];
    this.#index.setEf(Math.max(HNSW_EF_SEARCH, n));
    const found = accept === undefined ? this.#index.searchKnn(Array.from(query), n) : this.#index.searchKnn(Array.from(query), n, accept);
    const out = found.neighbors.map((label, i) => ({ label, similarity: 1 - (found.distances[i] as number) }));
    out.sort((a, b) => b.similarity - a.similarity || a.label - b.label);
    return out;
  }
}
