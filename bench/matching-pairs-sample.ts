// Keeps the set small enough to read and diff: a per-kind cap chosen so that the total fits a budget, which keeps
// every pair of the rare kinds and thins only the common ones.
import { byCodeUnit, fnv1a } from './matching-pairs-text.js';
import { exclude, type Exclusions } from './matching-pairs-types.js';

export interface Ranked<T> {
  readonly item: T;
  readonly kind: string;
  /** Higher is kept first within a kind (hardness for negatives); ties fall back to a hash of `key`. */
  readonly rank: number;
  readonly key: string;
}

/** The largest cap per kind with sum(min(count, cap)) ≤ budget. */
function capFor(counts: readonly number[], budget: number): number {
  let cap = 0;
  const max = Math.max(0, ...counts);
  while (cap < max && counts.reduce((s, n) => s + Math.min(n, cap + 1), 0) <= budget) cap++;
  return cap;
}

export function sampleByKind<T>(
  ranked: readonly Ranked<T>[],
  budget: number,
  exclusions: Exclusions,
  reason: string,
): T[] {
  const byKind = new Map<string, Ranked<T>[]>();
  for (const r of ranked) {
    let list = byKind.get(r.kind);
    if (list === undefined) byKind.set(r.kind, (list = []));
    list.push(r);
  }
  const cap = capFor(
    [...byKind.values()].map((l) => l.length),
    budget,
  );
  const kept: T[] = [];
  for (const kind of [...byKind.keys()].sort(byCodeUnit)) {
    const list = (byKind.get(kind) ?? []).sort(
      (x, y) => y.rank - x.rank || fnv1a(x.key) - fnv1a(y.key) || byCodeUnit(x.key, y.key),
    );
    kept.push(...list.slice(0, cap).map((r) => r.item));
    if (list.length > cap) exclude(exclusions, reason, list.length - cap);
  }
  return kept;
}
