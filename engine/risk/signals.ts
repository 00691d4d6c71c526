// Explainable risk signals of one entity, each citing the source it rests on.
import type { Corpus } from '../corpus.js';
import { missing } from '../errors/missing.js';
import type { Provenance } from '../model/records.js';
import type { Walk } from '../ownership/ownership-walk.js';
import { secrecyProvenances, type OffshoreExposure } from '../offshore/exposure.js';
import type { SecrecyTable } from '../offshore/secrecy-table.js';
import { clusterListings, clusterMembers } from '../sanctions/cluster-listings.js';
import type { OwnershipExposure } from '../sanctions/ownership-rules.js';
import type { Severity } from './level.js';

export interface RiskSignal {
  code: string;
  severity: Severity;
  summary: string;
  provenance: Provenance;
  /** The entity the provenance is about, for sources without a page of their own. */
  about: string;
}

/** A corporate director with this many appointments is a company-formation service, not a trading business. */
export const FORMATION_AGENT_APPOINTMENTS = 20;

/**
 * Companies at one registered address: from 5 it is worth a look (a serviced office, an accountant), from 20 it is
 * the mass-registration address of a formation agent. Shared with the stored risk level.
 */
export function sharedAddressSeverity(companies: number): Severity | null {
  if (companies >= 20) return 'MED';
  if (companies >= 5) return 'LOW';
  return null;
}

export interface OffshoreFacts {
  exposure: OffshoreExposure;
  table: SecrecyTable;
}

const dateOnly = (d: Date): string => d.toISOString().slice(0, 10);

export function riskSignals(
  corpus: Corpus,
  entity: number,
  walk: Walk,
  exposure: OwnershipExposure[],
  offshore: OffshoreFacts,
  now: Date,
): RiskSignal[] {
  const { entities } = corpus;
  const ids = entities.ids;
  const id = ids.at(entity) ?? missing('entity id');
  const record = entities.record(entity);
  const own = record.provenance[0] ?? missing('entity provenance');
  const out: RiskSignal[] = [];

  const listings = clusterListings(corpus, entity);
  const mine = listings.filter((l) => l.entity === entity);
  const l = mine[0];
  const sibling = listings[0];
  if (l !== undefined) {
    out.push({
      code: 'sanctioned',
      severity: 'HIGH',
      summary: `Listed by ${[...new Set(mine.map((m) => m.listing.list))].join(', ')} (${l.listing.program}, reference ${l.listing.reference}).`,
      provenance: l.listing.provenance,
      about: id,
    });
  } else if (sibling !== undefined) {
    const siblingId = ids.at(sibling.entity) ?? missing('entity id');
    out.push({
      code: 'sanctioned-cluster-sibling',
      severity: 'HIGH',
      summary: `Another record of the same entity, ${siblingId}, is listed by ${sibling.listing.list} (${sibling.listing.program}).`,
      provenance: sibling.listing.provenance,
      about: siblingId,
    });
  }

  for (const e of exposure) {
    if (e.verdict === 'no') continue;
    const l = e.listings[0] ?? missing('listing of a sanctioned owner');
    const how = e.list === 'OFAC' ? 'the OFAC 50% rule' : `the ${e.list} owned-or-controlled test`;
    out.push({
      code: e.verdict === 'certain' ? 'owned-by-sanctioned' : 'possibly-owned-by-sanctioned',
      severity: e.verdict === 'certain' ? 'HIGH' : 'MED',
      summary: `${entities.names.at(e.owner)} (listed by ${e.list}) ${e.verdict === 'certain' ? 'owns or controls it' : 'may own or control it'} under ${how}.`,
      provenance: l.listing.provenance,
      about: ids.at(l.entity) ?? missing('entity id'),
    });
  }

  for (const member of clusterMembers(corpus, entity)) {
    const r = member === entity ? record : entities.record(member);
    if (r.topics.includes('pep')) {
      out.push({
        code: 'pep',
        severity: 'MED',
        summary: `Politically exposed person${r.position === null ? '' : `: ${r.position}`}.`,
        provenance: r.provenance[0] ?? missing('entity provenance'),
        about: r.id,
      });
    }
    if (r.topics.includes('offshore-leaks')) {
      out.push({
        code: 'offshore-leaks',
        severity: 'MED',
        summary: `Named in an offshore-leaks database (${r.id}).`,
        provenance: r.provenance[0] ?? missing('entity provenance'),
        about: r.id,
      });
    }
  }

  out.push(...secrecySignals(corpus, walk, offshore, id));

  const shared = record.shared_address ?? null;
  const sharedSeverity = shared === null ? null : sharedAddressSeverity(shared.companies);
  if (shared !== null && sharedSeverity !== null) {
    out.push({
      code: 'mass-registration-address',
      severity: sharedSeverity,
      summary: `Registered at ${shared.address}, an address ${shared.companies} companies share${sharedSeverity === 'MED' ? ': a formation-agent pattern' : ''}.`,
      provenance: own,
      about: id,
    });
  }

  const cycle = walk.cycles[0];
  if (cycle !== undefined) {
    const hop = walk.hops.find((h) => cycle.includes(h.from)) ?? missing('hop of an ownership loop');
    out.push({
      code: 'circular-ownership',
      severity: 'MED',
      summary: `Ownership loops back on itself: ${cycle.map((c) => entities.names.at(c)).join(' → ')}.`,
      provenance: corpus.relationships.get(hop.rel).provenance,
      about: id,
    });
  }

  corpus.graph.forEachEdge(entity, ['role'], (other, relIx, attrs, direction) => {
    if (direction !== 'in' || attrs.kind !== 'directorship' || attrs.ended) return;
    const rel = corpus.relationships.get(relIx);
    if (attrs.role.includes('nominee')) {
      out.push({
        code: 'nominee-director',
        severity: 'MED',
        summary: `${entities.names.at(other)} acts as a nominee director.`,
        provenance: rel.provenance,
        about: id,
      });
    } else if (entities.type(other) === 'company') {
      const appointments = corpus.graph.degree(other);
      const agent = appointments >= FORMATION_AGENT_APPOINTMENTS;
      out.push({
        code: agent ? 'formation-agent-director' : 'corporate-director',
        severity: agent ? 'MED' : 'LOW',
        summary: agent
          ? `A company, ${entities.names.at(other)}, is its director and holds ${appointments} appointments: a formation-agent pattern.`
          : `A company, ${entities.names.at(other)}, is its director.`,
        provenance: rel.provenance,
        about: id,
      });
    }
  });

  const profile = record.company;
  const today = dateOnly(now);
  if (profile?.accounts?.next_due != null && profile.accounts.next_due < today) {
    out.push({
      code: 'overdue-accounts',
      severity: 'MED',
      summary: `Accounts were due by ${profile.accounts.next_due} and are overdue.`,
      provenance: own,
      about: id,
    });
  }
  if (profile?.confirmation_statement?.next_due != null && profile.confirmation_statement.next_due < today) {
    out.push({
      code: 'overdue-confirmation-statement',
      severity: 'MED',
      summary: `The confirmation statement was due by ${profile.confirmation_statement.next_due} and is overdue.`,
      provenance: own,
      about: id,
    });
  }
  if (record.dissolution_date !== null || record.status === 'dissolved') {
    out.push({
      code: 'dissolved',
      severity: 'LOW',
      summary: `Dissolved${record.dissolution_date === null ? '' : ` on ${record.dissolution_date}`}.`,
      provenance: own,
      about: id,
    });
  }
  let newest: { end: string; netAssets: number | null; currency: string; provenance: Provenance } | null = null;
  for (const r of corpus.financials.byEntity.of(entity)) {
    const f = corpus.financials.records.get(r);
    if (newest === null || f.period_end > newest.end)
      newest = { end: f.period_end, netAssets: f.net_assets, currency: f.currency, provenance: f.provenance };
  }
  if (newest?.netAssets != null && newest.netAssets < 0) {
    out.push({
      code: 'negative-net-assets',
      severity: 'MED',
      summary: `Net assets were negative (${newest.currency} ${newest.netAssets.toLocaleString('en-GB')}) at ${newest.end}.`,
      provenance: newest.provenance,
      about: id,
    });
  }
  return out;
}

/** The entity's own secrecy jurisdiction, and owners up the chain in secrecy jurisdictions (layering when two or more). */
function secrecySignals(corpus: Corpus, walk: Walk, offshore: OffshoreFacts, id: string): RiskSignal[] {
  const { entities } = corpus;
  const { exposure, table } = offshore;
  const out: RiskSignal[] = [];
  const own = exposure.root.secrecy;
  if (own?.secrecyHop === true && entities.type(walk.root) === 'company') {
    out.push({
      code: 'secrecy-jurisdiction',
      severity: 'LOW',
      summary: `Registered in ${own.name}, a secrecy jurisdiction.`,
      provenance: secrecyProvenances(table, own)[0] ?? missing('secrecy provenance'),
      about: id,
    });
  }
  const owners = new Map<number, NonNullable<typeof own>>();
  for (const h of exposure.hops) {
    if (h.secrecy?.secrecyHop === true) owners.set((walk.hops[h.hop] ?? missing('walk hop')).to, h.secrecy);
  }
  const listed = [...owners];
  const head = listed[0];
  if (head !== undefined) {
    const named = listed.map(([o, f]) => `${entities.names.at(o)} (${f.name})`);
    const [first, facts] = head;
    out.push({
      code: 'secrecy-jurisdiction-owner',
      severity: owners.size >= 2 ? 'MED' : 'LOW',
      summary: `Owned or controlled through ${owners.size === 1 ? 'a party' : `${owners.size} parties`} in secrecy jurisdictions: ${named.join(', ')}.`,
      provenance: secrecyProvenances(table, facts)[0] ?? missing('secrecy provenance'),
      about: entities.ids.at(first) ?? missing('entity id'),
    });
  }
  return out;
}
