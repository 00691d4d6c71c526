// Disjoint sets over entity indexes, for clustering records linked as the same real-world entity.
import { missing } from '../../engine/errors/missing.js';

export class UnionFind {
  readonly #parent: Int32Array;

  constructor(size: number) {
    this.#parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.#parent[i] = i;
  }

  find(x: number): number {
    const p = this.#parent;
    let root = x;
    while (p[root] !== root) root = p[root] ?? missing('set parent');
    // Path compression keeps later finds O(1)-ish on long identity chains.
    while (p[x] !== root) {
      const next = p[x] ?? missing('set parent');
      p[x] = root;
      x = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.#parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}
