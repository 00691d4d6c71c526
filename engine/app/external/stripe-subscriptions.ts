// What an account does to its subscription that Stripe must do: cancel it at the period's end (the holder's choice),
// or at once (the account deleted), and open the customer portal where the holder manages it. Stripe then says so by
// webhook too; the answer here is applied at once.
import type Stripe from 'stripe';
import type { SubscriptionControl } from '../billing/account-billing.js';
import { ServiceError } from '../../errors/service-error.js';

export class StripeSubscriptionControl implements SubscriptionControl {
  readonly #stripe: Stripe;

  constructor(stripe: Stripe) {
    this.#stripe = stripe;
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    try {
      await this.#stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    } catch (err) {
      throw upstream(err, `cancel subscription ${subscriptionId}`);
    }
  }

  async portal(customerId: string, returnUrl: string): Promise<string> {
    try {
      return (await this.#stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    } catch (err) {
      throw upstream(err, `open the customer portal of ${customerId}`);
    }
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      await this.#stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      throw upstream(err, `cancel subscription ${subscriptionId}`);
    }
  }
}

const upstream = (err: unknown, doing: string): ServiceError =>
  new ServiceError(
    'upstream_unavailable',
    `Stripe could not ${doing}: ${err instanceof Error ? err.message : String(err)}`,
  );
