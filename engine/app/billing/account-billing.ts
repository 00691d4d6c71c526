// What an account buys and holds: checkouts for packs and plans, the dossier unlocks they give and their spending,
// and the subscription that sets the account's plan, from its start to its end.
import { randomBytes } from 'node:crypto';
import { ServiceError, invalidParameter, notFound } from '../../errors/service-error.js';
import type { AccountRecord, AccountStore } from '../accounts/account-store.js';
import { PLAN_TERMS, type AccountPlan } from '../accounts/plans.js';
import type { Entitlements } from './payments.js';
import type { BillingStore } from './billing-store.js';
import {
  type Allowance,
  type AllowanceState,
  type BillingEvent,
  type PurchaseState,
  type Subscription,
  type Unlock,
} from './billing-store.js';
import { CURRENCY, PACKS, SESSION_LIFETIME_MS, packById, type ReportTier } from './price-list.js';

const DAY_MS = 86_400_000;
const newId = (prefix: string): string => `${prefix}_${randomBytes(24).toString('base64url')}`;

/** A pack by its id, or a plan by its name. */
export type PurchaseOrder = { pack: string } | { plan: string };

export interface PurchaseView {
  purchase_id: string;
  kind: 'pack' | 'plan';
  item: string;
  name: string;
  amount: number;
  currency: typeof CURRENCY;
  /** Where the holder pays. */
  checkout_url: string;
  expires_at: string;
  status: 'open' | 'paid' | 'expired';
  mode: 'test' | 'stripe';
}

export interface UnlockView {
  entity_id: string;
  entity_name: string | null;
  cluster_id: string;
  tier: ReportTier;
  unlocked_at: string;
  expires_at: string;
}

export interface AllowanceView {
  tier: ReportTier;
  left: number;
  /** When the unused ones lapse; null for a pack's. */
  expires_at: string | null;
  from: 'pack' | 'plan';
}

export interface SubscriptionView {
  plan: AccountPlan;
  status: Subscription['status'];
  period_start: string;
  period_end: string;
  cancel_at_period_end: boolean;
}

/** Opens the provider's checkout for a purchase; test mode's page is served by this server. */
export interface PurchaseCheckout {
  readonly mode: 'test' | 'stripe';
  open(purchase: { id: string; name: string; kind: 'pack' | 'plan'; amount: number; account: string }): Promise<{
    checkoutUrl: string;
    providerRef: string | null;
    expiresAt: Date | null;
  }>;
}

/** The provider's side of a subscription: cancelling it there, not only here. Null in test mode. */
export interface SubscriptionControl {
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  cancelNow(subscriptionId: string): Promise<void>;
  /** A link to the provider's customer portal (invoices, card, subscription), back to `returnUrl`. */
  portal(customerId: string, returnUrl: string): Promise<string>;
}

/** One calendar month on from `from` (the day clamped to the month's end, as Stripe's billing periods run). */
export function oneMonthOn(from: Date): Date {
  const next = new Date(from);
  const day = from.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

const TIER_RANK: Readonly<Record<ReportTier, number>> = { standard: 0, enhanced: 1 };

export class AccountBilling implements Entitlements {
  readonly #store: BillingStore;
  readonly #accounts: AccountStore;
  readonly #checkout: PurchaseCheckout;
  readonly #control: SubscriptionControl | null;
  readonly #unlockMs: number;

  constructor(
    store: BillingStore,
    accounts: AccountStore,
    checkout: PurchaseCheckout,
    unlockDays: number,
    control: SubscriptionControl | null = null,
  ) {
    this.#store = store;
    this.#accounts = accounts;
    this.#checkout = checkout;
    this.#unlockMs = unlockDays * DAY_MS;
    this.#control = control;
  }

  get mode(): 'test' | 'stripe' {
    return this.#checkout.mode;
  }

  /**
   * Makes each account's plan what its subscription says: the two are written one after the other, so a crash
   * between them is healed here, at start.
   */
  reconcile(now: Date): void {
    for (const account of this.#accounts.all()) {
      if (account.deleted_at !== null) continue;
      const plan = this.#planOf(account.id, now);
      if (plan !== account.plan) this.#accounts.setPlan(account.id, plan, now);
    }
  }

  /** Opens a checkout for a pack or a plan; the holder pays at `checkout_url`. */
  async checkout(account: AccountRecord, order: PurchaseOrder, now: Date): Promise<PurchaseView> {
    const item = itemOf(order);
    if (item.kind === 'plan') {
      const current = this.subscription(account.id, now);
      if (current !== null && current.status !== 'canceled')
        throw new ServiceError(
          'plan_limit_reached',
          `this account already subscribes to the ${current.plan} plan; cancel it first, or change it in the customer portal`,
        );
    }
    const id = newId('buy');
    const opened = await this.#checkout.open({
      id,
      name: item.name,
      kind: item.kind,
      amount: item.amount,
      account: account.id,
    });
    const purchase = {
      id,
      account: account.id,
      kind: item.kind,
      item: item.item,
      amount: item.amount,
      currency: CURRENCY,
      provider: this.#checkout.mode,
      provider_ref: opened.providerRef,
      checkout_url: opened.checkoutUrl,
      created_at: now.toISOString(),
      expires_at: (opened.expiresAt ?? new Date(now.getTime() + SESSION_LIFETIME_MS)).toISOString(),
    } as const;
    this.#store.write({ type: 'purchase', purchase });
    return this.#purchaseView(this.purchase(id), now);
  }

  /** A purchase by id; `not_found` when there is none. */
  purchase(id: string): PurchaseState {
    const p = this.#store.purchase(id);
    if (p === undefined) throw notFound('purchase', id);
    return p;
  }

  purchaseOrNull(id: string): PurchaseState | null {
    return this.#store.purchase(id) ?? null;
  }

  /** The purchase a provider's payment (Stripe's payment intent) paid. */
  purchaseByPaymentRef(ref: string | null): PurchaseState | undefined {
    return ref === null ? undefined : this.#store.purchaseByPaymentRef(ref);
  }

  /** The subscription with a provider's id (Stripe's `sub_…`). */
  subscriptionBy(providerRef: string | null): Subscription | undefined {
    return providerRef === null ? undefined : this.#store.subscriptionByRef(providerRef);
  }

  purchaseView(id: string, now: Date): PurchaseView {
    return this.#purchaseView(this.purchase(id), now);
  }

  /**
   * Records a purchase as paid, once, with what it gives: a pack's unlocks, or a plan's subscription and the
   * reports of its first period. `providerEvent`: the provider's event this applies, never applied twice.
   */
  recordPayment(
    purchaseId: string,
    now: Date,
    paid: { paymentRef?: string | null; subscription?: Partial<Subscription>; providerEvent?: string } = {},
  ): PurchaseState {
    // Decided under the log's lock: a webhook and a test page's confirmation on two replicas record it once.
    const written = this.#store.transact(() => {
      const p = this.purchase(purchaseId);
      return p.paid_at === null ? [this.#paymentEvent(p, now, paid)] : [];
    });
    for (const e of written)
      if (e.type === 'paid' && e.subscription !== undefined) this.#matchPlan(e.subscription.account, now);
    return this.purchase(purchaseId);
  }

  /** The one event that records a payment: a pack's unlocks, or a plan's subscription and its first reports. */
  #paymentEvent(
    p: PurchaseState,
    now: Date,
    paid: { paymentRef?: string | null; subscription?: Partial<Subscription>; providerEvent?: string },
  ): Extract<BillingEvent, { type: 'paid' }> {
    const event = paid.providerEvent === undefined ? {} : { provider_event: paid.providerEvent };
    if (p.kind === 'pack') {
      const pack = packById(p.item);
      if (pack === undefined) throw new ServiceError('internal', `purchase ${p.id} names no pack of the price list`);
      const allowance: Allowance = {
        id: `al_${p.id}`,
        account: p.account,
        tier: pack.tier,
        count: pack.unlocks,
        source: `pack:${p.id}`,
        granted_at: now.toISOString(),
        expires_at: null,
      };
      return {
        type: 'paid',
        purchase: p.id,
        at: now.toISOString(),
        payment_ref: paid.paymentRef ?? null,
        grants: [allowance],
        ...event,
      };
    }
    // A plan's payment and the subscription it starts are one line: a crash never leaves one without the other.
    const subscription: Subscription = {
      account: p.account,
      plan: p.item as AccountPlan,
      status: 'active',
      period_start: now.toISOString(),
      period_end: oneMonthOn(now).toISOString(),
      cancel_at_period_end: false,
      provider: p.provider,
      provider_ref: null,
      customer_ref: null,
      ...paid.subscription,
    };
    return {
      type: 'paid',
      purchase: p.id,
      at: now.toISOString(),
      payment_ref: paid.paymentRef ?? null,
      grants: this.#periodGrants(subscription, now),
      subscription,
      ...event,
    };
  }

  /**
   * Writes the subscription as the provider (or test mode) says it stands, granting the plan's reports for a
   * period not granted before, and sets the account's plan to match.
   */
  setSubscription(subscription: Subscription, now: Date, providerEvent?: string): void {
    const event: BillingEvent = { type: 'subscription', subscription, grants: this.#periodGrants(subscription, now) };
    this.#store.write(providerEvent === undefined ? event : { ...event, provider_event: providerEvent });
    // Metered credits are billed to a paying subscription's card: with the subscription over, metering ends too.
    const account = this.#accounts.byId(subscription.account);
    if (subscription.status === 'canceled' && subscription.provider === 'stripe' && account?.metering === true)
      this.#accounts.setMetering(account.id, false, now);
    this.#matchPlan(subscription.account, now);
  }

  /** Settles every test-mode subscription whose period ended (renewed, or ended when cancelled): run on a timer. */
  settleAll(now: Date): void {
    for (const account of this.#accounts.all()) this.#settled(account.id, now);
  }

  /** The plan's reports for a period not granted before, while the subscription is active. */
  #periodGrants(subscription: Subscription, now: Date): Allowance[] {
    const reports = PLAN_TERMS[subscription.plan].monthlyReports;
    const source = `plan:${subscription.plan}:${subscription.period_end}`;
    const granted = this.#store.allowancesOf(subscription.account).some((a) => a.source === source);
    if (reports === null || granted || subscription.status !== 'active') return [];
    return [
      {
        id: `al_${randomBytes(18).toString('base64url')}`,
        account: subscription.account,
        tier: reports.tier,
        count: reports.count,
        source,
        granted_at: now.toISOString(),
        expires_at: subscription.period_end,
      },
    ];
  }

  /** Sets the account's plan to what its subscription says (a second line, healed by `reconcile` after a crash). */
  #matchPlan(accountId: string, now: Date): void {
    const plan = this.#planOf(accountId, now);
    const account = this.#accounts.byId(accountId);
    if (account !== undefined && account.deleted_at === null && account.plan !== plan)
      this.#accounts.setPlan(account.id, plan, now);
  }

  /** Takes back the unused unlocks of a refunded pack (those already spent stay unlocked). */
  refund(purchaseId: string, now: Date, providerEvent?: string): void {
    const p = this.purchase(purchaseId);
    const allowances = this.#store
      .allowancesOf(p.account)
      .filter((a) => a.source === `pack:${p.id}` && a.revoked_at === null)
      .map((a) => a.id);
    this.#store.write({
      type: 'allowances_revoked',
      allowances,
      at: now.toISOString(),
      reason: 'refund',
      ...(providerEvent === undefined ? {} : { provider_event: providerEvent }),
    });
  }

  /** Whether the provider's event was applied already (webhooks are delivered at least once). */
  applied(eventId: string): boolean {
    return this.#store.applied(eventId);
  }

  /** The account's subscription as it stands at `now` (a test-mode period that ended is settled first). */
  subscription(accountId: string, now: Date): SubscriptionView | null {
    const s = this.#settled(accountId, now);
    if (s === undefined) return null;
    return {
      plan: s.plan,
      status: s.status,
      period_start: s.period_start,
      period_end: s.period_end,
      cancel_at_period_end: s.cancel_at_period_end,
    };
  }

  /** The stored subscription record (with the provider's ids), for the provider adapters. */
  subscriptionRecord(accountId: string): Subscription | undefined {
    return this.#store.subscription(accountId);
  }

  /**
   * Turns metered API on or off: credits beyond the plan's are then billed (5 EUR per 1,000) instead of refused.
   * Through Stripe the metered credits are billed to the account's customer, so an account needs one first (any
   * subscription makes it).
   */
  setMetering(account: AccountRecord, enabled: boolean, now: Date): void {
    const s = this.#store.subscription(account.id);
    if (enabled && this.mode === 'stripe' && (s?.customer_ref == null || s.status === 'canceled'))
      throw new ServiceError(
        'payment_required',
        'metered API is billed to the card of a subscription: subscribe to a plan first (POST /api/account/checkout {"plan": …})',
      );
    if (account.metering !== enabled) this.#accounts.setMetering(account.id, enabled, now);
  }

  /**
   * Cancels the subscription at the end of its period: the plan holds until then, then the account is free. Through
   * Stripe it is cancelled there first (so it is not charged again), and Stripe's webhook then agrees.
   */
  async cancelAtPeriodEnd(account: AccountRecord, now: Date): Promise<SubscriptionView> {
    const s = this.#settled(account.id, now);
    if (s === undefined || s.status === 'canceled') throw notFound('subscription of this account', account.id);
    if (!s.cancel_at_period_end) {
      if (s.provider === 'stripe' && s.provider_ref !== null)
        await this.#stripeControl().cancelAtPeriodEnd(s.provider_ref);
      this.setSubscription({ ...s, cancel_at_period_end: true }, now);
    }
    return this.subscription(account.id, now) as SubscriptionView;
  }

  /**
   * Ends what a deleted account pays for: its subscription at once (through Stripe too), and metered API. What it
   * bought stays on record.
   */
  async closeAccount(account: AccountRecord, now: Date): Promise<void> {
    const s = this.#store.subscription(account.id);
    if (s !== undefined && s.status !== 'canceled') {
      if (s.provider === 'stripe' && s.provider_ref !== null) await this.#stripeControl().cancelNow(s.provider_ref);
      this.setSubscription({ ...s, status: 'canceled', cancel_at_period_end: false }, now);
    }
    if (account.metering) this.#accounts.setMetering(account.id, false, now);
  }

  /** A link to Stripe's customer portal for the account; `not_found` in test mode, or before it bought through Stripe. */
  async portal(account: AccountRecord, returnUrl: string): Promise<string> {
    if (this.#control === null)
      throw new ServiceError(
        'not_found',
        'no customer portal in test mode: the subscription is cancelled from the account (POST /api/account/subscription/cancel)',
      );
    const customer = this.#store.subscription(account.id)?.customer_ref ?? null;
    if (customer === null)
      throw new ServiceError(
        'not_found',
        'this account has no Stripe customer yet: it has bought nothing through Stripe',
      );
    return this.#control.portal(customer, returnUrl);
  }

  #stripeControl(): SubscriptionControl {
    if (this.#control === null)
      throw new ServiceError(
        'upstream_unavailable',
        'this server has no Stripe key to change a Stripe subscription with',
      );
    return this.#control;
  }

  /**
   * Spends one unlock of the account on an entity's cluster; the account's key or session then reads its full report
   * on `get_dossier`. A cluster already unlocked at that tier or above costs nothing again. `tier` absent: the
   * unlock that lapses first is spent (a plan's before a pack's), standard before enhanced.
   */
  unlock(
    account: AccountRecord,
    target: { clusterId: string; entityId: string; name?: string },
    tier: ReportTier | undefined,
    now: Date,
  ): UnlockView {
    let spent: Unlock | undefined;
    // Decided under the log's lock: two replicas asked at once spend one unlock each from what is left, never the
    // same one twice.
    this.#store.transact(() => {
      const decided = this.#unlockToSpend(account, target, tier, now);
      spent = decided.unlock;
      return decided.held ? [] : [{ type: 'unlock', unlock: decided.unlock }];
    });
    if (spent === undefined) throw new ServiceError('internal', 'an unlock was decided without a result');
    return unlockView(spent);
  }

  /** The unlock the account already holds for the cluster at that tier or above, or a new one to write. */
  #unlockToSpend(
    account: AccountRecord,
    target: { clusterId: string; entityId: string; name?: string },
    tier: ReportTier | undefined,
    now: Date,
  ): { unlock: Unlock; held: boolean } {
    const { clusterId, entityId } = target;
    const held = this.#currentUnlock(account.id, clusterId, now);
    if (held !== undefined && (tier === undefined || TIER_RANK[held.tier] >= TIER_RANK[tier]))
      return { unlock: held, held: true };
    const usable = this.#usable(account.id, now).filter((a) => tier === undefined || a.tier === tier);
    usable.sort(
      (a, b) => (a.expires_at ?? '9999').localeCompare(b.expires_at ?? '9999') || TIER_RANK[a.tier] - TIER_RANK[b.tier],
    );
    const from = usable[0];
    if (from === undefined) {
      const which = tier === undefined ? '' : `${tier} `;
      throw new ServiceError(
        'payment_required',
        `this account has no ${which}dossier unlocks left: buy a pack (POST /api/account/checkout {"pack": "${tier ?? 'standard'}-10"}) or subscribe to a plan`,
      );
    }
    const unlock: Unlock = {
      id: newId('ul'),
      account: account.id,
      cluster_id: clusterId,
      entity_id: entityId,
      ...(target.name === undefined ? {} : { entity_name: target.name }),
      tier: from.tier,
      allowance: from.id,
      at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.#unlockMs).toISOString(),
    };
    return { unlock, held: false };
  }

  /** The tier of report the account holds for a cluster at `now`; null when none. */
  unlockedTier(account: string, clusterId: string, now: Date): ReportTier | null {
    return this.#currentUnlock(account, clusterId, now)?.tier ?? null;
  }

  /** "My dossiers": every unlock, newest first, and the unlocks left to spend. */
  dossiers(account: AccountRecord, now: Date): { dossiers: UnlockView[]; allowances: AllowanceView[] } {
    this.#settled(account.id, now);
    return {
      dossiers: [...this.#store.unlocksOf(account.id)].reverse().map(unlockView),
      allowances: this.#usable(account.id, now).map((a) => ({
        tier: a.tier,
        left: a.count - a.used,
        expires_at: a.expires_at,
        from: a.source.startsWith('pack:') ? 'pack' : 'plan',
      })),
    };
  }

  /** The account's purchases, newest first. */
  purchases(account: AccountRecord, now: Date): PurchaseView[] {
    return this.#store
      .purchasesOf(account.id)
      .reverse()
      .map((p) => this.#purchaseView(p, now));
  }

  close(): void {
    this.#store.close();
  }

  #usable(account: string, now: Date): AllowanceState[] {
    const t = now.toISOString();
    return this.#store
      .allowancesOf(account)
      .filter((a) => a.revoked_at === null && a.used < a.count && (a.expires_at === null || a.expires_at > t));
  }

  #currentUnlock(account: string, clusterId: string, now: Date): Unlock | undefined {
    const t = now.toISOString();
    let best: Unlock | undefined;
    for (const u of this.#store.unlocksOf(account))
      if (
        u.cluster_id === clusterId &&
        u.expires_at > t &&
        (best === undefined || TIER_RANK[u.tier] > TIER_RANK[best.tier])
      )
        best = u;
    return best;
  }

  /**
   * The subscription at `now`. In test mode nobody else ends or renews a period, so a period that ended is settled
   * here: a cancelled one ends (the plan goes back to free), another renews with the next period's reports. Stripe
   * says both itself, by webhook.
   */
  #settled(account: string, now: Date): Subscription | undefined {
    let s = this.#store.subscription(account);
    while (s !== undefined && s.provider === 'test' && s.status !== 'canceled' && new Date(s.period_end) <= now) {
      const next: Subscription = s.cancel_at_period_end
        ? { ...s, status: 'canceled' }
        : { ...s, period_start: s.period_end, period_end: oneMonthOn(new Date(s.period_end)).toISOString() };
      this.setSubscription(next, now);
      s = this.#store.subscription(account);
    }
    return s;
  }

  #planOf(account: string, now: Date): AccountPlan {
    const s = this.#store.subscription(account);
    if (s === undefined || s.status === 'canceled') return 'free';
    if (s.provider === 'test' && s.cancel_at_period_end && new Date(s.period_end) <= now) return 'free';
    return s.plan;
  }

  #purchaseView(p: PurchaseState, now: Date): PurchaseView {
    const item = p.kind === 'pack' ? packById(p.item)?.name : `${p.item} plan, monthly`;
    return {
      purchase_id: p.id,
      kind: p.kind,
      item: p.item,
      name: item ?? p.item,
      amount: p.amount,
      currency: CURRENCY,
      checkout_url: p.checkout_url,
      expires_at: p.expires_at,
      status: p.paid_at !== null ? 'paid' : new Date(p.expires_at) <= now ? 'expired' : 'open',
      mode: p.provider,
    };
  }
}

function unlockView(u: Unlock): UnlockView {
  return {
    entity_id: u.entity_id,
    entity_name: u.entity_name ?? null,
    cluster_id: u.cluster_id,
    tier: u.tier,
    unlocked_at: u.at,
    expires_at: u.expires_at,
  };
}

function itemOf(order: PurchaseOrder): { kind: 'pack' | 'plan'; item: string; name: string; amount: number } {
  if ('pack' in order) {
    const pack = packById(order.pack);
    if (pack === undefined)
      throw invalidParameter(
        'pack',
        `pack must be one of ${PACKS.map((p) => p.id).join(', ')} (see get_pricing), got "${order.pack}"`,
      );
    return { kind: 'pack', item: pack.id, name: pack.name, amount: pack.price };
  }
  const plan = order.plan;
  if (plan !== 'analyst' && plan !== 'team')
    throw invalidParameter('plan', `plan must be analyst or team (see get_pricing), got "${plan}"`);
  return { kind: 'plan', item: plan, name: `unshell ${plan} plan`, amount: PLAN_TERMS[plan].pricePerMonth };
}
