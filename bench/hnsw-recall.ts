// HNSW recall against exact brute-force cosine k-NN over the very vectors the index holds.
import type { Corpus } from '../engine/corpus.js';
import { HNSW_EF_CONSTRUCTION, HNSW_EF_SEARCH, HNSW_M } from '../engine/semantic/vector-index.js';

const K = 10;
const ENTITY_QUERIES = 300;

export interface RecallFigures {
  vectors: number;
  m: number;
  ef_construction: number;
  ef: number;
  /** The evaluation queries' vectors. */
  text_queries: number;
  text_recall: number;
  text_filtered_recall: number;
  /** Stored entity vectors as queries (what similar entities asks). */
  entity_queries: number;
  entity_recall: number;
  entity_filtered_recall: number;
}

function exact(
  labels: readonly number[],
  matrix: Float32Array,
  d: number,
  q: Float32Array,
  accept: (label: number) => boolean,
): number[] {
  const scored: Array<[number, number]> = [];
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i] as number;
    if (!accept(label)) continue;
    let dot = 0;
    const base = i * d;
    for (let j = 0; j < d; j++) dot += (matrix[base + j] as number) * (q[j] as number);
    scored.push([label, dot]);
  }
  scored.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return scored.slice(0, K).map(([label]) => label);
}

export function hnswRecall(corpus: Corpus, queryVectors: readonly Float32Array[]): RecallFigures {
  const index = corpus.semantic.index;
  const labels = index.labels().sort((a, b) => a - b);
  const d = index.dimensions;
  const matrix = new Float32Array(labels.length * d);
  labels.forEach((label, i) => matrix.set(index.vector(label), i * d));
  const entityQueries: Float32Array[] = [];
  const step = Math.max(1, Math.floor(labels.length / ENTITY_QUERIES));
  for (let i = 0; i < labels.length && entityQueries.length < ENTITY_QUERIES; i += step)
    entityQueries.push(index.vector(labels[i] as number));
  const company = (label: number): boolean => corpus.entities.type(label) === 'company';
  const recall = (queries: readonly Float32Array[], accept?: (label: number) => boolean): number => {
    let hit = 0;
    let total = 0;
    for (const q of queries) {
      const truth = new Set(exact(labels, matrix, d, q, accept ?? (() => true)));
      hit += index.search(q, K, accept).filter((n) => truth.has(n.label)).length;
      total += truth.size;
    }
    return total === 0 ? 1 : hit / total;
  };
  return {
    vectors: labels.length,
    m: HNSW_M,
    ef_construction: HNSW_EF_CONSTRUCTION,
    ef: HNSW_EF_SEARCH,
    text_queries: queryVectors.length,
    text_recall: recall(queryVectors),
    text_filtered_recall: recall(queryVectors, company),
    entity_queries: entityQueries.length,
    entity_recall: recall(entityQueries),
    entity_filtered_recall: recall(entityQueries, company),
  };
}
