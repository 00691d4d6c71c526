// Which records an export of one entity holds: the entity's cluster and every record within `depth` links of it.
import type { Corpus } from '../../corpus.js';
import { EDGE_FAMILIES } from '../../graph/relation-graph.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';

export const EXPORT_DEPTH = { default: 2, max: 4 } as const;
/** Records an export of a neighbourhood holds at most; a hub's neighbours stop there (`truncated`). */
export const MAX_EXPORT_RECORDS = 2000;

export interface ExportScope {
  root: number;
  records: number[];
  truncated: boolean;
}

/**
 * Breadth first from the root's cluster, every kind of link, nearest records first; each record reached brings the
 * other records of its cluster (an owner's sanctions listing is on its list record, not its register record).
 */
export function neighbourhoodScope(corpus: Corpus, root: number, depth: number): ExportScope {
  const included = new Set<number>(clusterMembers(corpus, root));
  let frontier = [...included];
  let truncated = false;
  for (let d = 0; d < depth && frontier.length > 0 && !truncated; d++) {
    const next: number[] = [];
    for (const ix of frontier) {
      corpus.graph.forEachEdge(ix, EDGE_FAMILIES, (reached) => {
        if (included.has(reached)) return;
        for (const other of clusterMembers(corpus, reached)) {
          if (included.has(other)) continue;
          if (included.size >= MAX_EXPORT_RECORDS) {
            truncated = true;
            return;
          }
          included.add(other);
          next.push(other);
        }
      });
    }
    frontier = next;
  }
  return { root, records: [...included], truncated };
}
