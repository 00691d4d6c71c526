// Records of the semantic families of a snapshot: the query vocabulary, the policy tiers, the HNSW index file.

export const SEMANTIC_FAMILIES = {
  vocabulary: 'semantic-vocabulary',
  meta: 'semantic-meta',
  hnsw: 'semantic-hnsw',
} as const;

/** Family `semantic-vocabulary`: runs of words with their SIF weights and vectors. */
export interface VocabularyChunk {
  words: string[];
  weights: Uint8Array; // Float32Array
  vectors: Uint8Array; // Float32Array, words × dimensions
}

/** Family `semantic-meta`: one record. */
export interface SemanticMeta {
  model: string;
  dimensions: number;
  /** The common component removed from every embedding (Float32Array), or empty. */
  common: Uint8Array;
  /** Embedding-policy tier of each canonical record (Uint8Array, one per entity). */
  tiers: Uint8Array;
  /** Clusters embedded when the snapshot was built. */
  embedded: number;
}

/** Every family the semantic loader needs. */
export const REQUIRED_SEMANTIC: readonly string[] = Object.values(SEMANTIC_FAMILIES);
