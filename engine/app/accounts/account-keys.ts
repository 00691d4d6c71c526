// An account's API keys as its settings show them: create (the key shown once), list, revoke; the plan and its
// limits; and what the keys used, per day and against the month's credits.
import { ServiceError, invalidParameter, notFound } from '../../errors/service-error.js';
import { CURRENCY, type ReportTier } from '../billing/price-list.js';
import type { AccountRecord } from './account-store.js';
import { isWellFormedKey } from './api-key.js';
import type { KeyRecord, KeyStore } from './key-store.js';
import { monthStart, nextMonthStart, type MonthlyCredits } from './monthly-credits.js';
import { PLAN_TERMS, type AccountPlan } from './plans.js';
import type { UsageStore } from './usage-store.js';

/** Days of usage the settings chart. */
export const USAGE_DAYS = 30;
const MAX_NAME = 100;

export interface KeyView {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  /** When the key last made a request this server counted; null when never. */
  last_used_at: string | null;
}

export interface PlanView {
  name: AccountPlan;
  /** Active API keys the plan allows at once. */
  keys: number;
  rate_per_minute: number;
  resolve_batch: number;
  monthly_credits: number;
  monthly_reports: { tier: ReportTier; count: number } | null;
  price_per_month: number;
  currency: typeof CURRENCY;
}

export interface UsageView {
  plan: PlanView;
  /** The calendar month (UTC) the included credits count in: from its first day to the next month's. */
  period: { from: string; until: string };
  included_credits: number;
  used_credits: number;
  /** Included credits left; 0 once they are spent (metered credits are not taken from it). */
  remaining_credits: number;
  metering: boolean;
  /** The last USAGE_DAYS days, oldest first, every day present (zeros included): the chart's bars. */
  days: Array<{ day: string; requests: number; credits: number }>;
  /** Each key's requests and credits over those days, revoked keys included. */
  keys: Array<{ id: string; name: string; requests: number; credits: number }>;
}

export function planView(plan: AccountPlan): PlanView {
  const t = PLAN_TERMS[plan];
  return {
    name: plan,
    keys: t.keys,
    rate_per_minute: t.rate,
    resolve_batch: t.batch,
    monthly_credits: t.monthlyCredits,
    monthly_reports: t.monthlyReports === null ? null : { ...t.monthlyReports },
    price_per_month: t.pricePerMonth,
    currency: CURRENCY,
  };
}

const DAY_MS = 86_400_000;

export class AccountKeys {
  readonly #keys: KeyStore;
  readonly #usage: UsageStore;
  readonly #credits: MonthlyCredits;

  constructor(keys: KeyStore, usage: UsageStore, credits: MonthlyCredits) {
    this.#keys = keys;
    this.#usage = usage;
    this.#credits = credits;
  }

  /** The account's keys, newest first, revoked ones included (with when). */
  list(account: AccountRecord): KeyView[] {
    return this.#keys
      .ofAccount(account.id)
      .map((k) => this.#view(k))
      .reverse();
  }

  /**
   * A new key for the account, within its plan's number of active keys (409 `plan_limit_reached` beyond it). The
   * key itself is in this answer only: the store keeps its hash.
   */
  create(account: AccountRecord, name: unknown, now: Date): KeyView & { key: string } {
    const label = checkName(name);
    const allowed = PLAN_TERMS[account.plan].keys;
    const active = this.#keys.ofAccount(account.id).filter((k) => k.revoked_at === null).length;
    if (active >= allowed)
      throw new ServiceError(
        'plan_limit_reached',
        `the ${account.plan} plan holds ${allowed} active API key${allowed === 1 ? '' : 's'}, and this account has ${active}: ` +
          'revoke one first, or change plan',
      );
    const { key, record } = this.#keys.create(label, account.plan, now, account.id);
    return { key, ...this.#view(record) };
  }

  /** Revokes one of the account's keys (404 for a key it does not hold); revoking twice keeps the first date. */
  revoke(account: AccountRecord, id: string, now: Date): KeyView {
    const held = this.#keys.byId(id);
    if (held === undefined || held.account !== account.id) throw notFound('API key of this account', id);
    const record = this.#keys.revoke(id, now) ?? held;
    return this.#view(record);
  }

  /** The account holding the key a secret is; an error for any other secret (unknown, revoked, the operator's). */
  holderOf(secret: string): string {
    const lookup = isWellFormedKey(secret) ? this.#keys.lookup(secret) : null;
    if (lookup?.ok === true && lookup.key.account !== null) return lookup.key.account;
    throw new ServiceError(
      'invalid_api_key',
      lookup === null
        ? 'the Authorization header must be "Bearer <API key>" with a key of an account (unsh_…)'
        : lookup.ok
          ? `the API key ${lookup.key.id} belongs to no account (an operator's key): it reads the public API only`
          : lookup.reason === 'revoked'
            ? `the API key ${lookup.key?.id ?? ''} was revoked on ${lookup.key?.revoked_at ?? '?'}`
            : 'the API key is not known to this server',
    );
  }

  /** Revokes every key the account holds (the account is being deleted). */
  revokeAll(account: AccountRecord, now: Date): void {
    for (const k of this.#keys.ofAccount(account.id)) if (k.revoked_at === null) this.#keys.revoke(k.id, now);
  }

  usage(account: AccountRecord, now: Date): UsageView {
    const terms = PLAN_TERMS[account.plan];
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const dayList = Array.from({ length: USAGE_DAYS }, (_, i) =>
      new Date(today - (USAGE_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
    );
    const byDay = new Map(dayList.map((day) => [day, { day, requests: 0, credits: 0 }]));
    const keys = this.#keys.ofAccount(account.id).map((k) => {
      const total = { id: k.id, name: k.name, requests: 0, credits: 0 };
      for (const [day, c] of this.#usage.daysOf(`key:${k.id}`)) {
        const slot = byDay.get(day);
        if (slot === undefined) continue;
        slot.requests += c.requests;
        slot.credits += c.credits;
        total.requests += c.requests;
        total.credits += c.credits;
      }
      return total;
    });
    const used = this.#credits.used(account.id, now);
    return {
      plan: planView(account.plan),
      period: { from: monthStart(now), until: nextMonthStart(now).toISOString().slice(0, 10) },
      included_credits: terms.monthlyCredits,
      used_credits: used,
      remaining_credits: Math.max(0, terms.monthlyCredits - used),
      metering: account.metering,
      days: [...byDay.values()],
      keys: keys.reverse(),
    };
  }

  #view(k: KeyRecord): KeyView {
    return {
      id: k.id,
      name: k.name,
      created_at: k.created_at,
      revoked_at: k.revoked_at,
      last_used_at: this.#usage.lastUsed(`key:${k.id}`),
    };
  }
}

function checkName(name: unknown): string {
  const label = typeof name === 'string' ? name.trim() : '';
  const control = [...label].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f');
  if (label === '' || label.length > MAX_NAME || control)
    throw invalidParameter('name', `name must be 1 to ${MAX_NAME} printable characters: what or who the key is for`);
  return label;
}
