// An account's credits this calendar month: what its keys spent, what requests being answered have set aside, and
// whether one more fits in the plan.
import { ServiceError } from '../../errors/service-error.js';
import { CURRENCY, METERED_PRICE_PER_1000 } from '../billing/price-list.js';
import type { KeyStore } from './key-store.js';
import type { UsageStore } from './usage-store.js';

/** The first day (YYYY-MM-DD) of the calendar month (UTC) of `now`: included credits are counted from it. */
export const monthStart = (now: Date): string => `${now.toISOString().slice(0, 7)}-01`;

/** The first instant of the next calendar month (UTC): when the included credits start again. */
export const nextMonthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

export class MonthlyCredits {
  readonly #usage: UsageStore;
  readonly #keys: KeyStore;
  /**
   * Credits of requests let in and not yet written to the usage log, per account: counted with what was written,
   * so that concurrent requests cannot together spend more than is left (credits never go negative).
   */
  readonly #reserved = new Map<string, number>();

  constructor(usage: UsageStore, keys: KeyStore) {
    this.#usage = usage;
    this.#keys = keys;
  }

  /** The credits the account's keys (revoked ones included) spent this month, with those set aside. */
  used(account: string, now: Date): number {
    const from = monthStart(now);
    let used = this.#reserved.get(account) ?? 0;
    for (const key of this.#keys.ofAccount(account)) used += this.#usage.creditsSince(`key:${key.id}`, from);
    return used;
  }

  /** The credits the account's keys spent in a calendar month (YYYY-MM), as written (nothing set aside). */
  usedIn(account: string, month: string): number {
    const from = `${month}-01`;
    const until = nextMonthStart(new Date(`${from}T00:00:00Z`))
      .toISOString()
      .slice(0, 10);
    let used = 0;
    for (const key of this.#keys.ofAccount(account)) used += this.#usage.creditsSince(`key:${key.id}`, from, until);
    return used;
  }

  /**
   * Sets `cost` credits aside for a request about to run, or refuses it with `credits_exhausted` when they are not
   * left of `included` and the account has not turned metering on. Every reservation is released once its count
   * is written (or the request fails before it is).
   */
  reserve(account: string, cost: number, included: number, metering: boolean, now: Date): void {
    if (cost <= 0) return;
    if (!metering && this.used(account, now) + cost > included) {
      throw new ServiceError(
        'credits_exhausted',
        `this account's ${included.toLocaleString('en')} credits of the month are spent; they start again on ` +
          `${nextMonthStart(now).toISOString().slice(0, 10)}. Turn on metered API (${METERED_PRICE_PER_1000} ${CURRENCY} per 1,000 credits) or ` +
          'change plan in the account settings (/account)',
      );
    }
    this.#reserved.set(account, (this.#reserved.get(account) ?? 0) + cost);
  }

  release(account: string, cost: number): void {
    if (cost <= 0) return;
    const left = (this.#reserved.get(account) ?? 0) - cost;
    if (left > 0) this.#reserved.set(account, left);
    else this.#reserved.delete(account);
  }
}
