// The account API's operations, declared once: the routes serve them and the OpenAPI document describes them.
import { z } from 'zod';
import { ACCOUNT_PLANS } from '../../engine/app/accounts/plans.js';
import { CURRENCY, REPORT_TIERS } from '../../engine/app/billing/price-list.js';

export const ACCOUNT_PREFIX = '/api/account';
export const SESSION_COOKIE = 'unshell_session';

/**
 * Who may call: anyone; the account, by its session cookie or one of its API keys (`read`); the same for a change,
 * where a cookie must come with the session's CSRF token (`change`; a key is never sent by a browser on its own).
 */
export type AccountAuth = 'none' | 'read' | 'change';

export interface AccountOperation {
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Below ACCOUNT_PREFIX; `:name` stands for a path parameter. */
  path: string;
  summary: string;
  description: string;
  auth: AccountAuth;
  /** The JSON body it takes; null for none. */
  body: z.ZodObject | null;
  status: 200 | 201 | 202;
  answer: z.ZodType;
}

const Email = z.string().max(254).describe('An e-mail address');
const Password = z.string().max(1024).describe('10 to 256 characters');
const LinkToken = z.string().min(1).max(2048).describe('The token in the fragment of the mailed link (#token=…)');

const PlanView = z.object({
  name: z.enum(ACCOUNT_PLANS),
  keys: z.number().int().describe('Active API keys the plan allows at once'),
  rate_per_minute: z.number().int(),
  resolve_batch: z.number().int(),
  monthly_credits: z.number().int().describe('Credits included each calendar month (UTC)'),
  monthly_reports: z
    .object({ tier: z.enum(REPORT_TIERS), count: z.number().int() })
    .nullable()
    .describe('Dossier reports included each billing period'),
  price_per_month: z.number(),
  currency: z.literal(CURRENCY),
});

const PurchaseView = z.object({
  purchase_id: z.string(),
  kind: z.enum(['pack', 'plan']),
  item: z.string(),
  name: z.string(),
  amount: z.number(),
  currency: z.literal(CURRENCY),
  checkout_url: z.string().describe('Where the holder pays'),
  expires_at: z.string(),
  status: z.enum(['open', 'paid', 'expired']),
  mode: z.enum(['test', 'stripe']).describe('test: no real payment'),
});

const UnlockView = z.object({
  entity_id: z.string(),
  entity_name: z.string().nullable().describe('Its name when it was unlocked'),
  cluster_id: z.string().describe('The cluster the unlock opens: every id of it'),
  tier: z.enum(REPORT_TIERS),
  unlocked_at: z.string(),
  expires_at: z.string(),
});

const SubscriptionView = z.object({
  plan: z.enum(ACCOUNT_PLANS),
  status: z.enum(['active', 'past_due', 'canceled']),
  period_start: z.string(),
  period_end: z.string(),
  cancel_at_period_end: z.boolean(),
});

export const AccountView = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  email_verified: z.boolean(),
  plan: PlanView,
  metering: z.boolean().describe("Whether credits beyond the plan's are billed as metered API (otherwise refused)"),
  subscription: SubscriptionView.nullable().describe('The paid plan, while there is one'),
});

const KeyView = z.object({
  id: z.string().describe('The public id of the key (key_…), never the key'),
  name: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable().describe('When the key last made a request; null when never'),
});

const KEY_AUTH =
  "A browser sends the session cookie (and X-CSRF-Token on a change); a program sends one of the account's API " +
  'keys as Authorization: Bearer.';

const Mailed = z.object({
  status: z.literal('mail_sent'),
  message: z.string(),
});

export const ACCOUNT_OPERATIONS = {
  signup: {
    id: 'account_signup',
    method: 'POST',
    path: '/signup',
    summary: 'Create an account',
    description:
      'Mails a link that confirms the address; the account can sign in once it is followed. The answer is the same ' +
      'whether or not the address already has an account (its holder is told by mail instead).',
    auth: 'none',
    body: z.object({ email: Email, password: Password }).strict(),
    status: 202,
    answer: Mailed,
  },
  verify: {
    id: 'account_verify',
    method: 'POST',
    path: '/verify',
    summary: 'Confirm an address',
    description:
      "Confirms the address of the account a confirmation link was mailed to (the web app's /account/verify).",
    auth: 'none',
    body: z.object({ token: LinkToken }).strict(),
    status: 200,
    answer: z.object({ account: AccountView }),
  },
  login: {
    id: 'account_login',
    method: 'POST',
    path: '/login',
    summary: 'Sign in',
    description:
      'Starts a session: an HttpOnly cookie (unshell_session, SameSite=Lax, Secure over https) and the csrf_token that ' +
      'every change made with it must carry as X-CSRF-Token. Five failures for an address, or thirty from one client, ' +
      'in 15 minutes make the next attempt wait (429 with Retry-After).',
    auth: 'none',
    body: z.object({ email: Email, password: Password }).strict(),
    status: 200,
    answer: z.object({ account: AccountView, csrf_token: z.string(), session_expires_at: z.string() }),
  },
  logout: {
    id: 'account_logout',
    method: 'POST',
    path: '/logout',
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie.',
    auth: 'change',
    body: null,
    status: 200,
    answer: z.object({ status: z.literal('signed_out') }),
  },
  account: {
    id: 'account_get',
    method: 'GET',
    path: '',
    summary: 'The signed-in account',
    description:
      'The account, its plan and limits, and (with a session) the CSRF token its changes must carry. ' + KEY_AUTH,
    auth: 'read',
    body: null,
    status: 200,
    answer: z.object({
      account: AccountView,
      csrf_token: z.string().nullable().describe('null when called with an API key, which needs none'),
    }),
  },
  delete: {
    id: 'account_delete',
    method: 'DELETE',
    path: '',
    summary: 'Delete the account',
    description:
      "With the account's password: its sessions end and its address and password are erased; what it bought is kept, " +
      'under its id, for accounting.',
    auth: 'change',
    body: z.object({ password: Password }).strict(),
    status: 200,
    answer: z.object({ status: z.literal('deleted'), id: z.string() }),
  },
  passwordReset: {
    id: 'account_password_reset',
    method: 'POST',
    path: '/password-reset',
    summary: 'Ask for a password reset link',
    description:
      'Mails a link that sets a new password (for one hour, once); the same answer whether or not the address has an account.',
    auth: 'none',
    body: z.object({ email: Email }).strict(),
    status: 202,
    answer: Mailed,
  },
  password: {
    id: 'account_password',
    method: 'POST',
    path: '/password',
    summary: 'Set a new password',
    description: 'From a reset link: sets the password, ends every session of the account, and confirms its address.',
    auth: 'none',
    body: z.object({ token: LinkToken, password: Password }).strict(),
    status: 200,
    answer: z.object({ account: AccountView }),
  },
  keys: {
    id: 'account_keys_list',
    method: 'GET',
    path: '/keys',
    summary: "The account's API keys",
    description: 'Every key of the account, newest first, revoked ones included; never the key itself. ' + KEY_AUTH,
    auth: 'read',
    body: null,
    status: 200,
    answer: z.object({ keys: z.array(KeyView), allowed: z.number().int().describe('Active keys the plan allows') }),
  },
  createKey: {
    id: 'account_keys_create',
    method: 'POST',
    path: '/keys',
    summary: 'Create an API key',
    description:
      "A new key with the limits of the account's plan, shown once as `key` (only its hash is kept). 409 " +
      "`plan_limit_reached` when the plan's number of active keys is reached. " +
      KEY_AUTH,
    auth: 'change',
    body: z.object({ name: z.string().max(1000).describe('What or who the key is for, 1 to 100 characters') }).strict(),
    status: 201,
    answer: KeyView.extend({ key: z.string().describe('The key, unsh_…: shown this once') }),
  },
  revokeKey: {
    id: 'account_keys_revoke',
    method: 'DELETE',
    path: '/keys/:id',
    summary: 'Revoke an API key',
    description: "Revokes one of the account's keys at once: its next request is answered 401. " + KEY_AUTH,
    auth: 'change',
    body: null,
    status: 200,
    answer: KeyView,
  },
  checkout: {
    id: 'account_checkout',
    method: 'POST',
    path: '/checkout',
    summary: 'Buy a pack or a plan',
    description:
      'Opens a checkout for a pack of dossier unlocks ({"pack": "standard-10"}) or a monthly plan ({"plan": "analyst"}), ' +
      'priced as get_pricing lists them; the holder pays at checkout_url (Stripe Checkout, or the test-mode page). A ' +
      'paid pack adds its unlocks to the account; a paid plan starts the subscription and changes the limits of the ' +
      "account's keys. " +
      KEY_AUTH,
    auth: 'change',
    body: z
      .object({
        pack: z.string().max(100).optional().describe('A pack id of get_pricing'),
        plan: z.string().max(100).optional().describe('analyst or team'),
      })
      .strict(),
    status: 201,
    answer: PurchaseView,
  },
  dossiers: {
    id: 'account_dossiers',
    method: 'GET',
    path: '/dossiers',
    summary: 'My dossiers',
    description:
      'The reports the account unlocked (newest first, with when and until when), the unlocks it has left to spend, ' +
      'and its purchases. ' +
      KEY_AUTH,
    auth: 'read',
    body: null,
    status: 200,
    answer: z.object({
      dossiers: z.array(UnlockView),
      allowances: z.array(
        z.object({
          tier: z.enum(REPORT_TIERS),
          left: z.number().int(),
          expires_at: z.string().nullable().describe("When unused ones lapse (a plan's period end); null for a pack's"),
          from: z.enum(['pack', 'plan']),
        }),
      ),
      purchases: z.array(PurchaseView),
    }),
  },
  unlock: {
    id: 'account_dossier_unlock',
    method: 'POST',
    path: '/dossiers/:id/unlock',
    summary: "Unlock an entity's report",
    description:
      "Spends one of the account's unlocks on the entity's cluster (any id of it): get_dossier with the account's key or " +
      'session then returns the full report, with no token to copy. Unlocking a cluster already unlocked at that tier ' +
      'spends nothing. 402 payment_required when no unlock of the tier is left. ' +
      KEY_AUTH,
    auth: 'change',
    body: z
      .object({
        tier: z.enum(REPORT_TIERS).optional().describe('Which unlock to spend; by default the one that lapses first'),
      })
      .strict(),
    status: 200,
    answer: UnlockView,
  },
  metering: {
    id: 'account_metering',
    method: 'POST',
    path: '/metering',
    summary: 'Turn metered API on or off',
    description:
      "On: credits beyond the plan's monthly ones are served and billed as metered API (5 EUR per 1,000, reported to " +
      'Stripe). Off: they are refused with 429 credits_exhausted. Through Stripe it needs a subscription (402 otherwise). ' +
      KEY_AUTH,
    auth: 'change',
    body: z.object({ enabled: z.boolean() }).strict(),
    status: 200,
    answer: z.object({ metering: z.boolean() }),
  },
  portal: {
    id: 'account_portal',
    method: 'POST',
    path: '/portal',
    summary: "Stripe's customer portal",
    description:
      "A link to Stripe's customer portal for the account: its invoices, its card, its subscription. 404 in test mode, " +
      'or before the account bought anything through Stripe. ' +
      KEY_AUTH,
    auth: 'change',
    body: null,
    status: 200,
    answer: z.object({ url: z.string() }),
  },
  cancel: {
    id: 'account_subscription_cancel',
    method: 'POST',
    path: '/subscription/cancel',
    summary: 'Cancel the subscription',
    description:
      'Cancels at the end of the paid period: the plan and its limits hold until then, then the account is on the free plan. ' +
      KEY_AUTH,
    auth: 'change',
    body: null,
    status: 200,
    answer: SubscriptionView,
  },
  usage: {
    id: 'account_usage',
    method: 'GET',
    path: '/usage',
    summary: 'Usage and credits',
    description:
      "Requests and credits of the account's keys per day for the last 30 days, per key, and the month's credits " +
      'against what the plan includes. ' +
      KEY_AUTH,
    auth: 'read',
    body: null,
    status: 200,
    answer: z.object({
      plan: PlanView,
      period: z.object({ from: z.string(), until: z.string() }),
      included_credits: z.number().int(),
      used_credits: z.number().int(),
      remaining_credits: z.number().int(),
      metering: z.boolean(),
      days: z.array(z.object({ day: z.string(), requests: z.number().int(), credits: z.number().int() })),
      keys: z.array(
        z.object({ id: z.string(), name: z.string(), requests: z.number().int(), credits: z.number().int() }),
      ),
    }),
  },
} as const satisfies Record<string, AccountOperation>;
