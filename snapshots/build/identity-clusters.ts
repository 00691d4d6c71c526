// Clusters records from identity links, strongest first, refusing any link that would join what must stay apart.
import { valuesByScheme } from './identifier-links.js';
import type { UnionFind } from './union-find.js';

export type LinkOrigin = 'operator' | 'identifier' | 'published' | 'name';

export interface IdentityLink {
  a: number;
  b: number;
  origin: LinkOrigin;
  /** Links are applied in decreasing strength: operator judgements, then identifiers and published links, then names. */
  strength: number;
}

export type LinkOutcome = 'joined' | 'redundant' | 'refused';

export interface Refusal {
  link: IdentityLink;
  reason: 'operator-different' | 'conflicting-identifiers';
}

/** Per cluster and scheme, the distinct value sets of its members (`v1 v2`), for the conflict test. */
type IdentifierSets = Map<string, string[]>;

/**
 * Applies identity links to `clusters` in decreasing strength (Kruskal-like, so when a chain of links would join
 * two records that must stay apart, the link refused is the weakest one that completes the chain). A link is
 * refused when it would put into one cluster
 * - two records an operator judged `different`, or
 * - two records publishing disjoint values of one identifier scheme (unless an operator judged them `same`).
 * `clusters` must be fresh (every record alone), since judgements and identifier sets are tracked per root.
 * Returns, per input link, whether it joined two clusters, was redundant (already one cluster) or was refused, and
 * the refusals with their reason.
 */
export function applyIdentityLinks(
  clusters: UnionFind,
  links: readonly IdentityLink[],
  keysOf: (ix: number) => readonly string[],
  different: readonly (readonly [number, number])[],
): { outcome: LinkOutcome[]; refusals: Refusal[] } {
  const forbidden = new Map<number, Set<number>>();
  for (const [a, b] of different) {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = forbidden.get(x) ?? new Set<number>();
      set.add(y);
      forbidden.set(x, set);
    }
  }
  const idSets = new Map<number, IdentifierSets>();
  // Roots that have absorbed another cluster: their identifier sets live in idSets (or they have none).
  const merged = new Set<number>();
  const setsOf = (root: number): IdentifierSets | undefined => {
    let sets = idSets.get(root);
    if (sets === undefined && !merged.has(root)) {
      const keys = keysOf(root);
      if (keys.length === 0) return undefined;
      sets = new Map([...valuesByScheme(keys)].map(([scheme, values]) => [scheme, [[...values].sort().join(' ')]]));
      idSets.set(root, sets);
    }
    return sets;
  };

  const order = links.map((link, i) => ({ link, i })).sort((x, y) => y.link.strength - x.link.strength || x.i - y.i);
  const outcome = new Array<LinkOutcome>(links.length).fill('refused');
  const refusals: Refusal[] = [];
  for (const { link, i } of order) {
    const ra = clusters.find(link.a);
    const rb = clusters.find(link.b);
    if (ra === rb) {
      outcome[i] = 'redundant';
      continue;
    }
    if (apart(clusters, forbidden, ra, rb)) {
      refusals.push({ link, reason: 'operator-different' });
      continue;
    }
    const sa = setsOf(ra);
    const sb = setsOf(rb);
    if (link.origin !== 'operator' && sa !== undefined && sb !== undefined && setsConflict(sa, sb)) {
      refusals.push({ link, reason: 'conflicting-identifiers' });
      continue;
    }
    clusters.union(ra, rb);
    const root = clusters.find(ra);
    const other = root === ra ? rb : ra;
    const rootSets = mergeSets(sa, sb);
    merged.add(root);
    idSets.delete(other);
    if (rootSets === undefined) idSets.delete(root);
    else idSets.set(root, rootSets);
    const fo = forbidden.get(other);
    if (fo !== undefined) {
      const fr = forbidden.get(root) ?? new Set<number>();
      for (const x of fo) fr.add(x);
      forbidden.set(root, fr);
    }
    outcome[i] = 'joined';
  }
  return { outcome, refusals };
}

/** Whether some record judged different from a member of one cluster is a member of the other. */
function apart(
  clusters: UnionFind,
  forbidden: ReadonlyMap<number, ReadonlySet<number>>,
  ra: number,
  rb: number,
): boolean {
  for (const [from, to] of [
    [ra, rb],
    [rb, ra],
  ] as const) {
    for (const x of forbidden.get(from) ?? []) if (clusters.find(x) === to) return true;
  }
  return false;
}

/** Two clusters conflict when some member of each publishes a value set of one scheme sharing no value with the other's. */
function setsConflict(a: IdentifierSets, b: IdentifierSets): boolean {
  for (const [scheme, mine] of a) {
    const theirs = b.get(scheme);
    if (theirs === undefined) continue;
    for (const x of mine) {
      const xs = x.split(' ');
      for (const y of theirs) {
        const ys = new Set(y.split(' '));
        if (!xs.some((v) => ys.has(v))) return true;
      }
    }
  }
  return false;
}

function mergeSets(a: IdentifierSets | undefined, b: IdentifierSets | undefined): IdentifierSets | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const out = new Map(a);
  for (const [scheme, sets] of b) out.set(scheme, [...new Set([...(out.get(scheme) ?? []), ...sets])]);
  return out;
}
