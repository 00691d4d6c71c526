// GET /api/public/sanctions/{id}: sanctions listings of an entity's cluster, and sanctions reaching it through owners.
import { z } from 'zod';
import { SANCTIONS_LISTS, ShareSchema } from '../../model/records.js';
import { EntityHitSchema, SourceSchema } from '../../model/views.js';
import { shareOf } from '../../ownership/interval.js';
import { walkOwnership } from '../../ownership/ownership-walk.js';
import { clusterListings, clusterMembers, type ClusterListing } from '../../sanctions/cluster-listings.js';
import { ownershipExposure } from '../../sanctions/ownership-rules.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { requireEntity } from '../views/entity-views.js';
import { EntityId } from '../contract/params.js';
import { SourceCollector } from '../views/sources.js';
import { missing } from '../../errors/missing.js';

/** Deep enough for any published chain; the walk's own budgets bound the work. */
const SANCTIONS_DEPTH = 10;

const ListingSchema = z.object({
  list: z.enum(SANCTIONS_LISTS),
  program: z.string(),
  listed_on: z.string().nullable(),
  reference: z.string(),
  entity_id: z.string().describe('The cluster record the listing is attached to'),
  url: z.string().describe('The list entry, or the service page of the record when the list has none'),
  source_ref: z.string(),
});

export const sanctions = defineCapability({
  tool: 'get_sanctions',
  title: 'Sanctions exposure',
  description:
    'Is this entity sanctioned, directly or through its owners? Lists the OFAC, EU, UN and UK listings of the entity and of every record of the same real-world entity (its cluster), ' +
    'and via_ownership: sanctioned owners found up the ownership chain, with their effective share as an interval and the rule applied — the OFAC 50% rule ' +
    '(blocked persons together owning 50% or more; verdict certain or possible from the share bands) and the EU, UK and UN owned-or-controlled tests (more than 50%, or control).',
  method: 'GET',
  path: '/api/public/sanctions/:id',
  input: z.object({ id: EntityId }),
  output: z.object({
    entity: EntityHitSchema,
    sanctioned: z.boolean().describe('The entity or a record of its cluster is listed'),
    cluster: z.array(EntityHitSchema),
    listings: z.array(ListingSchema),
    via_ownership: z.array(
      z.object({
        owner: EntityHitSchema,
        effective_share: ShareSchema.nullable(),
        control: z.boolean(),
        listings: z.array(ListingSchema),
        list: z.enum(SANCTIONS_LISTS),
        rule: z.string(),
        verdict: z
          .enum(['certain', 'possible', 'no'])
          .describe('Whether the rule applies, given the published share bands'),
        aggregate_share: ShareSchema.nullable().describe(
          'OFAC: the combined share of all blocked owners, which the verdict is about',
        ),
      }),
    ),
    sources: z.array(SourceSchema),
  }),
  cost: 1,
  annotations: READ_ONLY,
  run({ corpus, config }, { id }) {
    const ix = requireEntity(corpus, id);
    const sources = new SourceCollector(config.publicUrl);
    const view = (l: ClusterListing): z.infer<typeof ListingSchema> => {
      const src = sources.add(l.listing.provenance, corpus.entities.ids.at(l.entity) ?? missing('entity id'));
      return {
        list: l.listing.list,
        program: l.listing.program,
        listed_on: l.listing.listed_on,
        reference: l.listing.reference,
        entity_id: corpus.entities.ids.at(l.entity) ?? missing('entity id'),
        url: src.url,
        source_ref: src.ref,
      };
    };
    const listings = clusterListings(corpus, ix).map(view);
    const walk = walkOwnership(corpus, ix, { maxDepth: SANCTIONS_DEPTH });
    const via = ownershipExposure(corpus, walk).map((e) => ({
      owner: corpus.entities.hit(e.owner),
      effective_share: e.effective === null ? null : shareOf(e.effective),
      control: e.control,
      listings: e.listings.map(view),
      list: e.list,
      rule: e.rule,
      verdict: e.verdict,
      aggregate_share: e.aggregate === null ? null : shareOf(e.aggregate),
    }));
    return {
      entity: corpus.entities.hit(ix),
      sanctioned: listings.length > 0,
      cluster: clusterMembers(corpus, ix).map((m) => corpus.entities.hit(m)),
      listings,
      via_ownership: via,
      sources: sources.list(),
    };
  },
});
