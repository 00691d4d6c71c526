// Access control of the service: who is calling (API key or client IP), whether they are within their rate, and metering.
import type { Caller } from '../caller.js';
import type { Config } from '../config.js';
import { ServiceError } from '../../errors/service-error.js';
import { bearerToken, isWellFormedKey } from './api-key.js';
import type { AccountStore } from './account-store.js';
import type { StateLogs } from '../../state/state-log.js';
import { CreditLeases } from './credit-leases.js';
import { KeyStore, type KeyLookup, type KeyRecord } from './key-store.js';
import { MonthlyCredits } from './monthly-credits.js';
import { PLAN_TERMS, anonymousLimits, planLimits, type Limits } from './plans.js';
import { RateLimiter, type RateDecision, type RateLimiterOptions } from './rate-limiter.js';
import { UsageStore, type Subject } from './usage-store.js';
import type { PageViewVerdict } from './page-views.js';

/** The account an admitted key belongs to, and the monthly allowance its plan gives. */
export interface AdmittedAccount {
  id: string;
  /** Credits included this month. */
  included: number;
  metering: boolean;
}

/** A request let in: who it is, as the capability sees it and as it is metered. */
export interface Admission {
  caller: Caller;
  subject: Subject;
  rate: RateDecision;
  /** A later request of a web page view whose first request was counted: neither rate-limited nor charged. */
  covered: boolean;
  /** Set for an account's key: its credits are counted against the plan's month. */
  account: AdmittedAccount | null;
}

/** Refused: the error to answer with, and the rate headers it still carries. */
export interface Refusal {
  error: ServiceError;
  rate: RateDecision;
}

export interface AccessOptions {
  /** The accounts whose keys follow their plans; the service's one AccountStore. */
  accounts: AccountStore;
  limiter?: RateLimiterOptions;
  usageCompactAfter?: number;
}

export class Access {
  readonly keys: KeyStore;
  readonly usage: UsageStore;
  readonly credits: MonthlyCredits;
  readonly #accounts: AccountStore;
  readonly #config: Config;
  readonly #limiter: RateLimiter;

  /** The credit lease each admitted request's credits were set aside from (replicas sharing the state). */
  readonly #leaseOf = new WeakMap<Admission, string>();

  private constructor(
    config: Config,
    keys: KeyStore,
    usage: UsageStore,
    leases: CreditLeases | null,
    options: AccessOptions,
  ) {
    this.#config = config;
    this.keys = keys;
    this.usage = usage;
    this.credits = new MonthlyCredits(usage, keys, leases);
    this.#accounts = options.accounts;
    this.#limiter = new RateLimiter(options.limiter);
  }

  /** The server's view of the operator state: keys (accounts' made here, the operator's by the CLI) and usage. */
  static open(config: Config, logs: StateLogs, options: AccessOptions): Access {
    const keys = KeyStore.open(logs);
    const usage = UsageStore.open(
      logs,
      options.usageCompactAfter === undefined ? {} : { compactAfter: options.usageCompactAfter },
    );
    // Replicas spend an account's month from leases, so that together they never spend more than it includes.
    const leases = logs.shared ? CreditLeases.open(logs) : null;
    return new Access(config, keys, usage, leases, options);
  }

  /**
   * Lets a request in or refuses it. `authorization` is the header as sent; `clientIp` the caller's address. A
   * request with a bad key is refused with 401 but still counted against its IP, so that guessing keys is
   * rate-limited like anything else an anonymous caller does. `pageView`: what the web app's page-view header made
   * of the request (page-views.ts); a covered one of an anonymous caller is let in without being counted.
   */
  admit(authorization: string | undefined, clientIp: string, pageView: PageViewVerdict = 'none'): Admission | Refusal {
    if (authorization === undefined)
      return this.#take(`ip:${clientIp}`, anonymousLimits(this.#config), false, pageView === 'covered');
    const bearer = bearerToken(authorization);
    const lookup = bearer !== undefined && isWellFormedKey(bearer) ? this.#lookup(bearer, clientIp) : null;
    if (lookup !== null && 'error' in lookup) return lookup;
    if (lookup?.ok === true) {
      const key = lookup.key;
      if (key.account === null) return this.#take(`key:${key.id}`, planLimits(this.#config, key.plan), true);
      const account = this.#accountOf(key);
      if (account !== null && this.#withinPlan(key, account.plan))
        return this.#take(`key:${key.id}`, PLAN_TERMS[account.plan], true, false, account);
      if (account !== null) {
        const counted = this.#take(`ip:${clientIp}`, anonymousLimits(this.#config), false);
        if ('error' in counted) return counted;
        const allowed = PLAN_TERMS[account.plan].keys;
        const message = `the API key ${key.id} is beyond the ${allowed} active key${allowed === 1 ? '' : 's'} of its account's ${account.plan} plan: revoke another key in the account settings, or change plan`;
        return { error: new ServiceError('invalid_api_key', message), rate: counted.rate };
      }
    }
    const counted = this.#take(`ip:${clientIp}`, anonymousLimits(this.#config), false);
    if ('error' in counted) return counted;
    const message =
      lookup === null
        ? 'the Authorization header must be "Bearer <API key>" with a key issued by this server (unsh_…)'
        : lookup.ok
          ? `the API key ${lookup.key.id} in the Authorization header belonged to an account that was deleted`
          : lookup.reason === 'revoked'
            ? `the API key ${lookup.key?.id ?? ''} in the Authorization header was revoked on ${lookup.key?.revoked_at ?? '?'}`
            : 'the API key in the Authorization header is not known to this server';
    return { error: new ServiceError('invalid_api_key', message), rate: counted.rate };
  }

  /**
   * The key a secret belongs to. A secret unknown here may be a key made on another replica a moment ago, and only
   * the shared store can tell, at the cost of a round trip: a client already over the anonymous limit (one guessing
   * keys, say) is refused before that is paid for. The other misses are counted against the client's IP by `admit`.
   */
  #lookup(secret: string, clientIp: string): KeyLookup | Refusal {
    const heard = this.keys.lookupHeard(secret);
    if (heard.ok || heard.reason !== 'unknown') return heard;
    const limits = anonymousLimits(this.#config);
    const rate = this.#limiter.peek(`ip:${clientIp}`, limits.rate);
    return rate.allowed ? this.keys.lookup(secret) : this.#rateLimited(`ip:${clientIp}`, limits, false, rate);
  }

  /**
   * Sets aside the credits a request about to run costs, against its account's month (nothing to do for other
   * callers); `credits_exhausted` when they are not left. `meter` or `release` gives them back.
   */
  reserve(admission: Admission, credits: number, now = new Date()): void {
    const a = admission.account;
    if (a === null) return;
    const lease = this.credits.reserve(a.id, credits, a.included, a.metering, now);
    if (lease !== null) this.#leaseOf.set(admission, lease);
  }

  /** Gives back what `reserve` set aside, for a request that was not metered after all. */
  release(admission: Admission, credits: number): void {
    this.#released(admission, credits, false);
  }

  /**
   * Meters one answered request, written in a group with the other requests of this turn of the event loop
   * (`UsageStore.recordSoon`); called before the answer is sent, so an answered request is never unmetered. What
   * `reserve` set aside is given back once the count is written (or failed to be).
   */
  meterSoon(admission: Admission, credits: number, now = new Date()): Promise<void> {
    const lease = this.#leaseOf.get(admission);
    // A write that failed may still have been recorded: its credits are taken as spent, never spent twice.
    return this.usage
      .recordSoon(admission.subject, credits, now, lease)
      .finally(() => this.#released(admission, credits, true));
  }

  #released(admission: Admission, credits: number, written: boolean): void {
    if (admission.account === null) return;
    this.credits.release(admission.account.id, credits, this.#leaseOf.get(admission) ?? null, written);
    this.#leaseOf.delete(admission);
  }

  close(): void {
    this.keys.close();
    // The counts still waiting are written before the leases they were spent from are given back.
    this.usage.close();
    this.credits.close();
  }

  /**
   * Whether a key is among the active keys its account's plan allows: after a move to a plan with fewer keys, the
   * oldest ones keep working and the rest are refused until some are revoked (or the plan changes back).
   */
  #withinPlan(key: KeyRecord, plan: keyof typeof PLAN_TERMS): boolean {
    const active = this.keys.ofAccount(key.account ?? '').filter((k) => k.revoked_at === null);
    return active.findIndex((k) => k.id === key.id) < PLAN_TERMS[plan].keys;
  }

  /** The live account holding a key, with what its plan includes; null once the account is deleted. */
  #accountOf(key: KeyRecord): (AdmittedAccount & { plan: keyof typeof PLAN_TERMS }) | null {
    const account = key.account === null ? undefined : this.#accounts.byId(key.account);
    if (account === undefined || account.deleted_at !== null) return null;
    const plan = account.plan;
    return { id: account.id, plan, included: PLAN_TERMS[plan].monthlyCredits, metering: account.metering };
  }

  #take(
    subject: Subject,
    limits: Limits,
    keyed: boolean,
    covered = false,
    account: AdmittedAccount | null = null,
  ): Admission | Refusal {
    const rate = this.#limiter.take(subject, limits.rate, !covered);
    if (!rate.allowed) return this.#rateLimited(subject, limits, keyed, rate);
    const caller: Caller = {
      keyed,
      batchLimit: limits.batch,
      id: subject,
      ...(account === null ? {} : { account: account.id }),
    };
    return { caller, subject, rate, covered, account };
  }

  #rateLimited(subject: Subject, limits: Limits, keyed: boolean, rate: RateDecision): Refusal {
    const who = keyed ? `API key ${subject.slice(4)}` : 'anonymous callers (per client IP)';
    const hint = keyed ? '' : '; an API key lifts the limit';
    return {
      error: new ServiceError(
        'rate_limited',
        `over the limit of ${limits.rate} requests per minute for ${who}; retry after ${rate.retryAfterSeconds} s${hint}`,
      ),
      rate,
    };
  }
}
