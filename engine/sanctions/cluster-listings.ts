// Sanctions listings of an entity's whole cluster: every record of the same real-world entity.
import type { Corpus } from '../corpus.js';
import type { ListingRecord } from '../model/records.js';

export interface ClusterListing {
  /** The cluster member the listing is attached to. */
  entity: number;
  listing: ListingRecord;
}

export function clusterMembers(corpus: Corpus, entity: number): number[] {
  return Array.from(corpus.clusters.of(corpus.entities.cluster(entity)));
}

export function clusterListings(corpus: Corpus, entity: number): ClusterListing[] {
  const out: ClusterListing[] = [];
  for (const member of clusterMembers(corpus, entity)) {
    for (const r of corpus.listings.byEntity.of(member))
      out.push({ entity: member, listing: corpus.listings.records.get(r) });
  }
  return out;
}
