// An account's credits this calendar month: what its keys spent, what requests being answered have set aside, and
// whether one more fits in the plan. Replicas sharing their state spend the month's credits from leases they take
// in turn under one lock (credit-leases.ts), so that together they never spend more than it includes.
import { ServiceError } from '../../errors/service-error.js';
import { CURRENCY, METERED_PRICE_PER_1000 } from '../billing/price-list.js';
import type { CreditLease, CreditLeases } from './credit-leases.js';
import type { KeyStore } from './key-store.js';
import type { UsageStore } from './usage-store.js';

/** The first day (YYYY-MM-DD) of the calendar month (UTC) of `now`: included credits are counted from it. */
export const monthStart = (now: Date): string => `${now.toISOString().slice(0, 7)}-01`;

/** The first instant of the next calendar month (UTC): when the included credits start again. */
export const nextMonthStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/**
 * A lease takes this share of what is left: the replicas take turns at the lock about once per share, and a
 * replica that stops being asked holds at most this much of the rest until it gives its lease back.
 */
const LEASE_SHARES = 16;
/** The most credits one lease holds, so that a busy replica still comes back to the lock now and then. */
const LEASE_MOST = 1_000;
/**
 * How long a lease is good for: a replica killed with its lease held gives nothing back, and its credits not
 * spent are free again when it runs out.
 */
const LEASE_LIFE_MS = 120_000;
/**
 * A replica spends from a lease only until this long before it runs out, so that a request let in on it is
 * written before the others may count the lease as run out (no request is answered this long after it starts).
 */
const LEASE_GRACE_MS = 60_000;
/** A lease not used for this long is given back: another replica may need the credits. */
const LEASE_IDLE_MS = 1_000;

/** A lease this replica took, and what it has set aside from it. */
interface HeldLease {
  lease: CreditLease;
  /** Credits set aside from it: spent (written), or by requests being answered. */
  used: number;
  /** Credits set aside by requests not yet written. */
  unwritten: number;
  /** A newer lease replaced it: given back once its last request is written. */
  retired: boolean;
  lastUsed: number;
}

export class MonthlyCredits {
  readonly #usage: UsageStore;
  readonly #keys: KeyStore;
  /** Set when replicas share the state: the month's credits are then spent from leases. */
  readonly #leases: CreditLeases | null;
  /**
   * Credits of requests let in and not yet written to the usage log, per account: counted with what was written,
   * so that concurrent requests cannot together spend more than is left (credits never go negative).
   */
  readonly #reserved = new Map<string, number>();
  /** This replica's leases, by id; the one it spends from, by account. */
  readonly #held = new Map<string, HeldLease>();
  readonly #current = new Map<string, HeldLease>();
  /** Leases given back whose closing is on its way: they hold nothing, whatever the log still says. */
  readonly #returning = new Set<string>();
  #sweeper: NodeJS.Timeout | null = null;

  constructor(usage: UsageStore, keys: KeyStore, leases: CreditLeases | null = null) {
    this.#usage = usage;
    this.#keys = keys;
    this.#leases = leases;
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
   * is written (or the request fails before it is). Returns the lease the credits were set aside from, when
   * replicas share the state: its count is written with it.
   */
  reserve(account: string, cost: number, included: number, metering: boolean, now: Date): string | null {
    if (cost <= 0) return null;
    let lease: HeldLease | null = null;
    if (!metering) {
      if (this.#leases === null) {
        if (this.used(account, now) + cost > included) throw exhausted(included, now, false);
      } else lease = this.#leaseFor(this.#leases, account, cost, included, now);
    }
    this.#reserved.set(account, (this.#reserved.get(account) ?? 0) + cost);
    if (lease === null) return null;
    lease.used += cost;
    lease.unwritten += cost;
    lease.lastUsed = now.getTime();
    return lease.lease.id;
  }

  /**
   * Gives back what `reserve` set aside, once the request's count is written (`written`), or when it was not
   * counted after all: then credits set aside from a lease can be spent again.
   */
  release(account: string, cost: number, lease: string | null = null, written = true): void {
    if (cost <= 0) return;
    const left = (this.#reserved.get(account) ?? 0) - cost;
    if (left > 0) this.#reserved.set(account, left);
    else this.#reserved.delete(account);
    const held = lease === null ? undefined : this.#held.get(lease);
    if (held === undefined) return;
    held.unwritten -= cost;
    if (!written) held.used -= cost;
    if (held.retired && held.unwritten === 0) this.#giveBack(held);
  }

  /** Gives back every lease this replica holds: the server is stopping (its requests are written by then). */
  close(): void {
    if (this.#sweeper !== null) clearInterval(this.#sweeper);
    this.#sweeper = null;
    const ids = [...this.#held.keys()];
    this.#held.clear();
    this.#current.clear();
    try {
      this.#leases?.giveBackNow(ids);
    } catch {
      // The leases run out by themselves; a store that cannot be written now loses nothing else.
    }
    this.#leases?.close();
  }

  /**
   * The lease to set `cost` aside from: the account's current one while it has them and is not near its end,
   * else a new one, sized from what the month has left once every replica's written spending and open leases
   * are counted. `credits_exhausted` when what is left does not cover `cost`.
   */
  #leaseFor(leases: CreditLeases, account: string, cost: number, included: number, now: Date): HeldLease {
    const month = monthStart(now).slice(0, 7);
    const current = this.#current.get(account);
    if (
      current !== undefined &&
      current.lease.month === month &&
      now.getTime() < Date.parse(current.lease.until) - LEASE_GRACE_MS &&
      current.lease.credits - current.used >= cost
    )
      return current;
    if (current !== undefined) this.#retire(current);
    let left = 0;
    let othersHold = 0;
    const taken = leases.take(account, month, new Date(now.getTime() + LEASE_LIFE_MS), now, (open) => {
      // Every replica's counts, and every key of the account (one made on another replica a moment ago included).
      this.#usage.sync();
      this.#keys.sync();
      const from = monthStart(now);
      left = included;
      for (const key of this.#keys.ofAccount(account)) left -= this.#usage.creditsSince(`key:${key.id}`, from);
      for (const lease of open) {
        const holds = this.#holds(lease);
        left -= holds;
        if (!this.#held.has(lease.id) && !this.#returning.has(lease.id)) othersHold += holds;
      }
      if (left < cost) return 0;
      return Math.max(cost, Math.min(LEASE_MOST, cost * Math.floor(left / (LEASE_SHARES * cost))));
    });
    if (taken === null) throw exhausted(included, now, left + othersHold >= cost);
    const held: HeldLease = { lease: taken, used: 0, unwritten: 0, retired: false, lastUsed: now.getTime() };
    this.#held.set(taken.id, held);
    this.#current.set(account, held);
    this.#sweep();
    return held;
  }

  /**
   * What an open lease still holds of the month: its credits not yet written as spent; of this replica's own that
   * it spends no more from, only its requests not yet written.
   */
  #holds(lease: CreditLease): number {
    if (this.#returning.has(lease.id)) return 0;
    const own = this.#held.get(lease.id);
    if (own?.retired === true) return own.unwritten;
    return Math.max(0, lease.credits - this.#usage.spentFrom(lease.id));
  }

  /** Spends no more from a lease, and gives it back once its last request is written. */
  #retire(held: HeldLease): void {
    held.retired = true;
    if (this.#current.get(held.lease.account) === held) this.#current.delete(held.lease.account);
    if (held.unwritten === 0) this.#giveBack(held);
  }

  #giveBack(held: HeldLease): void {
    const id = held.lease.id;
    if (!this.#held.delete(id) || this.#leases === null) return;
    this.#returning.add(id);
    this.#leases
      .giveBack(id)
      // Not given back, it runs out by itself: its credits are only held longer.
      .catch(() => undefined)
      .finally(() => this.#returning.delete(id));
  }

  /** Retires, now and then, the leases no request used for a while. */
  #sweep(): void {
    if (this.#sweeper !== null) return;
    this.#sweeper = setInterval(() => {
      const idleSince = Date.now() - LEASE_IDLE_MS;
      for (const held of this.#current.values()) if (held.lastUsed < idleSince) this.#retire(held);
      if (this.#held.size === 0 && this.#sweeper !== null) {
        clearInterval(this.#sweeper);
        this.#sweeper = null;
      }
    }, LEASE_IDLE_MS);
    this.#sweeper.unref();
  }
}

/** The refusal of a request whose credits are not left: `heldElsewhere` when other replicas' leases still hold some. */
function exhausted(included: number, now: Date, heldElsewhere: boolean): ServiceError {
  const again = nextMonthStart(now).toISOString().slice(0, 10);
  const what = heldElsewhere
    ? `the last of this account's ${included.toLocaleString('en')} credits of the month are held by requests other ` +
      'servers of this service are answering; retry in a few seconds. If they spend them, the credits start again on ' +
      `${again}. `
    : `this account's ${included.toLocaleString('en')} credits of the month are spent; they start again on ${again}. `;
  return new ServiceError(
    'credits_exhausted',
    `${what}Turn on metered API (${METERED_PRICE_PER_1000} ${CURRENCY} per 1,000 credits) or change plan in the ` +
      'account settings (/account)',
  );
}
