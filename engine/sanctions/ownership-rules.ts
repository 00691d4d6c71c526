// Sanctions reaching an entity through its owners: the OFAC 50% rule and the owned-or-controlled tests.
import type { Corpus } from '../corpus.js';
import type { SanctionsList } from '../model/records.js';
import { crosses, sum, type Band, type ThresholdVerdict } from '../ownership/interval.js';
import type { Walk } from '../ownership/ownership-walk.js';
import { clusterListings, type ClusterListing } from './cluster-listings.js';

export const OWNERSHIP_RULES = {
  OFAC: 'OFAC 50% rule',
  EU: 'EU owned or controlled',
  UK: 'UK owned or controlled',
  UN: 'UN owned or controlled',
} as const satisfies Record<SanctionsList, string>;

export interface OwnershipExposure {
  owner: number;
  effective: Band | null;
  control: boolean;
  listings: ClusterListing[];
  list: SanctionsList;
  rule: string;
  /**
   * OFAC: whether the property is blocked, from the aggregate held by all OFAC-blocked owners (≥ 50%).
   * EU, UK, UN: whether this owner owns more than 50% or controls it.
   */
  verdict: ThresholdVerdict;
  /** OFAC only: the aggregate of all blocked owners, which the verdict is about. */
  aggregate: Band | null;
}

/** One entry per sanctioned owner and list, in owner order, OFAC first. */
export function ownershipExposure(corpus: Corpus, walk: Walk): OwnershipExposure[] {
  const sanctioned: Array<{
    owner: number;
    effective: Band | null;
    control: boolean;
    unknownShare: boolean;
    listings: ClusterListing[];
  }> = [];
  for (const o of walk.owners.values()) {
    const listings = clusterListings(corpus, o.owner);
    if (listings.length > 0)
      sanctioned.push({
        owner: o.owner,
        effective: o.effective,
        control: o.control,
        unknownShare: o.unknownShare,
        listings,
      });
  }
  // OFAC aggregates the holdings of every blocked person: two 30% owners block the property together.
  const ofacOwners = sanctioned.filter((s) => s.listings.some((l) => l.listing.list === 'OFAC'));
  const aggregate = sum(ofacOwners.flatMap((s) => (s.effective === null ? [] : [s.effective])));
  const out: OwnershipExposure[] = [];
  for (const list of ['OFAC', 'EU', 'UK', 'UN'] as const) {
    for (const s of sanctioned) {
      const listings = s.listings.filter((l) => l.listing.list === list);
      if (listings.length === 0) continue;
      // A holding of unpublished size may be anything: it makes a "no" at most a "possible".
      const atMost = (v: ThresholdVerdict): ThresholdVerdict => (v === 'no' && s.unknownShare ? 'possible' : v);
      let verdict: ThresholdVerdict;
      if (list === 'OFAC') verdict = atMost(aggregate === null ? 'no' : crosses(aggregate, 50));
      else if (s.control)
        verdict = 'certain'; // the control limb: appointing the board or consolidating is control
      else verdict = atMost(s.effective === null ? 'no' : crosses(s.effective, 50, true));
      out.push({
        owner: s.owner,
        effective: s.effective,
        control: s.control,
        listings,
        list,
        rule: OWNERSHIP_RULES[list],
        verdict,
        aggregate: list === 'OFAC' ? aggregate : null,
      });
    }
  }
  return out;
}
