// The neighbourhood of an entity as a drawable graph: nodes marked by risk, sanctions and secrecy, edges by role and
// share, the ownership chains up to the beneficial owners first, then the rest breadth first, within a node cap.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { missing } from '../../errors/missing.js';
import { EDGE_FAMILIES, type EdgeAttributes } from '../../graph/relation-graph.js';
import { EDGE_KINDS } from '../../model/records.js';
import { EntityHitSchema } from '../../model/views.js';
import type { SecrecyTable } from '../../offshore/secrecy-table.js';
import type { Walk } from '../../ownership/ownership-walk.js';
import { clusterListings } from '../../sanctions/cluster-listings.js';

export const GraphNodeSchema = EntityHitSchema.extend({
  depth: z.number().int().describe('Steps from the root entity (0 for the root)'),
  degree: z.number().int().describe('All connections the entity has: more than drawn when it can be expanded'),
  sanctioned: z.boolean().describe('A record of this entity is on a sanctions list'),
  secrecy_jurisdiction: z.boolean().describe('Its jurisdiction counts as a secrecy hop (offshore_exposure)'),
  ubo: z.boolean().describe('A natural person who owns or controls the root, up its ownership chains'),
  on_ubo_path: z.boolean().describe('On an ownership chain from the root to one of its beneficial owners'),
});
export type GraphNode = z.infer<typeof GraphNodeSchema>;

export const GraphEdgeSchema = z.object({
  id: z.string().describe('Stable within a snapshot: the relationship record'),
  source: z.string().describe('Entity id holding the role (the owner, the officer)'),
  target: z.string().describe('Entity id the role is held in'),
  kind: z.enum(EDGE_KINDS),
  role: z.string(),
  share: z.object({ min: z.number(), max: z.number() }).nullable(),
  ended: z.boolean(),
  on_ubo_path: z.boolean(),
});
export type GraphEdge = z.infer<typeof GraphEdgeSchema>;

export interface Neighbourhood {
  nodes: GraphNode[];
  edges: GraphEdge[];
  truncated: boolean;
}

interface Placed {
  depth: number;
}

/**
 * Up to `maxNodes` entities around `root`: the hops of its ownership walk that lead to natural persons, then every
 * neighbour breadth first to `depth`, each entity's control links before its roles and other links. A hub's
 * neighbours stop at the cap (`truncated`); the edges are those among the entities drawn.
 */
export function neighbourhood(
  corpus: Corpus,
  root: number,
  walk: Walk,
  table: SecrecyTable,
  options: { depth: number; maxNodes: number },
): Neighbourhood {
  const { entities, graph } = corpus;
  const placed = new Map<number, Placed>([[root, { depth: 0 }]]);
  let truncated = false;
  const place = (ix: number, depth: number): boolean => {
    if (placed.has(ix)) return true;
    if (placed.size >= options.maxNodes) {
      truncated = true;
      return false;
    }
    placed.set(ix, { depth });
    return true;
  };

  // The chains to beneficial owners first, so that a cap never hides them behind a crowd of officers.
  const uboHops = new Set<number>();
  const ubos = new Set<number>();
  for (const o of walk.owners.values()) {
    if (entities.type(o.owner) !== 'person') continue;
    ubos.add(o.owner);
    for (const path of o.paths) for (const h of path) uboHops.add(h);
  }
  const pathRels = new Set<number>();
  const pathNodes = new Set<number>([root]);
  for (const h of [...uboHops].sort((a, b) => a - b)) {
    const hop = walk.hops[h] ?? missing('ownership hop');
    if (!place(hop.to, hop.depth)) continue;
    pathRels.add(hop.rel);
    pathNodes.add(hop.to);
    pathNodes.add(hop.from);
  }

  let frontier = [root];
  for (let depth = 1; depth <= options.depth && frontier.length > 0 && !truncated; depth++) {
    const next: number[] = [];
    for (const ix of frontier) {
      graph.forEachEdge(ix, EDGE_FAMILIES, (other) => {
        if (truncated || placed.has(other)) return;
        if (place(other, depth)) next.push(other);
      });
      if (truncated) break;
    }
    frontier = next;
  }

  const edges: GraphEdge[] = [];
  const seen = new Set<number>();
  for (const ix of placed.keys())
    graph.forEachEdge(ix, EDGE_FAMILIES, (other, rel, attrs: EdgeAttributes, direction) => {
      if (direction !== 'out' || !placed.has(other) || seen.has(rel)) return;
      seen.add(rel);
      edges.push({
        id: `rel:${rel}`,
        source: entities.ids.at(ix) ?? missing('entity id'),
        target: entities.ids.at(other) ?? missing('entity id'),
        kind: attrs.kind,
        role: attrs.role,
        share: attrs.share === null ? null : { min: attrs.share.min, max: attrs.share.max },
        ended: attrs.ended,
        on_ubo_path: pathRels.has(rel),
      });
    });

  const nodes = [...placed].map(([ix, p]): GraphNode => {
    const hit = entities.hit(ix);
    return {
      ...hit,
      depth: p.depth,
      degree: graph.degree(ix),
      sanctioned: clusterListings(corpus, ix).length > 0,
      secrecy_jurisdiction: table.facts(hit.jurisdiction)?.secrecyHop === true,
      ubo: ubos.has(ix),
      on_ubo_path: pathNodes.has(ix),
    };
  });
  return { nodes, edges, truncated };
}
