// The order of a column of 32-bit hashes, for grouping equal keys without holding the keys themselves.
import { missing } from '../errors/missing.js';

/** Positions of `hashes` in increasing hash order, stable: a two-pass radix sort on 16-bit digits. */
export function sortByHash(hashes: Uint32Array): Uint32Array {
  const n = hashes.length;
  let from = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  let to = new Uint32Array(n);
  const counts = new Uint32Array(65537);
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const d = ((hashes[from[i] ?? missing('radix position')] ?? missing('name key hash')) >>> shift) & 0xffff;
      counts[d + 1] = (counts[d + 1] ?? missing('radix count')) + 1;
    }
    for (let d = 1; d <= 65536; d++)
      counts[d] = (counts[d] ?? missing('radix count')) + (counts[d - 1] ?? missing('radix count'));
    for (let i = 0; i < n; i++) {
      const p = from[i] ?? missing('radix position');
      const d = ((hashes[p] ?? missing('name key hash')) >>> shift) & 0xffff;
      const slot = counts[d] ?? missing('radix count');
      to[slot] = p;
      counts[d] = slot + 1;
    }
    [from, to] = [to, from];
  }
  return from;
}
