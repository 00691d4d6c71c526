// HNSW recall against exact brute-force cosine k-NN over the very vectors the index holds.
import type { Corpus } from '../engine/corpus.js';
import { HNSW_EF_CONSTRUCTION, HNSW_EF_SEARCH, HNSW_M } from '../engine/semantic/vector-index.js';

const K = 10;
const ENTITY_QUERIES = 300;

export interface RecallFigures {
  vectors: number;
  queries: number;
  m: number;
  ef_construction: number;
  ef: number;
  recall: number;
  filtered_recall: number;
}

function exact(labels: readonly number[], matrix: Float32Array, d: number, q: Float32Array, accept: (label: number) => boolean): number[] {
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
  const queries = [...queryVectors];
  const step = Math.max(1, Math.floor(labels.length / ENTITY_QUERIES));
  for (let i = 0; i < labels.length && queries.length < queryVectors.length + ENTITY_QUERIES; i += step) queries.push(index.vector(labels[i] as number));
  const company = (label: number): boolean => corpus.entities.type(label) === 'company';
  let hit = 0;
  let filteredHit = 0;
  let total = 0;
  let filteredTotal = 0;
  for (const q of queries) {
    const truth = new Set(exact(labels, matrix, d, q, () => true));
    hit += index.search(q, K).filter((n) => truth.has(n.label)).length;
    total += truth.size;
    const filteredTruth = new Set(exact(labels, matrix, d, q, company));
    filteredHit += index.search(q, K, company).filter((n) => filteredTruth.has(n.label)).length;
    filteredTotal += filteredTruth.size;
  }
  return {
    vectors: labels.length,
    queries: queries.length,
    m: HNSW_M,
    ef_construction: HNSW_EF_CONSTRUCTION,
    ef: HNSW_EF_SEARCH,
    recall: total === 0 ? 1 : hit / total,
    filtered_recall: filteredTotal === 0 ? 1 : filteredHit / filteredTotal,
  };
}
