// POST /api/public/checkout: opens a guest checkout for a one-off report on an entity's cluster.
import { z } from 'zod';
import { CURRENCY, REPORT_TIERS } from '../billing/price-list.js';
import { defineCapability, requirePayments } from '../contract/capability.js';
import { requireEntity } from '../views/entity-views.js';
import { EntityId } from '../contract/params.js';
import { missing } from '../../errors/missing.js';

export const checkout = defineCapability({
  tool: 'buy_dossier',
  title: 'Open a checkout',
  description:
    'Opens a guest checkout (no account) for a one-off report on one entity: tier standard (39 EUR) or enhanced (99 EUR), see get_pricing. ' +
    'Returns session_id and checkout_url. A person must open checkout_url and pay; an agent cannot pay. In test mode (mode "test") the page is labelled TEST MODE, ' +
    "no money moves and anyone can press pay. Then call claim_dossier with session_id. Any id of the entity's cluster is accepted; the report unlocks the whole cluster (cluster_id). " +
    'Each call opens a new session.',
  method: 'POST',
  path: '/api/public/checkout',
  input: z.object({
    entity_id: EntityId,
    tier: z
      .enum(REPORT_TIERS)
      .describe('standard or enhanced (enhanced adds two-hop screening and the printable report)'),
  }),
  output: z.object({
    session_id: z.string(),
    checkout_url: z.string().describe('Where a person pays'),
    amount: z.number().describe('In currency, whole units'),
    currency: z.literal(CURRENCY),
    tier: z.enum(REPORT_TIERS),
    entity_id: z.string(),
    cluster_id: z.string().describe('The canonical id of the cluster the report unlocks'),
    expires_at: z.string().describe('When the checkout closes unpaid'),
    mode: z.enum(['test', 'stripe']).describe('test: no real payment'),
  }),
  cost: 0,
  status: 201,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(ctx, { entity_id, tier }) {
    const payments = requirePayments(ctx);
    const { entities } = ctx.corpus;
    const ix = requireEntity(ctx.corpus, entity_id);
    const cluster = entities.cluster(ix);
    return payments.checkout({
      entityId: entity_id,
      entityName: entities.names.at(ix) ?? missing('entity name'),
      clusterId: entities.ids.at(cluster) ?? missing('entity id'),
      tier,
      now: ctx.now,
    });
  },
});
