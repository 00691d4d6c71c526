// GET /api/public/pricing: the static price list and the steps an agent follows to buy a report.
import { z } from 'zod';
import { PLAN_TERMS } from '../accounts/plans.js';
import {
  CURRENCY,
  ENHANCED_ADDS,
  METERED_PRICE_PER_1000,
  PACKS,
  REPORT_CONTENTS,
  TIER_PRICES,
} from '../billing/price-list.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';

/** How an account buys something of the price list: in the web app, or by one call with one of its API keys. */
function howToBuy(base: string, body: string, what: string): string {
  return (
    `With an account (free to open at ${base}/account/signup): on ${base}/pricing, or ` +
    `POST ${base}/api/account/checkout ${body} with one of its API keys (Authorization: Bearer) or its session; ` +
    `a person pays at the checkout_url it returns, and ${what}.`
  );
}

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
      id: z.string().describe('What POST /api/account/checkout takes as pack'),
      name: z.string(),
      tier: z.enum(['standard', 'enhanced']),
      dossiers: z.number().int(),
      price: z.number(),
      how_to_buy: z.string(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      plan: z.enum(['analyst', 'team']),
      price_per_month: z.number(),
      includes: z.string(),
      keys: z.number().int().describe('Active API keys at once'),
      rate_per_minute: z.number().int().describe('Per key'),
      resolve_batch: z.number().int(),
      monthly_credits: z.number().int(),
      monthly_reports: z.object({ tier: z.enum(['standard', 'enhanced']), count: z.number().int() }),
      how_to_buy: z.string(),
    }),
  ),
  free_account: z.object({
    keys: z.number().int(),
    rate_per_minute: z.number().int(),
    resolve_batch: z.number().int(),
    monthly_credits: z.number().int(),
    how_to_get: z.string(),
  }),
  metered_api: z.object({ price_per_1000_credits: z.number(), includes: z.string(), how_to_buy: z.string() }),
  free: z.string(),
  buy_flow: z.array(StepSchema).describe('The ordered steps to buy a one-off report'),
});

export const pricing = defineCapability({
  tool: 'get_pricing',
  title: 'Pricing',
  description:
    'The price list (static, free to call): one-off dossier reports for one entity in two tiers (standard 39 EUR, enhanced 99 EUR) with what each contains, ' +
    'packs, subscriptions and metered API access (bought by an account through POST /api/account/checkout or the web app), ' +
    'and buy_flow, the ordered steps to buy a report: get_pricing → search_entities → buy_dossier → a person pays at checkout_url → claim_dossier → get_dossier with access_token.',
  method: 'GET',
  path: '/api/public/pricing',
  input: z.object({}),
  output: PricingSchema,
  cost: 0,
  annotations: READ_ONLY,
  run({ config }): z.output<typeof PricingSchema> {
    const days = config.payments.tokenLifetimeDays;
    const base = config.publicUrl;
    const plan = (
      name: 'analyst' | 'team',
      includes: string,
    ): z.output<typeof PricingSchema>['subscriptions'][number] => {
      const t = PLAN_TERMS[name];
      return {
        plan: name,
        price_per_month: t.pricePerMonth,
        includes,
        keys: t.keys,
        rate_per_minute: t.rate,
        resolve_batch: t.batch,
        monthly_credits: t.monthlyCredits,
        monthly_reports: t.monthlyReports ?? missingReports(name),
        how_to_buy: howToBuy(
          base,
          `{"plan": "${name}"}`,
          "the plan applies to the account's keys at once; cancel with POST /api/account/subscription/cancel",
        ),
      };
    };
    const free = PLAN_TERMS.free;
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
      packs: PACKS.map((p) => ({
        id: p.id,
        name: p.name,
        tier: p.tier,
        dossiers: p.unlocks,
        price: p.price,
        how_to_buy: howToBuy(
          base,
          `{"pack": "${p.id}"}`,
          `each unlock is spent with POST /api/account/dossiers/{id}/unlock, after which get_dossier with the account's key returns the report`,
        ),
      })),
      subscriptions: [
        plan(
          'analyst',
          `one API key at ${PLAN_TERMS.analyst.rate} requests a minute, ${PLAN_TERMS.analyst.monthlyCredits.toLocaleString('en')} credits and 5 standard reports a month`,
        ),
        plan(
          'team',
          `${PLAN_TERMS.team.keys} API keys at ${PLAN_TERMS.team.rate} requests a minute each, ${PLAN_TERMS.team.monthlyCredits.toLocaleString('en')} credits and 20 enhanced reports a month`,
        ),
      ],
      free_account: {
        keys: free.keys,
        rate_per_minute: free.rate,
        resolve_batch: free.batch,
        monthly_credits: free.monthlyCredits,
        how_to_get: `Open an account at ${base}/account/signup (or POST ${base}/api/account/signup), then make a key in its settings.`,
      },
      metered_api: {
        price_per_1000_credits: METERED_PRICE_PER_1000,
        includes:
          "core operations with an account's API key beyond its plan's monthly credits, 1 credit each (X-Credits-Cost); pricing, checkout and claim cost nothing",
        how_to_buy: `Turn metering on for the account (POST ${base}/api/account/metering {"enabled": true}); without it, calls beyond the plan's credits are refused with 429 credits_exhausted.`,
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

function missingReports(plan: string): never {
  throw new Error(`the ${plan} plan of the price list includes no reports`);
}
