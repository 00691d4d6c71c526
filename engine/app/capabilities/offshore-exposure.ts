// GET /api/public/offshore-exposure/{id}: the ownership chain walked for secrecy-jurisdiction and sanctioned hops.
import { z } from 'zod';
import { EntityHitSchema, SourceSchema } from '../../model/views.js';
import { missing } from '../../errors/missing.js';
import { offshoreExposure, secrecyProvenances } from '../../offshore/exposure.js';
import { secrecyTable, type SecrecyFacts, type SecrecyTable } from '../../offshore/secrecy-table.js';
import { walkOwnership } from '../../ownership/ownership-walk.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { requireEntity } from '../views/entity-views.js';
import { HopSchema, hopViews } from '../views/ownership-views.js';
import { EntityId } from '../contract/params.js';
import { SourceCollector } from '../views/sources.js';

const MAX_HOPS_LISTED = 500;

const SecrecySchema = z
  .object({
    score: z
      .number()
      .nullable()
      .describe(
        'Financial Secrecy Index secrecy score, 0 (transparent) to 100 (secret); null where the table holds none',
      ),
    rank: z.number().int().nullable().describe('Financial Secrecy Index rank; null where the table holds none'),
    index_year: z.number().int(),
    offshore_centre: z.boolean().describe('Listed as an offshore financial centre'),
    secrecy_hop: z.boolean().describe('Counts as a secrecy jurisdiction for the level'),
    source_refs: z.array(z.string()),
  })
  .nullable();

const ExposureHopSchema = HopSchema.extend({
  jurisdiction: z.string().nullable().describe('Jurisdiction of the owner (`to`)'),
  secrecy: SecrecySchema,
  sanctioned: z.boolean().describe('The owner, or another record of the same entity, is on a sanctions list'),
});

function secrecyView(
  table: SecrecyTable,
  facts: SecrecyFacts | null,
  sources: SourceCollector,
): z.infer<typeof SecrecySchema> {
  if (facts === null) return null;
  const refs = secrecyProvenances(table, facts).map((p) => sources.add(p, facts.code).ref);
  return {
    score: facts.score,
    rank: facts.rank,
    index_year: table.indexYear,
    offshore_centre: facts.offshoreCentre,
    secrecy_hop: facts.secrecyHop,
    source_refs: refs,
  };
}

export const offshoreExposureCapability = defineCapability({
  tool: 'check_offshore_exposure',
  title: 'Offshore exposure',
  description:
    'How offshore is the ownership chain of an entity? Walks the owners upward (max_depth default 6, maximum 6) and flags each hop whose owner sits in a secrecy jurisdiction ' +
    '(an offshore financial centre, or a high Financial Secrecy Index score) or is sanctioned. level: HIGH when a sanctioned party is in the chain or it passes two or more ' +
    'secrecy jurisdictions (the entity’s own counts); MED for one; LOW when ownership only crosses borders; NONE for a domestic chain. The secrecy facts cite their published source and year. ' +
    `At most ${MAX_HOPS_LISTED} hops are listed.`,
  method: 'GET',
  path: '/api/public/offshore-exposure/:id',
  input: z.object({
    id: EntityId,
    max_depth: z.number().int().min(1).max(6).default(6).describe('How many levels up to walk (default 6, maximum 6)'),
  }),
  output: z.object({
    entity: EntityHitSchema,
    max_depth: z.number().int(),
    level: z.enum(['HIGH', 'MED', 'LOW', 'NONE']),
    jurisdiction: z.string().nullable().describe('The entity’s own jurisdiction'),
    secrecy: SecrecySchema.describe('Secrecy facts of the entity’s own jurisdiction'),
    hops: z.array(ExposureHopSchema),
    flags: z.object({
      sanctioned_hops: z.number().int().describe('Distinct sanctioned owners in the chain'),
      secrecy_hops: z.number().int().describe('Distinct owners in secrecy jurisdictions'),
      foreign_hops: z.number().int().describe('Distinct owners in another jurisdiction than the entity'),
    }),
    truncated: z.boolean(),
    sources: z.array(SourceSchema),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus, config }, input) {
    const root = requireEntity(corpus, input.id);
    const table = secrecyTable(config.secrecyTable);
    const walk = walkOwnership(corpus, root, { maxDepth: input.max_depth });
    const exposure = offshoreExposure(corpus, walk, table);
    const sources = new SourceCollector(config.publicUrl);
    const byHop = new Map(exposure.hops.map((h) => [walk.hops[h.hop] ?? missing('ownership hop'), h]));
    const views = hopViews(corpus, walk, sources, MAX_HOPS_LISTED, (hop, view) => {
      const e = byHop.get(hop)!;
      return {
        ...view,
        jurisdiction: e.jurisdiction,
        secrecy: secrecyView(table, e.secrecy, sources),
        sanctioned: e.sanctioned,
      };
    });
    return {
      entity: corpus.entities.hit(root),
      max_depth: input.max_depth,
      level: exposure.level,
      jurisdiction: exposure.root.jurisdiction,
      secrecy: secrecyView(table, exposure.root.secrecy, sources),
      hops: views,
      flags: {
        sanctioned_hops: exposure.sanctionedHops,
        secrecy_hops: exposure.secrecyHops,
        foreign_hops: exposure.foreignHops,
      },
      truncated: walk.truncated || walk.hops.length > MAX_HOPS_LISTED,
      sources: sources.list(),
    };
  },
});
