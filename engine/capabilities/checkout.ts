// POST /api/public/checkout: opens a guest checkout for a one-off report on an entity's cluster.
import { z } from 'zod';
import type { Payments } from '../payments/payments.js';
import { CURRENCY } from '../payments/price-list.js';
import { defineCapability, type Context } from './capability.js';
import { requireEntity } from './entity-views.js';
import { EntityId } from './params.js';
import { REPORT_TIERS } from './report/report-schema.js';

export const SessionId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected a session_id from buy_dossier')
  .describe('The session_id buy_dossier (POST /api/public/checkout) returned');

/** Every process that runs payment operations is given the service; one without it is a bug, not a caller's mistake. */
export function requirePayments(ctx: Context): Payments {
  if (ctx.payments === undefined) throw new Error('payment operation run without a payment service in its context');
  return ctx.payments;
}

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
      entityName: entities.names[ix] as string,
      clusterId: entities.ids[cluster] as string,
      tier,
      now: ctx.now,
    });
  },
});
