// The owners of an entity, as published on any of its records: a chain goes on across records of one real entity.
import type { Corpus } from '../corpus.js';
import type { EdgeAttributes } from '../graph/relation-graph.js';

/**
 * Registries publish a company's owners on whichever record they keep: the Companies House register lists a UK
 * company as a corporate PSC of its subsidiary (a record of its own, linked to the company by its number), and the
 * company's own PSCs on the company's record. A chain upward from the subsidiary must go on from the PSC record to
 * the company's owners, so the owners of an entity are those of every record of its cluster. A link between two
 * records of the same cluster is not ownership of itself, and is left out.
 */
export function forEachClusterOwner(
  corpus: Corpus,
  entity: number,
  visit: (owner: number, rel: number, attrs: EdgeAttributes) => void,
): void {
  const { entities, graph } = corpus;
  const cluster = entities.cluster(entity);
  if (corpus.clusters.count(cluster) <= 1) return graph.forEachOwner(entity, visit);
  for (const member of corpus.clusters.of(cluster))
    graph.forEachOwner(member, (owner, rel, attrs) => {
      if (entities.cluster(owner) !== cluster) visit(owner, rel, attrs);
    });
}
