// A deterministic sample of entity indexes, so that every benchmark run (and every peer) sees the same inputs.

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
