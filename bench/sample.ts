// A deterministic sample of entity indexes, so that every benchmark run (and every peer) sees the same inputs.
import type { Corpus } from '../engine/corpus.js';

/** `size` indexes below `n` from a linear congruential generator seeded with `seed`. */
export function sample(n: number, size: number, seed: number): number[] {
  let s = seed >>> 0;
  const out: number[] = [];
  for (let i = 0; i < size; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out.push(s % n);
  }
  return out;
}

/** Ids of up to `size` companies from the sample: ownership workloads start at companies, where chains are. */
export function sampleCompanyIds(corpus: Corpus, size: number, seed = 7): string[] {
  return sample(corpus.entities.size, size * 4, seed)
    .filter((ix) => corpus.entities.type(ix) === 'company')
    .slice(0, size)
    .map((ix) => corpus.entities.ids.at(ix) as string);
}
