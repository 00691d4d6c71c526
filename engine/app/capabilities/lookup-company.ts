// GET /api/public/company/{number}: a UK company record with its ownership graph (officers, PSCs, parents, subsidiaries).
import { z } from 'zod';
import { EntityHitSchema, FullEntitySchema, SourceSchema, type EntityHit, type Source } from '../../model/views.js';
import { ShareSchema, type Share } from '../../model/records.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { CompanySummarySchema, companyNumber, requireCompany } from '../views/company-views.js';
import { refreshCompany, snapshotNote } from '../live/live-lookup.js';
import { fullEntity } from '../views/entity-views.js';
import { SourceCollector } from '../views/sources.js';

export const MAX_GRAPH_EDGES = 200;

const EdgeSchema = z.object({
  source: z.string().describe('Entity id of the party holding the role (owner, officer, parent)'),
  target: z.string().describe('Entity id of the company the role is held in'),
  kind: z.string(),
  role: z.string(),
  share: ShareSchema.nullable(),
  end_date: z.string().nullable(),
  provenance: SourceSchema,
});
type Edge = z.infer<typeof EdgeSchema>;

export const lookupCompany = defineCapability({
  tool: 'lookup_company',
  title: 'Look up UK company',
  description:
    'A UK company by Companies House number (leading zeros and SC/NI/OC prefixes kept; "1234" means 00001234), with its ownership graph: ' +
    `officers, persons with significant control, shareholders, parents and subsidiaries as nodes and edges (at most ${MAX_GRAPH_EDGES} edges). ` +
    'Use search_companies to find a number from a name. With a Companies House key configured, the company (and the UK companies up its ' +
    'ownership chain) is refreshed from the live register first: live is then true and note says when; a company registered since the ' +
    'snapshot is found too. When the register is slow or unreachable the answer comes from the snapshot within seconds, live false, and ' +
    'note says why.',
  method: 'GET',
  path: '/api/public/company/:number',
  input: z.object({ number: z.string().min(1).max(20).describe('UK company number, e.g. 00445790 or SC123456') }),
  output: z.object({
    company: FullEntitySchema.extend(CompanySummarySchema.shape),
    graph: z.object({ nodes: z.array(EntityHitSchema), edges: z.array(EdgeSchema), edges_total: z.number().int() }),
    live: z.boolean(),
    note: z.string(),
  }),
  cost: 1,
  annotations: READ_ONLY,
  async run(ctx, input) {
    const { corpus, config } = ctx;
    const number = companyNumber(input.number, 'number');
    const freshness = await refreshCompany(ctx, number);
    const ix = requireCompany(corpus, number);
    const sources = new SourceCollector(config.publicUrl);
    const record = corpus.entities.record(ix);
    const profile = record.company;
    const company = {
      ...fullEntity(corpus, ix, sources),
      company_number: number,
      company_type: profile?.company_type ?? null,
      sic: profile?.sic ?? [],
      accounts: profile?.accounts ?? null,
      confirmation_statement: profile?.confirmation_statement ?? null,
      former_names: profile?.former_names ?? [],
    };
    const nodes = new Map<number, EntityHit>([[ix, corpus.entities.hit(ix)]]);
    const found: Array<{ rel: number; other: number }> = [];
    corpus.graph.forEachEdge(ix, ['control', 'role'], (other, rel, attrs, direction) => {
      // Into the company: officers, PSCs, owners, parents. Out of it: subsidiaries it owns or consolidates.
      if (direction === 'in' || attrs.kind === 'ownership' || attrs.kind === 'parent' || attrs.kind === 'control') {
        found.push({ rel, other });
      }
    });
    found.sort((a, b) => a.rel - b.rel);
    const edges: Edge[] = found.slice(0, MAX_GRAPH_EDGES).map(({ rel, other }) => {
      if (!nodes.has(other)) nodes.set(other, corpus.entities.hit(other));
      const r = corpus.relationships.get(rel);
      const provenance: Source = sources.add(r.provenance, r.target);
      const share: Share | null = r.share;
      return {
        source: r.source,
        target: r.target,
        kind: r.kind,
        role: r.role,
        share,
        end_date: r.end_date,
        provenance,
      };
    });
    return {
      company,
      graph: { nodes: [...nodes.values()], edges, edges_total: found.length },
      ...(freshness === 'not_found'
        ? {
            live: false,
            note: `${snapshotNote(corpus)}; the Companies House register has no company ${number} now (removed or never registered there).`,
          }
        : freshness),
    };
  },
});
