// Which entities sanctioned parties own or control, down ownership chains, for stored risk levels.
import { bandOf, crosses, multiply, sum, WHOLE, type Band, type ThresholdVerdict } from '../ownership/interval.js';
import type { OwnershipColumns } from './ownership-columns.js';
import type { OwnershipLink } from './ownership-link.js';

const MAX_DEPTH = 10;

/** What a chain of links carries: a share band, control without (known) shares, or a holding of unknown size. */
type Carried = Band | 'control' | 'unknown';

/**
 * `carried` extended by one more link. Unknown once any link is of unknown size; control once any link is control
 * without shares; else the product of the bands. The order of the links does not matter, so chains can be walked
 * down from an owner or up from what it owns.
 */
function carry(carried: Carried, l: OwnershipLink): Carried {
  if (carried === 'unknown' || (l.share === null && !l.control)) return 'unknown';
  if (carried === 'control' || l.share === null) return 'control';
  return multiply(carried, bandOf(l.share));
}
const STEPS_PER_ROOT = 20_000;

/**
 * Records of one real-world entity (a cluster) act as one in a chain: a company's owners may be published on its
 * own record or on the record of it as another company's PSC (see ownership/cluster-owners.ts). `of` names an
 * entity's cluster; `members` lists a cluster's records (one entity's cluster may be just itself).
 */
export interface Clusters {
  of(e: number): number;
  members(cluster: number): ArrayLike<number>;
}

/** Every entity its own cluster: chains over records alone. */
export const SINGLETONS: Clusters = { of: (e) => e, members: (c) => [c] };

const VERDICT_RANK: Record<ThresholdVerdict, number> = { no: 0, possible: 1, certain: 2 };

/** The verdict of what the paths into one record carried. */
function verdictOf(bands: readonly Band[], controlled: boolean, unknown: boolean): ThresholdVerdict {
  if (controlled) return 'certain';
  const total = sum(bands);
  const v: ThresholdVerdict = total === null ? 'no' : crosses(total, 50);
  return v === 'no' && unknown ? 'possible' : v;
}

/**
 * For every entity, whether sanctioned parties together own 50% or more of it (the OFAC aggregation, with
 * the interval logic of ownership paths) or control it: 'certain', 'possible' or 'no'. The request-time
 * dossier applies the same rules per list; this is the build-time view of the same facts.
 *
 * Each sanctioned cluster walks down once; a link from any of its records counts, and a chain goes on from any
 * record of the cluster it reaches. Shares add up per record reached; every record of a cluster then takes the
 * strongest verdict among them (two records of one holding are not two holdings).
 */
export function sanctionedOwnership(
  entityCount: number,
  links: OwnershipColumns,
  sanctioned: (e: number) => boolean,
  clusters: Clusters = SINGLETONS,
): Map<number, ThresholdVerdict> {
  links.group(entityCount);
  const bands = new Map<number, Band[]>();
  const controlled = new Set<number>();
  const unknown = new Set<number>();
  const walked = new Set<number>();
  for (let root = 0; root < entityCount; root++) {
    const cluster = clusters.of(root);
    if (!sanctioned(root) || walked.has(cluster)) continue;
    walked.add(cluster);
    let steps = 0;
    const onPath = new Set<number>([cluster]);
    const down = (node: number, carried: Carried, depth: number): void => {
      for (const member of Array.from(clusters.members(clusters.of(node))))
        links.from(member, (l) => {
          const owned = clusters.of(l.owned);
          if (onPath.has(owned) || ++steps > STEPS_PER_ROOT) return;
          const next = carry(carried, l);
          if (next === 'control') controlled.add(l.owned);
          else if (next === 'unknown') unknown.add(l.owned);
          else {
            const list = bands.get(l.owned);
            if (list === undefined) bands.set(l.owned, [next]);
            else list.push(next);
          }
          if (depth < MAX_DEPTH) {
            onPath.add(owned);
            down(l.owned, next, depth + 1);
            onPath.delete(owned);
          }
        });
    };
    down(root, WHOLE, 1);
  }
  const out = new Map<number, ThresholdVerdict>();
  for (const e of new Set([...bands.keys(), ...controlled, ...unknown])) {
    const v = verdictOf(bands.get(e) ?? [], controlled.has(e), unknown.has(e));
    if (v === 'no') continue;
    for (const member of Array.from(clusters.members(clusters.of(e)))) {
      const held = out.get(member);
      if (held === undefined || VERDICT_RANK[v] > VERDICT_RANK[held]) out.set(member, v);
    }
  }
  return out;
}

/** Visits the current ownership and control links into an entity (its owners). */
export type OwnersOf = (owned: number, visit: (link: OwnershipLink) => void) => void;

/**
 * The verdict of `sanctionedOwnership` for one entity, found by walking up from it instead of down from every
 * sanctioned party: what a live change needs for the few entities it touches. `direct` visits the links into one
 * record, `ofCluster` those into any record of an entity's cluster (links within the cluster left out). Each record
 * of the target's cluster is walked up from its own owners, and the strongest verdict among them is the cluster's.
 */
export function sanctionedOwnershipOf(
  target: number,
  owners: { direct: OwnersOf; ofCluster: OwnersOf },
  sanctioned: (e: number) => boolean,
  clusters: Clusters = SINGLETONS,
): ThresholdVerdict {
  let best: ThresholdVerdict = 'no';
  for (const record of Array.from(clusters.members(clusters.of(target)))) {
    const bands: Band[] = [];
    let controlled = false;
    let unknown = false;
    let steps = 0;
    const onPath = new Set<number>([clusters.of(record)]);
    const up = (node: number, carried: Carried, depth: number): void => {
      (depth === 1 ? owners.direct : owners.ofCluster)(node, (l) => {
        const owner = clusters.of(l.owner);
        if (onPath.has(owner) || ++steps > STEPS_PER_ROOT) return;
        const next = carry(carried, l);
        if (sanctioned(l.owner)) {
          if (next === 'control') controlled = true;
          else if (next === 'unknown') unknown = true;
          else bands.push(next);
        }
        if (depth < MAX_DEPTH) {
          onPath.add(owner);
          up(l.owner, next, depth + 1);
          onPath.delete(owner);
        }
      });
    };
    up(record, WHOLE, 1);
    const v = verdictOf(bands, controlled, unknown);
    if (VERDICT_RANK[v] > VERDICT_RANK[best]) best = v;
  }
  return best;
}
