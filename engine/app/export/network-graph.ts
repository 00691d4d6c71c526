// A neighbourhood as a graphology graph for network tools: records as nodes, their relationships among them as edges.
import { MultiDirectedGraph } from 'graphology';
import type { Corpus } from '../../corpus.js';
import { EDGE_FAMILIES } from '../../graph/relation-graph.js';
import { isSanctioned } from '../../live/entity-facts.js';

/** What Gephi, yEd and networkx show of a record; plain strings, numbers and booleans, as both formats type them. */
export interface NetworkNode {
  label: string;
  type: string;
  jurisdiction?: string;
  risk: string;
  source: string;
  cluster: string;
  sanctioned: boolean;
  [key: string]: unknown;
}

/** `relation` rather than `kind`, which GEXF reserves for its own edge attribute. Absent values are left out. */
export interface NetworkEdge {
  relation: string;
  role: string;
  /** The published share band, in percent. */
  share_min?: number;
  share_max?: number;
  start_date?: string;
  end_date?: string;
  [key: string]: unknown;
}

/**
 * Directed, source to target as published (owner → owned, officer → company), one edge per relationship record, so a
 * person who is both shareholder and director of a company has two. Only relationships whose both ends are in
 * `records` are drawn: the file refers to no node it leaves out.
 */
export function networkGraph(corpus: Corpus, records: readonly number[]): MultiDirectedGraph<NetworkNode, NetworkEdge> {
  const graph = new MultiDirectedGraph<NetworkNode, NetworkEdge>();
  const { entities } = corpus;
  const inScope = new Set(records);
  for (const ix of records) {
    const record = entities.record(ix);
    const jurisdiction = entities.jurisdiction(ix);
    graph.addNode(record.id, {
      label: entities.names.at(ix) ?? record.id,
      type: entities.type(ix),
      ...(jurisdiction === null ? {} : { jurisdiction }),
      risk: entities.risk(ix),
      source: entities.source(ix),
      cluster: record.cluster_id,
      sanctioned: isSanctioned(corpus, ix),
    });
  }
  const drawn = new Set<number>();
  for (const ix of records) {
    corpus.graph.forEachEdge(ix, EDGE_FAMILIES, (other, rel) => {
      if (!inScope.has(other) || drawn.has(rel)) return;
      drawn.add(rel);
      const r = corpus.relationships.get(rel);
      if (!graph.hasNode(r.source) || !graph.hasNode(r.target)) return;
      graph.addDirectedEdgeWithKey(`rel-${rel}`, r.source, r.target, {
        relation: r.kind,
        role: r.role,
        ...(r.share === null ? {} : { share_min: r.share.min, share_max: r.share.max }),
        ...(r.start_date === null ? {} : { start_date: r.start_date }),
        ...(r.end_date === null ? {} : { end_date: r.end_date }),
      });
    });
  }
  return graph;
}
