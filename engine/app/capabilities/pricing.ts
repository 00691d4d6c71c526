// GET /api/public/pricing: the static price list and the steps an agent follows to buy a report.
import { z } from 'zod';
import { CURRENCY, ENHANCED_ADDS, REPORT_CONTENTS, TIER_PRICES } from '../billing/price-list.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';

/** Sold by the operator, not through the API: an API key with the plan's limits. */
const OPERATOR_SALE = 'Not sold through this API: contact the operator of this service, who issues an API key for it.';

const StepSchema = z.object({
  step: z.number().int(),
  tool: z.string().describe('The MCP tool'),
  method: z.enum(['GET', 'POST', 'BROWSER']),
  path: z.string().describe('The REST route, or where a person goes'),
  does: z.string(),
});

const PricingSchema = z.object({
  currency: z.literal(CURRENCY),
  payment_mode: z
    .enum(['test', 'stripe'])
    .describe('test: the built-in test-mode checkout, no real payment; stripe: Stripe Checkout'),
  dossiers: z.array(
    z.object({
      tier: z.enum(['standard', 'enhanced']),
      price: z.number().describe('One-off price in currency, for one entity and its whole cluster'),
      contains: z.array(z.string()),
      access_days: z.number().int().describe('How long the access token unlocks the report'),
    }),
  ),
  packs: z.array(
    z.object({
      name: z.string(),
      tier: z.enum(['standard', 'enhanced']),
      dossiers: z.number().int(),
      price: z.number(),
      how_to_buy: z.string(),
    }),
  ),
  subscriptions: z.array(
    z.object({ plan: z.string(), price_per_month: z.number(), includes: z.string(), how_to_buy: z.string() }),
  ),
  metered_api: z.object({ price_per_1000_credits: z.number(), includes: z.string(), how_to_buy: z.string() }),
  free: z.string(),
  buy_flow: z.array(StepSchema).describe('The ordered steps to buy a one-off report'),
});

export const pricing = defineCapability({
  tool: 'get_pricing',
  title: 'Pricing',
  description:
    'The price list (static, free to call): one-off dossier reports for one entity in two tiers (standard 39 EUR, enhanced 99 EUR) with what each contains, ' +
    'packs, subscriptions and metered API access (those are sold by the operator, not through the API), ' +
    'and buy_flow, the ordered steps to buy a report: get_pricing → search_entities → buy_dossier → a person pays at checkout_url → claim_dossier → get_dossier with access_token.',
  method: 'GET',
  path: '/api/public/pricing',
  input: z.object({}),
  output: PricingSchema,
  cost: 0,
  annotations: READ_ONLY,
  run({ config }): z.output<typeof PricingSchema> {
    const days = config.payments.tokenLifetimeDays;
    return {
      currency: CURRENCY,
      payment_mode: config.payments.stripeSecretKey === null ? 'test' : 'stripe',
      dossiers: [
        { tier: 'standard', price: TIER_PRICES.standard, contains: [...REPORT_CONTENTS], access_days: days },
        {
          tier: 'enhanced',
          price: TIER_PRICES.enhanced,
          contains: [...REPORT_CONTENTS, ...ENHANCED_ADDS],
          access_days: days,
        },
      ],
      packs: [
        { name: '10 standard reports', tier: 'standard', dossiers: 10, price: 290, how_to_buy: OPERATOR_SALE },
        { name: '10 enhanced reports', tier: 'enhanced', dossiers: 10, price: 790, how_to_buy: OPERATOR_SALE },
      ],
      subscriptions: [
        {
          plan: 'analyst',
          price_per_month: 199,
          includes: 'an API key with the keyed rate limits and resolve batches, and 5 standard reports a month',
          how_to_buy: OPERATOR_SALE,
        },
        {
          plan: 'team',
          price_per_month: 790,
          includes: 'five API keys with the keyed limits, and 20 enhanced reports a month',
          how_to_buy: OPERATOR_SALE,
        },
      ],
      metered_api: {
        price_per_1000_credits: 5,
        includes:
          'core operations with an API key beyond the free tier, 1 credit each (X-Credits-Cost); pricing, checkout and claim cost nothing',
        how_to_buy: OPERATOR_SALE,
      },
      free: 'Every core operation, anonymously, within the free-tier rate limit; the dossier is free, its report is what is sold.',
      buy_flow: [
        {
          step: 1,
          tool: 'get_pricing',
          method: 'GET',
          path: '/api/public/pricing',
          does: 'Choose a tier: standard, or enhanced for two-hop screening and the printable document.',
        },
        {
          step: 2,
          tool: 'search_entities',
          method: 'GET',
          path: '/api/public/entity/search?q=…',
          does: 'Find the entity id (any id of its cluster will do).',
        },
        {
          step: 3,
          tool: 'buy_dossier',
          method: 'POST',
          path: '/api/public/checkout',
          does: 'Open a guest checkout with {entity_id, tier}; keep session_id, hand checkout_url to the person paying.',
        },
        {
          step: 4,
          tool: '(none)',
          method: 'BROWSER',
          path: 'checkout_url',
          does: 'A person opens checkout_url and pays (in test mode the page has a pay button and no money moves).',
        },
        {
          step: 5,
          tool: 'claim_dossier',
          method: 'POST',
          path: '/api/public/checkout/{session_id}/claim',
          does: 'Redeem the paid session for an access_token; payment_required until paid; claiming again returns the same token.',
        },
        {
          step: 6,
          tool: 'get_dossier',
          method: 'GET',
          path: '/api/public/dossier/{id}?access_token=…',
          does: `Get the dossier with report filled; the token unlocks the entity's whole cluster for ${days} days (also as the X-Access-Token header).`,
        },
      ],
    };
  },
});
