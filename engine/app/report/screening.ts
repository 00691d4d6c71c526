// Enhanced reports screen every party within two hops of the entity, over every kind of relationship.
import type { Corpus } from '../../corpus.js';
import { missing } from '../../errors/missing.js';
import { EDGE_FAMILIES } from '../../graph/relation-graph.js';
import type { EntityHit } from '../../model/views.js';
import { clusterListings } from '../../sanctions/cluster-listings.js';
import type { SourceCollector } from '../views/sources.js';
import { compareIds } from '../../model/id-order.js';

/** A hub (a formation agent with thousands of clients) must not turn one report into a corpus dump. */
export const SCREENING_LIMIT = 500;

export interface ScreenedParty {
  entity: EntityHit;
  distance: number;
  risk: string;
  sanctioned: boolean;
  /** The role that first reached the party, e.g. `director of X`. */
  relation: string;
  /** The party's own record. */
  source_ref: string;
}

const RISK_ORDER: Record<string, number> = { HIGH: 0, MED: 1, LOW: 2 };

export function screenNeighbourhood(corpus: Corpus, entity: number, sources: SourceCollector): ScreenedParty[] {
  const { entities } = corpus;
  const seen = new Map<number, { distance: number; relation: string }>([[entity, { distance: 0, relation: 'self' }]]);
  let frontier = [entity];
  for (let distance = 1; distance <= 2 && seen.size <= SCREENING_LIMIT; distance++) {
    const next: number[] = [];
    for (const from of frontier) {
      corpus.graph.forEachEdge(from, EDGE_FAMILIES, (other, _rel, attrs, direction) => {
        if (seen.has(other) || seen.size > SCREENING_LIMIT) return;
        const relation =
          direction === 'in'
            ? `${attrs.role} of ${entities.names.at(from)}`
            : `${entities.names.at(from)} is ${attrs.role} of it`;
        seen.set(other, { distance, relation });
        next.push(other);
      });
    }
    frontier = next;
  }
  seen.delete(entity);
  return [...seen]
    .map(([ix, s]) => {
      const r = entities.record(ix);
      const source_ref = sources.add(r.provenance[0] ?? missing('provenance'), r.id).ref;
      return {
        entity: entities.hit(ix),
        distance: s.distance,
        risk: entities.risk(ix),
        sanctioned: clusterListings(corpus, ix).length > 0,
        relation: s.relation,
        source_ref,
      };
    })
    .sort(
      (a, b) =>
        Number(b.sanctioned) - Number(a.sanctioned) ||
        (RISK_ORDER[a.risk] ?? 3) - (RISK_ORDER[b.risk] ?? 3) ||
        a.distance - b.distance ||
        compareIds(a.entity.id, b.entity.id),
    );
}
