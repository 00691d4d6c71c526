// What the build derives for each entity (roles, stored risk), derived again from the live corpus for one entity.
import type { Corpus } from '../corpus.js';
import { RISK_LEVELS, type RiskLevel } from '../model/records.js';
import type { StoredEntity } from '../model/views.js';
import { PEP_BIT, SANCTIONED_BIT, roleBitOf, rolesFromBits, topicBits } from '../model/roles.js';
import type { EdgeAttributes } from '../graph/relation-graph.js';
import { forEachClusterOwner } from '../ownership/cluster-owners.js';
import { clusterMembers } from '../sanctions/cluster-listings.js';
import { sanctionedOwnershipOf, type Clusters } from '../sanctions/sanctioned-ownership.js';
import type { OwnershipLink } from '../sanctions/ownership-link.js';
import { storedRiskLevel } from '../risk/stored-risk.js';

const HIGH = RISK_LEVELS.indexOf('HIGH');

/** How far a change's effect on ownership is followed along the chains, as the sanctions walk does. */
const MAX_DEPTH = 10;
const MAX_REACHED = 50_000;

/**
 * Listed on a sanctions list, or a sanctioned party by its own record's topics. A sanctioned party's stored risk is
 * always HIGH (the build's rule, and a live change sets it with the topic), so only those records are read.
 */
export function isSanctioned(corpus: Corpus, ix: number): boolean {
  if (corpus.listings.byEntity.count(ix) > 0) return true;
  return corpus.entities.riskCode(ix) === HIGH && corpus.entities.record(ix).topics.includes('sanction');
}

/**
 * Whether any sanctioned party owns or controls the entity, by any share, up current chains: when none does, a
 * link from it changes no sanctions reach below it.
 */
export function hasSanctionedOwner(corpus: Corpus, ix: number): boolean {
  const seen = new Set<number>([corpus.entities.cluster(ix)]);
  let frontier = [ix];
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const e of frontier)
      forEachClusterOwner(corpus, e, (owner, _rel, attrs) => {
        const cluster = corpus.entities.cluster(owner);
        if (attrs.ended || seen.has(cluster) || seen.size >= MAX_REACHED) return;
        seen.add(cluster);
        next.push(owner);
      });
    for (const o of next) if (clusterSanctioned(corpus, o)) return true;
    frontier = next;
  }
  return false;
}

/** Whether any record of the entity's cluster is sanctioned. */
export function clusterSanctioned(corpus: Corpus, ix: number): boolean {
  return clusterMembers(corpus, ix).some((m) => isSanctioned(corpus, m));
}

/**
 * The roles of a full entity record: those its relationships give it, its listings and its topics. `record` is the
 * entity's record when the caller has decoded it already.
 */
export function rolesOf(corpus: Corpus, ix: number, record: StoredEntity = corpus.entities.record(ix)): string[] {
  let bits = topicBits(record.topics);
  if (corpus.listings.byEntity.count(ix) > 0) bits |= SANCTIONED_BIT;
  corpus.graph.forEachEdge(ix, ['control', 'role', 'link'], (_other, _rel, attrs, direction) => {
    if (direction === 'out') bits |= roleBitOf(attrs.kind, attrs.role);
  });
  return rolesFromBits(bits);
}

/** A current ownership or control link of the graph, as the sanctions rules read it. */
function link(owner: number, owned: number, attrs: EdgeAttributes): OwnershipLink {
  return { owner, owned, share: attrs.share, control: attrs.kind !== 'ownership' };
}

/** The corpus's clusters, as the sanctions rules read them. */
export function corpusClusters(corpus: Corpus): Clusters {
  return {
    of: (e) => corpus.entities.cluster(e),
    members: (c) => corpus.clusters.of(c),
  };
}

/**
 * The risk level stored with the entity: the build's rule over the signals the corpus holds now. `record` is the
 * entity's record when the caller has decoded it already.
 */
export function storedRiskOf(corpus: Corpus, ix: number, record: StoredEntity = corpus.entities.record(ix)): RiskLevel {
  const bits = topicBits(record.topics) | (corpus.listings.byEntity.count(ix) > 0 ? SANCTIONED_BIT : 0);
  // An owner reached by several paths is asked once.
  const known = new Map<number, boolean>();
  const sanctionedOwner = (e: number): boolean => {
    let v = known.get(e);
    if (v === undefined) known.set(e, (v = clusterSanctioned(corpus, e)));
    return v;
  };
  return storedRiskLevel({
    sanctioned: (bits & SANCTIONED_BIT) !== 0,
    clusterSanctioned: clusterSanctioned(corpus, ix),
    ownedBySanctioned: sanctionedOwnershipOf(
      ix,
      {
        direct: (e, visit) =>
          corpus.graph.forEachOwner(e, (owner, _rel, attrs) => void (attrs.ended || visit(link(owner, e, attrs)))),
        ofCluster: (e, visit) =>
          forEachClusterOwner(corpus, e, (owner, _rel, attrs) => void (attrs.ended || visit(link(owner, e, attrs)))),
      },
      sanctionedOwner,
      corpusClusters(corpus),
    ),
    pep: (bits & PEP_BIT) !== 0,
    offshoreLeaks: record.topics.includes('offshore-leaks'),
    sharedAddressCompanies: record.shared_address?.companies ?? 0,
  });
}

/**
 * The entities `seeds` own or control, directly or down current chains (seeds included): those whose stored
 * sanctions reach a change to the seeds can alter.
 */
export function ownedDownstream(corpus: Corpus, seeds: Iterable<number>): Set<number> {
  const reached = new Set<number>();
  let frontier: number[] = [];
  // A record reached stands for its whole cluster: the chain goes on from any of its records, and all share a verdict.
  const reach = (e: number): void => {
    for (const m of clusterMembers(corpus, e))
      if (!reached.has(m)) {
        reached.add(m);
        frontier.push(m);
      }
  };
  for (const s of seeds) reach(s);
  for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0 && reached.size < MAX_REACHED; depth++) {
    const current = frontier;
    frontier = [];
    for (const e of current)
      corpus.graph.forEachEdge(e, ['control'], (other, _rel, attrs, direction) => {
        if (direction === 'out' && !attrs.ended && !reached.has(other) && reached.size < MAX_REACHED) reach(other);
      });
  }
  return reached;
}
