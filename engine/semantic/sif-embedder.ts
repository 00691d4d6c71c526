// Smooth inverse frequency (SIF) sentence embeddings over word vectors, with the common component removed.
import { missing } from '../errors/missing.js';
import type { TextEmbedder, WeightedText } from './embedder.js';
import { tokens } from './tokenize.js';

/** The vocabulary a SIF embedder needs: words, one weight and one vector each. */
export interface SifVocabulary {
  words: readonly string[];
  /** a / (a + p(word)), computed at build time. */
  weights: Float32Array;
  /** words.length × dimensions, row-major. */
  vectors: Float32Array;
  dimensions: number;
  /** Unit vector removed from every embedding (the corpus's first principal component), or null. */
  common: Float32Array | null;
}

/** SIF's smoothing constant; the paper finds 1e-3 to 1e-4 works across corpora (5e-4 measured best here). */
export const SIF_A = 5e-4;

export function sifWeight(probability: number): number {
  return SIF_A / (SIF_A + probability);
}

export class SifEmbedder implements TextEmbedder {
  readonly model: string;
  readonly dimensions: number;
  readonly #row = new Map<string, number>();
  readonly #vocab: SifVocabulary;

  constructor(vocab: SifVocabulary, model = 'sif-wink-sg-100d') {
    this.#vocab = vocab;
    this.dimensions = vocab.dimensions;
    this.model = model;
    vocab.words.forEach((w, i) => this.#row.set(w, i));
  }

  get vocabularySize(): number {
    return this.#vocab.words.length;
  }

  knows(word: string): boolean {
    return this.#row.has(word);
  }

  /** The weighted average of the known words, without its common component; null when no word is known. */
  raw(parts: readonly WeightedText[]): Float32Array | null {
    const d = this.dimensions;
    const sum = new Float32Array(d);
    let known = 0;
    for (const part of parts) {
      if (part.weight <= 0) continue;
      for (const t of tokens(part.text)) {
        const row = this.#row.get(t);
        if (row === undefined) continue;
        const w = part.weight * (this.#vocab.weights[row] ?? missing('word weight'));
        const base = row * d;
        for (let i = 0; i < d; i++)
          sum[i] =
            (sum[i] ?? missing('vector component')) + w * (this.#vocab.vectors[base + i] ?? missing('word vector'));
        known += 1;
      }
    }
    return known === 0 ? null : sum;
  }

  embed(parts: readonly WeightedText[]): Float32Array | null {
    const v = this.raw(parts);
    if (v === null) return null;
    const u = this.#vocab.common;
    if (u !== null) removeComponent(v, u);
    return normalise(v);
  }
}

export function removeComponent(v: Float32Array, u: Float32Array): void {
  let dot = 0;
  for (let i = 0; i < v.length; i++)
    dot += (v[i] ?? missing('vector component')) * (u[i] ?? missing('common component'));
  for (let i = 0; i < v.length; i++)
    v[i] = (v[i] ?? missing('vector component')) - dot * (u[i] ?? missing('common component'));
}

/** Scales to unit length in place; a zero vector stays zero (and then matches nothing). */
export function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i] ?? missing('vector component');
    n += x * x;
  }
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? missing('vector component')) / n;
  return v;
}

/** First principal component (uncentred, as in SIF) of some vectors, by power iteration; deterministic. */
export function firstComponent(
  vectors: readonly Float32Array[],
  dimensions: number,
  iterations = 30,
): Float32Array | null {
  if (vectors.length < 2) return null;
  let u: Float32Array = new Float32Array(dimensions).fill(1 / Math.sqrt(dimensions));
  for (let it = 0; it < iterations; it++) {
    const next = new Float32Array(dimensions);
    for (const v of vectors) {
      let dot = 0;
      for (let i = 0; i < dimensions; i++)
        dot += (v[i] ?? missing('vector component')) * (u[i] ?? missing('component estimate'));
      for (let i = 0; i < dimensions; i++)
        next[i] = (next[i] ?? missing('component estimate')) + dot * (v[i] ?? missing('vector component'));
    }
    u = normalise(next);
  }
  return u;
}
