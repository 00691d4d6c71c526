// Approximate nearest neighbours over unit vectors: an HNSW graph (hnswlib) keyed by entity index.
import hnswlib from 'hnswlib-node';
import { missing } from '../errors/missing.js';

/**
 * Graph degree and build effort. Entity vectors crowd into tight groups (hundreds of records with one text), and
 * short queries fall between them: at M 16 / ef_construction 100 a tenth of the true neighbours of the evaluation
 * queries were missed; M 32 / 200 finds 98% of them for about twice the build time (bench/RESULTS.md).
 */
export const HNSW_M = 32;
export const HNSW_EF_CONSTRUCTION = 200;
/** Search breadth; raised to k when more neighbours are asked for. */
export const HNSW_EF_SEARCH = 128;
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
    index.initIndex({
      maxElements: Math.max(1, capacity),
      m: HNSW_M,
      efConstruction: HNSW_EF_CONSTRUCTION,
      randomSeed: SEED,
    });
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

  /** Like `read`, off the main thread: for a large index read while requests are being answered. */
  static async readAsync(file: string, dimensions: number, capacity: number): Promise<VectorIndex> {
    const index = new hnswlib.HierarchicalNSW('cosine', dimensions);
    await index.readIndex(file);
    if (index.getNumDimensions() !== dimensions)
      throw new Error(`${file} holds ${index.getNumDimensions()}-dimensional vectors, expected ${dimensions}`);
    if (index.getMaxElements() < capacity) index.resizeIndex(capacity);
    index.setEf(HNSW_EF_SEARCH);
    return new VectorIndex(index, dimensions);
  }

  write(file: string): void {
    this.#index.writeIndexSync(file);
  }

  /** Writes off the main thread; searches may run meanwhile, but nothing may be added until it settles. */
  async writeAsync(file: string): Promise<void> {
    await this.#index.writeIndex(file);
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
    const found =
      accept === undefined
        ? this.#index.searchKnn(Array.from(query), n)
        : this.#index.searchKnn(Array.from(query), n, accept);
    const out = found.neighbors.map((label, i) => ({
      label,
      similarity: 1 - (found.distances[i] ?? missing('neighbour distance')),
    }));
    out.sort((a, b) => b.similarity - a.similarity || a.label - b.label);
    return out;
  }
}
