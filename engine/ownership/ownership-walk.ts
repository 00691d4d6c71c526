// Walks ownership upward from an entity over ownership, control and parent edges, within budgets.
import type { Corpus } from '../corpus.js';
import type { EdgeKind, Share } from '../model/records.js';
import { missing } from '../errors/missing.js';
import { WHOLE, bandOf, multiply, sum, type Band } from './interval.js';
import { forEachClusterOwner } from './cluster-owners.js';
import { findCycles } from './cycles.js';

/** Budgets keep one request over a hub (a registered agent with 10,000 holdings) bounded. */
export const WALK_BUDGET = { nodes: 5_000, hops: 10_000, paths: 20_000 } as const;

export interface WalkOptions {
  maxDepth: number;
  budget?: Partial<typeof WALK_BUDGET>;
}

export interface WalkHop {
  depth: number;
  /** Entity index of the owned party. */
  from: number;
  /** Entity index of the owner, controller or parent. */
  to: number;
  rel: number;
  kind: EdgeKind;
  role: string;
  share: Share | null;
  /** What the owner holds of the root through this hop: the owned party's holding times this share. */
  effective: Band | null;
}

export interface OwnerSummary {
  owner: number;
  /** Sum over every route with known shares; null when no route has known shares. */
  effective: Band | null;
  /** Some route passes a control link without shares (right to appoint directors, trustee, accounting parent). */
  control: boolean;
  /** Some route passes a shareholding whose size is not published. */
  unknownShare: boolean;
  /** Each route as hop indexes into `hops`, root first. */
  paths: number[][];
  depth: number;
}

export interface Walk {
  root: number;
  hops: WalkHop[];
  owners: Map<number, OwnerSummary>;
  /** Reached entities with no further owners on record (chain ends), excluding those cut by depth. */
  tops: number[];
  /** Loops of ownership among reached entities, as entity indexes in walking order. */
  cycles: number[][];
  truncated: boolean;
}

const OWNERSHIP_KINDS: ReadonlySet<EdgeKind> = new Set(['ownership', 'control', 'parent']);

export function walkOwnership(corpus: Corpus, root: number, options: WalkOptions): Walk {
  const budget = { ...WALK_BUDGET, ...options.budget };
  const ids = corpus.entities.ids;
  const hops: WalkHop[] = [];
  const depthOf = new Map<number, number>([[root, 0]]);
  const ownerHops = new Map<number, number[]>();
  let truncated = false;
  // A loop needs a hop onto an entity already reached; without one the hops form a tree and there is nothing to look for.
  let revisits = false;

  // Breadth first: every current relationship into a reached entity becomes a hop; each entity is expanded once.
  let frontier = [root];
  for (let depth = 1; depth <= options.maxDepth && frontier.length > 0 && !truncated; depth++) {
    const next: number[] = [];
    for (const owned of frontier) {
      forEachClusterOwner(corpus, owned, (owner, rel, attrs) => {
        if (truncated || attrs.ended || !OWNERSHIP_KINDS.has(attrs.kind)) return;
        if (hops.length >= budget.hops) {
          truncated = true;
          return;
        }
        const list = ownerHops.get(owned) ?? [];
        list.push(hops.length);
        ownerHops.set(owned, list);
        hops.push({
          depth,
          from: owned,
          to: owner,
          rel,
          kind: attrs.kind,
          role: attrs.role,
          share: attrs.share,
          effective: null,
        });
        if (depthOf.has(owner)) revisits = true;
        else {
          if (depthOf.size >= budget.nodes) {
            truncated = true;
            return;
          }
          depthOf.set(owner, depth);
          next.push(owner);
        }
      });
    }
    frontier = next;
  }
  const cutByDepth = new Set(frontier);

  // Every simple route from the root upward: shares multiply along a route and add across routes.
  const owners = new Map<number, OwnerSummary>();
  const bandsOf = new Map<number, Band[]>();
  let paths = 0;
  const onPath = new Set<number>([root]);
  const route: number[] = [];
  /** What a route carries: a share interval, control without shares, or a holding of unpublished size. */
  type Carried = Band | 'control' | 'unknown';
  const extend = (node: number, band: Carried): void => {
    for (const h of ownerHops.get(node) ?? []) {
      if (truncated) return;
      const hop = hops[h] ?? missing('walk hop');
      if (onPath.has(hop.to)) continue; // a loop: reported by findCycles, never followed
      if (++paths > budget.paths) {
        truncated = true;
        return;
      }
      route.push(h);
      let through: Carried;
      if (band === 'unknown' || (hop.share === null && hop.kind === 'ownership')) through = 'unknown';
      else if (band === 'control' || hop.share === null) through = 'control';
      else through = multiply(band, bandOf(hop.share));
      let summary = owners.get(hop.to);
      if (summary === undefined) {
        summary = {
          owner: hop.to,
          effective: null,
          control: false,
          unknownShare: false,
          paths: [],
          depth: depthOf.get(hop.to) ?? hop.depth,
        };
        owners.set(hop.to, summary);
      }
      summary.paths.push([...route]);
      if (through === 'control') summary.control = true;
      else if (through === 'unknown') summary.unknownShare = true;
      else {
        const list = bandsOf.get(hop.to);
        if (list === undefined) bandsOf.set(hop.to, [through]);
        else list.push(through);
      }
      onPath.add(hop.to);
      extend(hop.to, through);
      onPath.delete(hop.to);
      route.pop();
    }
  };
  extend(root, WHOLE);
  for (const [owner, bands] of bandsOf) (owners.get(owner) ?? missing('owner summary')).effective = sum(bands);
  for (const hop of hops) {
    const held = hop.from === root ? WHOLE : (owners.get(hop.from)?.effective ?? null);
    hop.effective = held === null || hop.share === null ? null : multiply(held, bandOf(hop.share));
  }

  const tops = [...depthOf.keys()].filter((n) => n !== root && !ownerHops.has(n) && !cutByDepth.has(n));
  const cycles = revisits
    ? findCycles(
        hops.map((h) => [h.from, h.to] as const),
        (n) => ids.at(n) ?? missing('entity id'),
      )
    : [];
  return { root, hops, owners, tops, cycles, truncated };
}
