// Builds the paid report of a dossier: full tree, every connection, the cluster, timeline, finances, cited summary.
import type { Corpus } from '../../corpus.js';
import type { RiskLevel } from '../../model/records.js';
import { secrecyProvenances, type OffshoreExposure } from '../../offshore/exposure.js';
import type { SecrecyFacts, SecrecyTable } from '../../offshore/secrecy-table.js';
import type { Walk } from '../../ownership/ownership-walk.js';
import { clusterListings, clusterMembers } from '../../sanctions/cluster-listings.js';
import type { OwnershipExposure } from '../../sanctions/ownership-rules.js';
import { connectionsOf } from '../views/entity-views.js';
import { financialHistory } from '../views/financial-history.js';
import { chainEndViews, hopViews, uboViews } from '../views/ownership-views.js';
import type { SourceCollector } from '../views/sources.js';
import type { ReportTier } from '../billing/price-list.js';
import type { Report } from './report-schema.js';
import { screenNeighbourhood } from './screening.js';
import { reportSummary } from './summary.js';
import { compareIds } from '../../model/id-order.js';
import { missing } from '../../errors/missing.js';

/** Bounds that keep one report printable and one response reasonable, however large the group. */
export const REPORT_LIMITS = { hops: 2_000, connections: 1_000, timeline: 500 } as const;

export interface LinkedRecordView {
  id: string;
  method: string;
  confidence: number;
}

export interface ReportInputs {
  corpus: Corpus;
  entity: number;
  tier: ReportTier;
  now: Date;
  walk: Walk;
  sources: SourceCollector;
  linked: readonly LinkedRecordView[];
  risk: { level: RiskLevel; signals: ReadonlyArray<{ code: string; summary: string; source_ref: string }> };
  ownershipExposure: readonly OwnershipExposure[];
  offshore: { exposure: OffshoreExposure; table: SecrecyTable };
}

export function buildReport(inputs: ReportInputs): Report {
  const { corpus, entity, walk, sources } = inputs;
  const { entities } = corpus;
  const ids = entities.ids;
  const idOf = (ix: number): string => ids.at(ix) ?? missing('entity id');

  const hops = hopViews(corpus, walk, sources, REPORT_LIMITS.hops);
  const ubos = uboViews(corpus, walk);
  const chainEnds = chainEndViews(corpus, walk, sources);
  const connections = connectionsOf(corpus, entity, sources, REPORT_LIMITS.connections);

  const members = clusterMembers(corpus, entity);
  const linkedById = new Map(inputs.linked.map((l) => [l.id, l]));
  const cluster = members.map((m) => {
    const r = entities.record(m);
    const link = linkedById.get(r.id);
    return {
      entity: entities.hit(m),
      method: m === entity ? 'self' : (link?.method ?? 'identity link'),
      confidence: m === entity ? 1 : (link?.confidence ?? 0.8),
      source_ref: sources.add(r.provenance[0] ?? missing('provenance'), r.id).ref,
    };
  });

  const events = members.flatMap((m) =>
    Array.from(corpus.events.byEntity.of(m), (r) => ({ member: m, event: corpus.events.records.get(r) })),
  );
  events.sort((a, b) =>
    a.event.occurred_at === b.event.occurred_at
      ? compareIds(a.event.id, b.event.id)
      : a.event.occurred_at < b.event.occurred_at
        ? 1
        : -1,
  );
  const timeline = events.slice(0, REPORT_LIMITS.timeline).map(({ member, event }) => ({
    occurred_at: event.occurred_at,
    kind: event.kind,
    type: event.type,
    entity: entities.hit(member),
    summary: event.summary,
    source_ref: sources.add(event.provenance, idOf(member)).ref,
  }));

  const finances = financialHistory(corpus, entity, sources);

  const listings = clusterListings(corpus, entity).map((l) => ({
    list: l.listing.list,
    program: l.listing.program,
    listed_on: l.listing.listed_on,
    reference: l.listing.reference,
    entity_id: idOf(l.entity),
    source_ref: sources.add(l.listing.provenance, idOf(l.entity)).ref,
  }));
  const viaOwnership = inputs.ownershipExposure.map((e) => {
    const first = e.listings[0] ?? missing('listing behind an ownership exposure');
    return {
      owner: entities.hit(e.owner),
      list: e.list,
      rule: e.rule,
      verdict: e.verdict,
      source_ref: sources.add(first.listing.provenance, idOf(first.entity)).ref,
    };
  });

  const { exposure, table } = inputs.offshore;
  const secrecy = new Map<string, SecrecyFacts>();
  for (const h of exposure.hops) if (h.secrecy?.secrecyHop === true) secrecy.set(h.secrecy.code, h.secrecy);
  if (exposure.root.secrecy?.secrecyHop === true) secrecy.set(exposure.root.secrecy.code, exposure.root.secrecy);
  const secrecyJurisdictions = [...secrecy.values()].map((f) => ({
    code: f.code,
    name: f.name,
    source_refs: secrecyProvenances(table, f).map((p) => sources.add(p, f.code).ref),
  }));

  const report: Report = {
    tier: inputs.tier,
    generated_at: inputs.now.toISOString(),
    summary: [],
    ownership_tree: {
      max_depth: walk.hops.reduce((d, h) => Math.max(d, h.depth), 0),
      hops,
      ubos,
      chain_ends: chainEnds,
      cycles: walk.cycles.map((c) => c.map(idOf)),
      truncated: walk.truncated || walk.hops.length > REPORT_LIMITS.hops,
    },
    connections: {
      items: connections.connections,
      total: connections.total,
      truncated: connections.total > connections.connections.length,
    },
    cluster,
    timeline,
    financial_history: finances,
    sanctions: { listings, via_ownership: viaOwnership },
    offshore: { level: exposure.level, secrecy_jurisdictions: secrecyJurisdictions },
    screening: inputs.tier === 'enhanced' ? screenNeighbourhood(corpus, entity, sources) : null,
  };
  report.summary = reportSummary(corpus, entity, report, inputs.risk, inputs.now);
  return report;
}
