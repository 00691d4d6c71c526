// Metered API: the credits an account with metering on uses beyond its plan's, reported to the payment provider in
// batches. Each batch is written before it is sent and sent until the provider has it, under one identifier, so a
// retry or a restart never bills twice and nothing counted goes unreported.
import { randomBytes } from 'node:crypto';
import type { AccountRecord, AccountStore } from '../accounts/account-store.js';
import { nextMonthStart, type MonthlyCredits } from '../accounts/monthly-credits.js';
import { PLAN_TERMS, type AccountPlan } from '../accounts/plans.js';
import type { MeterBatch, MeterLog } from './meter-log.js';

/** Where batches go: Stripe's Billing Meter events, or test mode, which takes them as sent. */
export interface MeterSender {
  readonly mode: 'test' | 'stripe';
  send(batch: MeterBatch): Promise<void>;
}

/** The calendar month (UTC) of `now`, and the one before it: a month's last minutes are reported after it ends. */
function months(now: Date): string[] {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return [new Date(Date.UTC(y, m - 1, 1)), now].map((d) => d.toISOString().slice(0, 7));
}

/**
 * The credits an account's plans included in a month: the most of any plan it held during the month (the one it
 * started the month on, and each it moved to), so that a move or a deletion late in the month bills nothing the
 * plan it paid for covered.
 */
export function includedIn(account: AccountRecord, month: string): number {
  const start = `${month}-01T00:00:00.000Z`;
  const end = nextMonthStart(new Date(start)).toISOString();
  let atStart: AccountPlan = 'free';
  let most = 0;
  for (const change of account.plan_history) {
    if (change.at < start) atStart = change.plan;
    else if (change.at < end) most = Math.max(most, PLAN_TERMS[change.plan].monthlyCredits);
  }
  return Math.max(most, PLAN_TERMS[atStart].monthlyCredits);
}

export class MeterReporter {
  readonly #log: MeterLog;
  readonly #accounts: AccountStore;
  readonly #credits: MonthlyCredits;
  readonly #sender: MeterSender;
  /** The provider's customer of an account, to bill; null when it has none. */
  readonly #customerOf: (account: string) => string | null;
  readonly #warn: (line: string) => void;
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(deps: {
    log: MeterLog;
    accounts: AccountStore;
    credits: MonthlyCredits;
    sender: MeterSender;
    customerOf: (account: string) => string | null;
    warn: (line: string) => void;
  }) {
    this.#log = deps.log;
    this.#accounts = deps.accounts;
    this.#credits = deps.credits;
    this.#sender = deps.sender;
    this.#customerOf = deps.customerOf;
    this.#warn = deps.warn;
  }

  /** Reports every `intervalMs` (and once at once: batches a crash left unsent go first). */
  start(intervalMs: number): void {
    void this.report(new Date());
    this.#timer = setInterval(() => void this.report(new Date()), intervalMs);
    this.#timer.unref();
  }

  /**
   * One round: a batch for each account-month whose credits beyond the plan's exceed what was reported, then every
   * batch not yet acknowledged is sent. Rounds never overlap; a failed send is retried next round.
   */
  report(now: Date): Promise<void> {
    this.#running ??= this.#round(now).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /**
   * Stops the timer after a last round, waiting for it at most `waitMs`: a provider that does not answer must not
   * hold the shutdown, and what it did not take is sent at the next start.
   */
  async stop(waitMs = 5_000): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.report(new Date()),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timeout);
  }

  async #round(now: Date): Promise<void> {
    // Credits beyond the plan's are only ever served with metering on, so any there are were metered: they are reported
    // even when metering was turned off since, or the account deleted (what it bought is kept for accounting).
    for (const account of this.#accounts.all()) {
      for (const month of months(now)) {
        const beyond = Math.max(0, this.#credits.usedIn(account.id, month) - includedIn(account, month));
        const due = beyond - this.#log.reported(account.id, month);
        if (due <= 0) continue;
        this.#log.add({
          id: `mtr_${randomBytes(16).toString('base64url')}`,
          account: account.id,
          month,
          credits: due,
          customer: this.#customerOf(account.id),
          at: now.toISOString(),
        });
      }
    }
    // A batch that fails is tried again next round; the others go on (one account's trouble holds up no other's).
    for (const batch of this.#log.pending()) {
      try {
        await this.#sender.send(batch);
        this.#log.markSent(batch.id, new Date());
      } catch (err) {
        this.#warn(
          `metered credits: batch ${batch.id} (${batch.credits} credits of ${batch.account}, ${batch.month}) not reported yet, retried next round: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}

/** Test mode: no provider; a batch counts as reported once written (no money moves). */
export const TEST_METER_SENDER: MeterSender = { mode: 'test', send: () => Promise.resolve() };
