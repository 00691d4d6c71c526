// Which entities sanctioned parties own or control, down ownership chains, for stored risk levels.
import { bandOf, crosses, multiply, sum, WHOLE, type Band, type ThresholdVerdict } from '../ownership/interval.js';

/** A current ownership or control link, owner → owned; share null for control without shares. */
export interface OwnershipLink {
  owner: number;
  owned: number;
  share: { min: number; max: number } | null;
  /** Control without shares (board appointment, consolidation), as opposed to a shareholding of unknown size. */
  control: boolean;
}

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
 * For every entity, whether sanctioned parties together own 50% or more of it (the OFAC aggregation, with
 * the interval logic of ownership paths) or control it: 'certain', 'possible' or 'no'. The request-time
 * dossier applies the same rules per list; this is the build-time view of the same facts.
 */
export function sanctionedOwnership(
  entityCount: number,
  links: readonly OwnershipLink[],
  sanctioned: (e: number) => boolean,
): Map<number, ThresholdVerdict> {
  const byOwner = new Map<number, OwnershipLink[]>();
  for (const l of links) {
    const list = byOwner.get(l.owner);
    if (list === undefined) byOwner.set(l.owner, [l]);
    else list.push(l);
  }
  const bands = new Map<number, Band[]>();
  const controlled = new Set<number>();
  const unknown = new Set<number>();
  for (let root = 0; root < entityCount; root++) {
    if (!sanctioned(root) || !byOwner.has(root)) continue;
    let steps = 0;
    const onPath = new Set<number>([root]);
    const down = (node: number, carried: Carried, depth: number): void => {
      for (const l of byOwner.get(node) ?? []) {
        if (onPath.has(l.owned) || ++steps > STEPS_PER_ROOT) continue;
        const next = carry(carried, l);
        if (next === 'control') controlled.add(l.owned);
        else if (next === 'unknown') unknown.add(l.owned);
        else {
          const list = bands.get(l.owned);
          if (list === undefined) bands.set(l.owned, [next]);
          else list.push(next);
        }
        if (depth < MAX_DEPTH) {
          onPath.add(l.owned);
          down(l.owned, next, depth + 1);
          onPath.delete(l.owned);
        }
      }
    };
    down(root, WHOLE, 1);
  }
  const out = new Map<number, ThresholdVerdict>();
  for (const e of new Set([...bands.keys(), ...controlled, ...unknown])) {
    const total = sum(bands.get(e) ?? []);
    let v: ThresholdVerdict = total === null ? 'no' : crosses(total, 50);
    if (controlled.has(e)) v = 'certain';
    else if (v === 'no' && unknown.has(e)) v = 'possible';
    if (v !== 'no') out.set(e, v);
  }
  return out;
}

/** Visits the current ownership and control links into an entity (its owners). */
export type OwnersOf = (owned: number, visit: (link: OwnershipLink) => void) => void;

/**
 * The verdict of `sanctionedOwnership` for one entity, found by walking up from it instead of down from every
 * sanctioned party: what a live change needs for the few entities it touches. Every simple path of up to
 * MAX_DEPTH links from a sanctioned owner down to `target` counts, as in the walk down.
 */
export function sanctionedOwnershipOf(
  target: number,
  ownersOf: OwnersOf,
  sanctioned: (e: number) => boolean,
): ThresholdVerdict {
  const bands: Band[] = [];
  let controlled = false;
  let unknown = false;
  let steps = 0;
  const onPath = new Set<number>([target]);
  const up = (node: number, carried: Carried, depth: number): void => {
    ownersOf(node, (l) => {
      if (onPath.has(l.owner) || ++steps > STEPS_PER_ROOT) return;
      const next = carry(carried, l);
      if (sanctioned(l.owner)) {
        if (next === 'control') controlled = true;
        else if (next === 'unknown') unknown = true;
        else bands.push(next);
      }
      if (depth < MAX_DEPTH) {
        onPath.add(l.owner);
        up(l.owner, next, depth + 1);
        onPath.delete(l.owner);
      }
    });
  };
  up(target, WHOLE, 1);
  if (controlled) return 'certain';
  const total = sum(bands);
  const v: ThresholdVerdict = total === null ? 'no' : crosses(total, 50);
  return v === 'no' && unknown ? 'possible' : v;
}
