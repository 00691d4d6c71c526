// Plans: the request rate, resolve batch and monthly allowance a caller gets, anonymous, by an operator's key, or
// by the plan of the account that holds its key (CONTRACT.md §4).
import type { Caller } from '../caller.js';
import type { Config } from '../config.js';
import type { ReportTier } from '../billing/price-list.js';

/** What an account can hold: `free` without a subscription, `analyst` and `team` with one. */
export const ACCOUNT_PLANS = ['free', 'analyst', 'team'] as const;
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

/**
 * The plan a key record names: an operator's key is `keyed` (the configured keyed tier) unless the operator chose an
 * account plan for it; an account's key follows its account's plan, whatever the record says.
 */
export const KEY_PLANS = ['keyed', ...ACCOUNT_PLANS] as const;
export type KeyPlan = (typeof KEY_PLANS)[number];
export const DEFAULT_KEY_PLAN: KeyPlan = 'keyed';

export interface Limits {
  /** Requests per minute. */
  rate: number;
  /** Largest resolve batch. */
  batch: number;
}

export interface PlanTerms extends Limits {
  /** Active API keys the account may hold at once. */
  keys: number;
  /** Credits included each calendar month (UTC); beyond them, metered API or `credits_exhausted`. */
  monthlyCredits: number;
  /** Dossier reports included each billing period; unused ones lapse at its end. */
  monthlyReports: { tier: ReportTier; count: number } | null;
  /** Whole euros a month (CURRENCY); 0 for the plan of an account without a subscription. */
  pricePerMonth: number;
}

/** The plans of the price list; `get_pricing`, the limits and the checkout all read this one table. */
export const PLAN_TERMS: Readonly<Record<AccountPlan, Readonly<PlanTerms>>> = {
  free: { keys: 1, rate: 300, batch: 100, monthlyCredits: 10_000, monthlyReports: null, pricePerMonth: 0 },
  analyst: {
    keys: 1,
    rate: 600,
    batch: 100,
    monthlyCredits: 100_000,
    monthlyReports: { tier: 'standard', count: 5 },
    pricePerMonth: 199,
  },
  team: {
    keys: 5,
    rate: 600,
    batch: 100,
    monthlyCredits: 500_000,
    monthlyReports: { tier: 'enhanced', count: 20 },
    pricePerMonth: 790,
  },
};

export const isKeyPlan = (value: string): value is KeyPlan => (KEY_PLANS as readonly string[]).includes(value);
export const isAccountPlan = (value: string): value is AccountPlan =>
  (ACCOUNT_PLANS as readonly string[]).includes(value);

export function planLimits(config: Config, plan: KeyPlan): Limits {
  if (plan === 'keyed') return { rate: config.limits.keyedRate, batch: config.limits.keyedBatch };
  const { rate, batch } = PLAN_TERMS[plan];
  return { rate, batch };
}

export function anonymousLimits(config: Config): Limits {
  return { rate: config.limits.anonymousRate, batch: config.limits.anonymousBatch };
}

/** The caller of a process that serves itself (the in-process MCP server): the anonymous tier, as over REST. */
export function anonymousCaller(config: Config): Caller {
  return { keyed: false, batchLimit: config.limits.anonymousBatch };
}
