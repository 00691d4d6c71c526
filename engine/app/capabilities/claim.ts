// POST /api/public/checkout/{session_id}/claim: redeems a paid checkout for an access token.
import { z } from 'zod';
import { defineCapability, requirePayments } from '../contract/capability.js';
import { SessionId } from '../contract/params.js';
import { REPORT_TIERS } from '../billing/price-list.js';

export const claim = defineCapability({
  tool: 'claim_dossier',
  title: 'Claim a paid checkout',
  description:
    'Redeems a paid checkout session (session_id from buy_dossier) for an access_token. Before the person has paid it answers payment_required: ' +
    'wait and call again. Idempotent: claiming again returns the same token. Pass the token to get_dossier (access_token) to get the report; ' +
    "it unlocks the entity's whole cluster, and nothing else, until expires_at (30 days by default).",
  method: 'POST',
  path: '/api/public/checkout/:session_id/claim',
  input: z.object({ session_id: SessionId }),
  output: z.object({
    access_token: z
      .string()
      .describe('Pass to get_dossier as access_token (REST: ?access_token= or the X-Access-Token header)'),
    entity_id: z.string(),
    cluster_id: z.string(),
    tier: z.enum(REPORT_TIERS),
    expires_at: z.string(),
  }),
  cost: 0,
  errors: [402, 403],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run(ctx, { session_id }) {
    return requirePayments(ctx).claim(session_id, ctx.now);
  },
});
