// Offshore exposure of an ownership chain: which hops lead into secrecy jurisdictions or to sanctioned parties.
import type { Corpus } from '../corpus.js';
import { missing } from '../errors/missing.js';
import type { Provenance } from '../model/records.js';
import type { Walk } from '../ownership/ownership-walk.js';
import { clusterListings } from '../sanctions/cluster-listings.js';
import type { SecrecyFacts, SecrecyTable } from './secrecy-table.js';

export type OffshoreLevel = 'HIGH' | 'MED' | 'LOW' | 'NONE';

export interface HopExposure {
  /** Index into `walk.hops`. */
  hop: number;
  jurisdiction: string | null;
  secrecy: SecrecyFacts | null;
  sanctioned: boolean;
}

export interface OffshoreExposure {
  root: { jurisdiction: string | null; secrecy: SecrecyFacts | null };
  hops: HopExposure[];
  /** Distinct owners in secrecy jurisdictions. */
  secrecyHops: number;
  /** Distinct sanctioned owners (listed themselves or through another record of the same entity). */
  sanctionedHops: number;
  /** Distinct owners in another jurisdiction than the entity itself. */
  foreignHops: number;
  level: OffshoreLevel;
}

/**
 * The offshore level of a chain. HIGH: a sanctioned party owns or controls part of it, or the chain passes two or
 * more secrecy jurisdictions (the entity's own counts), the layering that hides who is behind it. MED: one secrecy
 * jurisdiction. LOW: ownership crosses a border and nothing else stands out. NONE: a domestic chain, or none on record.
 */
export function offshoreLevel(c: { secrecy: number; sanctioned: number; foreign: number }): OffshoreLevel {
  if (c.sanctioned > 0 || c.secrecy >= 2) return 'HIGH';
  if (c.secrecy === 1) return 'MED';
  if (c.foreign > 0) return 'LOW';
  return 'NONE';
}

export function offshoreExposure(corpus: Corpus, walk: Walk, table: SecrecyTable): OffshoreExposure {
  const { entities } = corpus;
  const rootJurisdiction = entities.jurisdiction(walk.root);
  const rootFacts = table.facts(rootJurisdiction);
  const sanctionedMemo = new Map<number, boolean>();
  const sanctioned = (ix: number): boolean => {
    let s = sanctionedMemo.get(ix);
    if (s === undefined) sanctionedMemo.set(ix, (s = clusterListings(corpus, ix).length > 0));
    return s;
  };
  const hops = walk.hops.map((h, i): HopExposure => {
    const jurisdiction = entities.jurisdiction(h.to);
    return { hop: i, jurisdiction, secrecy: table.facts(jurisdiction), sanctioned: sanctioned(h.to) };
  });
  // Owners reached by several routes count once: the level is about parties, not paths.
  const owners = (keep: (h: HopExposure) => boolean): number =>
    new Set(hops.filter(keep).map((h) => (walk.hops[h.hop] ?? missing('walk hop')).to)).size;
  const secrecyHops = owners((h) => h.secrecy?.secrecyHop === true);
  const sanctionedHops = owners((h) => h.sanctioned);
  const foreignHops = owners((h) => h.jurisdiction !== null && h.jurisdiction !== rootJurisdiction);
  const level = offshoreLevel({
    secrecy: secrecyHops + (rootFacts?.secrecyHop === true ? 1 : 0),
    sanctioned: sanctionedHops,
    foreign: foreignHops,
  });
  return {
    root: { jurisdiction: rootJurisdiction, secrecy: rootFacts },
    hops,
    secrecyHops,
    sanctionedHops,
    foreignHops,
    level,
  };
}

/** Where the table's facts about a jurisdiction come from, one citable provenance per published source. */
export function secrecyProvenances(table: SecrecyTable, facts: SecrecyFacts): Provenance[] {
  return table.sources
    .filter((s) => facts.basis.includes(s.code))
    .map((s) => ({ source: s.code, record_id: facts.code, url: s.url, retrieved_at: s.published }));
}
