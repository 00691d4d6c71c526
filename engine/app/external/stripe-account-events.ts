// Stripe's word on what accounts bought, from verified webhook events: a paid checkout (a pack's unlocks, a plan's
// subscription), a subscription created, renewed, changed or ended, an invoice paid or failed, a charge refunded.
// Each event is applied once; an event about something this server did not sell is ignored.
import type Stripe from 'stripe';
import type { AccountBilling } from '../billing/account-billing.js';
import type { Subscription } from '../billing/billing-store.js';
import { isAccountPlan, type AccountPlan } from '../accounts/plans.js';
import { ServiceError } from '../../errors/service-error.js';

export type EventOutcome = 'applied' | 'ignored' | 'duplicate';

const PAID = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const SUBSCRIPTION = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

const seconds = (s: number): string => new Date(s * 1000).toISOString();
const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref === null || ref === undefined ? null : typeof ref === 'string' ? ref : ref.id;

/** Stripe's subscription states as the account sees them: paying, overdue, or over. */
function statusOf(status: Stripe.Subscription.Status): Subscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid' || status === 'incomplete' || status === 'paused') return 'past_due';
  return 'canceled';
}

/** The current period: on the subscription's item in recent API versions, on the subscription itself in older ones. */
function periodOf(sub: Stripe.Subscription): { start: number; end: number } {
  const item = sub.items?.data?.[0] as { current_period_start?: number; current_period_end?: number } | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    start: item?.current_period_start ?? legacy.current_period_start ?? Math.floor(Date.now() / 1000),
    end: item?.current_period_end ?? legacy.current_period_end ?? Math.floor(Date.now() / 1000),
  };
}

/** The lookup key a price of the customer portal carries to name the plan it is: `unshell_plan_analyst`, … */
export const PLAN_PRICE_PREFIX = 'unshell_plan_';

/**
 * The plan a subscription was switched to in Stripe's customer portal: its licensed price's lookup key names it
 * (the operator gives the portal's prices these keys). Null when no price names a plan (the checkout's own prices).
 */
function planSwitchedTo(sub: Stripe.Subscription): AccountPlan | null {
  for (const item of sub.items?.data ?? []) {
    const key = item.price?.lookup_key ?? '';
    const plan = key.startsWith(PLAN_PRICE_PREFIX) ? key.slice(PLAN_PRICE_PREFIX.length) : '';
    if (isAccountPlan(plan) && plan !== 'free') return plan;
  }
  return null;
}

export class StripeAccountEvents {
  readonly #billing: AccountBilling;
  readonly #stripe: Stripe;
  readonly #log: (line: string) => void;

  constructor(billing: AccountBilling, stripe: Stripe, log: (line: string) => void) {
    this.#billing = billing;
    this.#stripe = stripe;
    this.#log = log;
  }

  async apply(event: Stripe.Event, now: Date): Promise<EventOutcome> {
    if (this.#billing.applied(event.id)) return 'duplicate';
    if (PAID.has(event.type)) return this.#paid(event.data.object as Stripe.Checkout.Session, event.id, now);
    if (SUBSCRIPTION.has(event.type))
      return this.#subscription(event.data.object as Stripe.Subscription, event.id, now);
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed')
      return this.#invoice(event.data.object, event.type === 'invoice.paid', event.id, now);
    if (event.type === 'charge.refunded') return this.#refunded(event.data.object, event.id, now);
    return 'ignored';
  }

  async #paid(session: Stripe.Checkout.Session, eventId: string, now: Date): Promise<EventOutcome> {
    const purchaseId = session.metadata?.['purchase_id'];
    const purchase = purchaseId === undefined ? undefined : this.#billing.purchaseOrNull(purchaseId);
    if (purchase === undefined || purchase === null || purchase.provider_ref !== session.id) return 'ignored';
    if (session.payment_status !== 'paid') return 'ignored';
    if (purchase.kind === 'pack') {
      this.#billing.recordPayment(purchase.id, now, {
        paymentRef: idOf(session.payment_intent),
        providerEvent: eventId,
      });
      return 'applied';
    }
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId === null) return 'ignored';
    let sub: Stripe.Subscription;
    try {
      sub = await this.#stripe.subscriptions.retrieve(subscriptionId);
    } catch (err) {
      // 502: Stripe delivers the event again later, when it can be applied.
      throw new ServiceError(
        'upstream_unavailable',
        `Stripe could not say how subscription ${subscriptionId} stands: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const period = periodOf(sub);
    this.#billing.recordPayment(purchase.id, now, {
      paymentRef: subscriptionId,
      providerEvent: eventId,
      subscription: {
        status: statusOf(sub.status),
        period_start: seconds(period.start),
        period_end: seconds(period.end),
        cancel_at_period_end: sub.cancel_at_period_end,
        provider_ref: sub.id,
        customer_ref: idOf(sub.customer),
      },
    });
    return 'applied';
  }

  #subscription(sub: Stripe.Subscription, eventId: string, now: Date): EventOutcome {
    const known = this.#known(sub);
    if (known === null) return 'ignored';
    // An ended subscription stays ended: an event about it that arrives late (or again) brings back nothing.
    if (this.#billing.subscriptionBy(sub.id)?.status === 'canceled') return 'ignored';
    const period = periodOf(sub);
    this.#billing.setSubscription(
      {
        ...known,
        status: statusOf(sub.status),
        period_start: seconds(period.start),
        period_end: seconds(period.end),
        cancel_at_period_end: sub.cancel_at_period_end,
        provider: 'stripe',
        provider_ref: sub.id,
        customer_ref: idOf(sub.customer),
      },
      now,
      eventId,
    );
    return 'applied';
  }

  /** A renewal's invoice paid starts the new period (with its reports); a failed one makes the plan overdue. */
  #invoice(invoice: Stripe.Invoice, paid: boolean, eventId: string, now: Date): EventOutcome {
    const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
    const subscriptionId =
      idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription) ?? null;
    const current = this.#billing.subscriptionBy(subscriptionId);
    if (current === undefined || current.status === 'canceled') return 'ignored';
    const line = invoice.lines?.data?.[0]?.period;
    this.#billing.setSubscription(
      paid
        ? {
            ...current,
            status: 'active',
            ...(line === undefined ? {} : { period_start: seconds(line.start), period_end: seconds(line.end) }),
          }
        : { ...current, status: 'past_due' },
      now,
      eventId,
    );
    return 'applied';
  }

  #refunded(charge: Stripe.Charge, eventId: string, now: Date): EventOutcome {
    const purchase = this.#billing.purchaseByPaymentRef(idOf(charge.payment_intent));
    if (purchase === undefined || purchase.kind !== 'pack') return 'ignored';
    if (!charge.refunded) {
      // A partial refund is a goodwill gesture on the price, not a return of the pack: the unlocks stay.
      this.#log(`Stripe refunded part of purchase ${purchase.id}: its unlocks stay`);
      return 'ignored';
    }
    this.#billing.refund(purchase.id, now, eventId);
    this.#log(`Stripe refunded purchase ${purchase.id}: its unused unlocks are taken back`);
    return 'applied';
  }

  /** The account and plan a subscription of ours belongs to, from the purchase that made it; null for another's. */
  #known(sub: Stripe.Subscription): Pick<Subscription, 'account' | 'plan'> | null {
    const existing = this.#billing.subscriptionBy(sub.id);
    if (existing !== undefined) return { account: existing.account, plan: planSwitchedTo(sub) ?? existing.plan };
    const purchase = this.#billing.purchaseOrNull(sub.metadata?.['purchase_id'] ?? '');
    if (purchase === null || purchase.kind !== 'plan' || purchase.account !== sub.metadata?.['account']) return null;
    return isAccountPlan(purchase.item) ? { account: purchase.account, plan: purchase.item } : null;
  }
}
