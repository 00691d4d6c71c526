// The dossier of an entity: identity across sources, ownership to the UBOs, risk signals, every claim cited; the paid
// report filled in for a bought tier. Shared by the JSON dossier and its printable HTML document.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { RISK_LEVELS } from '../../model/records.js';
import { ConnectionSchema, FullEntitySchema, SourceSchema, type Connection } from '../../model/views.js';
import { walkOwnership } from '../../ownership/ownership-walk.js';
import { offshoreExposure } from '../../offshore/exposure.js';
import { secrecyTable } from '../../offshore/secrecy-table.js';
import { riskLevel } from '../../risk/level.js';
import { riskSignals } from '../../risk/signals.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';
import { ownershipExposure } from '../../sanctions/ownership-rules.js';
import { requirePayments, type Context } from '../contract/capability.js';
import { buildReport } from '../report/build-report.js';
import { REPORT_CONTENTS, type ReportTier } from '../billing/price-list.js';
import { ReportSchema } from '../report/report-schema.js';
import { connectionsOf, fullEntity, requireEntity } from './entity-views.js';
import { HopSchema, UboSchema, hopViews, uboViews } from './ownership-views.js';
import { SourceCollector } from './sources.js';
import { missing } from '../../errors/missing.js';

/** The depth of the UBO chain in the free dossier; the paid report walks to 10. */
const DOSSIER_DEPTH = 10;
/** Most owners, holdings and chain hops a dossier lists. */
export const MAX_LISTED = 100;

const LinkedRecordSchema = z.object({
  id: z.string(),
  source: z.string(),
  name: z.string(),
  method: z
    .string()
    .describe('How the record was linked: the published evidence (identifier, name transliteration and birth date, …)'),
  confidence: z.number().min(0).max(1),
  url: z.string(),
});

/** Evidence that ties records together: identifiers and operator judgements are certain; names with dates nearly so. */
const METHOD_CONFIDENCE: Record<string, number> = {
  'company-number': 1,
  lei: 1,
  'list-cross-reference': 1,
  identifier: 1,
  operator: 1,
  'birth-date': 0.95,
  'name-transliteration': 0.9,
};

/** A link's confidence: its own score when the method gave one (candidate name matches), else by its natures. */
function linkConfidence(natures: readonly string[], confidence: number | undefined): number {
  if (confidence !== undefined) return confidence;
  return natures.length === 0 ? 0.8 : Math.max(...natures.map((n) => METHOD_CONFIDENCE[n] ?? 0.8));
}

function linkedRecords(corpus: Corpus, entity: number, sources: SourceCollector): z.infer<typeof LinkedRecordSchema>[] {
  const { entities } = corpus;
  const out: z.infer<typeof LinkedRecordSchema>[] = [];
  const members = new Set(clusterMembers(corpus, entity));
  for (const member of members) {
    if (member === entity) continue;
    // A record may be linked several ways (an identifier, a name match): show the surest link within the cluster.
    let best: { natures: string[]; confidence: number } | null = null;
    corpus.graph.forEachEdge(member, ['link'], (other, relIx, attrs) => {
      if (attrs.kind !== 'identity' || !members.has(other)) return;
      const rel = corpus.relationships.get(relIx);
      const confidence = linkConfidence(rel.natures, rel.confidence);
      if (best === null || confidence > best.confidence) best = { natures: rel.natures, confidence };
    });
    const found = best as { natures: string[]; confidence: number } | null;
    const method = found !== null && found.natures.length > 0 ? found.natures.join('+') : 'identity link';
    const confidence = found === null ? 0.8 : found.confidence;
    const r = entities.record(member);
    out.push({
      id: r.id,
      source: r.source,
      name: r.name,
      method,
      confidence,
      url: sources.add(r.provenance[0] ?? missing('provenance'), r.id).url,
    });
  }
  return out;
}

export const DossierSchema = z.object({
  entity: FullEntitySchema,
  identity: z.object({ linked_records: z.array(LinkedRecordSchema), also_known_in: z.array(z.string()) }),
  ownership: z.object({
    direct_owners: z.array(ConnectionSchema),
    holdings: z.array(ConnectionSchema),
    ubo_chain: z.array(HopSchema),
    ubos: z.array(UboSchema),
  }),
  risk: z.object({
    level: z.enum(RISK_LEVELS),
    signals: z.array(
      z.object({ code: z.string(), severity: z.enum(RISK_LEVELS), summary: z.string(), source_ref: z.string() }),
    ),
  }),
  sources: z.array(SourceSchema),
  report: ReportSchema.nullable().describe('The paid report; null without an access token for this entity'),
  locked: z.array(z.string()).describe('What the paid report adds; empty when the report is there'),
});
export type DossierBody = z.output<typeof DossierSchema>;

/** The tier an access token unlocks for the entity's cluster; `invalid_access_token` when it does not (not_found first). */
/**
 * The report tier open to this request for an entity's cluster: what its access token unlocks (an error for a bad
 * token), or what the calling account unlocked, whichever is higher; null for neither.
 */
export function unlockedTier(ctx: Context, id: string, token: string | undefined): ReportTier | null {
  const { entities } = ctx.corpus;
  const cluster = entities.ids.at(entities.cluster(requireEntity(ctx.corpus, id))) ?? missing('entity id');
  const bought = token === undefined ? null : requirePayments(ctx).unlock(token, cluster, ctx.now);
  const account = ctx.caller.account;
  const held =
    account === undefined || ctx.entitlements === undefined
      ? null
      : ctx.entitlements.unlockedTier(account, cluster, ctx.now);
  if (bought === null || held === null) return bought ?? held;
  return bought === 'enhanced' || held === 'enhanced' ? 'enhanced' : 'standard';
}

/** The dossier of an entity, with the report of `tier` filled in when one was bought for its cluster. */
export function dossierBody({ corpus, config, now }: Context, id: string, tier: ReportTier | null): DossierBody {
  const ix = requireEntity(corpus, id);
  const sources = new SourceCollector(config.publicUrl);
  const entity = fullEntity(corpus, ix, sources);
  const linked = linkedRecords(corpus, ix, sources);
  const walk = walkOwnership(corpus, ix, { maxDepth: DOSSIER_DEPTH });
  const { connections } = connectionsOf(corpus, ix, sources, Number.MAX_SAFE_INTEGER, ['control']);
  const current = (c: Connection): boolean => c.end_date === null;
  const table = secrecyTable(config.secrecyTable);
  const offshore = { exposure: offshoreExposure(corpus, walk, table), table };
  const exposure = ownershipExposure(corpus, walk);
  const signals = riskSignals(corpus, ix, walk, exposure, offshore, now).map((s) => ({
    code: s.code,
    severity: s.severity,
    summary: s.summary,
    source_ref: sources.add(s.provenance, s.about).ref,
  }));
  const identity = {
    linked_records: linked,
    also_known_in: [...new Set(linked.map((l) => l.source))].filter((s) => s !== entity.source).sort(),
  };
  const ownership = {
    direct_owners: connections.filter((c) => c.direction === 'in' && current(c)).slice(0, MAX_LISTED),
    holdings: connections.filter((c) => c.direction === 'out' && current(c)).slice(0, MAX_LISTED),
    ubo_chain: hopViews(corpus, walk, sources, MAX_LISTED),
    ubos: uboViews(corpus, walk),
  };
  const level = riskLevel(signals);
  const report =
    tier === null
      ? null
      : buildReport({
          corpus,
          entity: ix,
          tier,
          now,
          walk,
          sources,
          linked,
          risk: { level, signals },
          ownershipExposure: exposure,
          offshore,
        });
  return {
    entity,
    identity,
    ownership,
    risk: { level, signals },
    sources: sources.list(),
    report,
    locked: report === null ? [...REPORT_CONTENTS] : [],
  };
}
