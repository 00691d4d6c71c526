// An account's purchases through Stripe Checkout: a pack as a one-off payment, a plan as a monthly subscription,
// priced from the one price list; the account and the purchase ride along as metadata for the webhooks.
import Stripe from 'stripe';
import type { PurchaseCheckout } from '../billing/account-billing.js';
import { CURRENCY } from '../billing/price-list.js';
import type { PaymentsConfig } from '../config.js';
import { ServiceError } from '../../errors/service-error.js';
import { stripeClientOptions } from './stripe-provider.js';

/** Where Stripe sends the holder back to: the account page. */
export const ACCOUNT_RETURN_PATH = '/account';

export class StripePurchaseCheckout implements PurchaseCheckout {
  readonly mode = 'stripe';
  readonly #stripe: Stripe;
  readonly #publicUrl: string;

  constructor(secretKey: string, config: PaymentsConfig, publicUrl: string) {
    this.#stripe = new Stripe(secretKey, stripeClientOptions(config.stripeApiBase));
    this.#publicUrl = publicUrl;
  }

  async open(purchase: {
    id: string;
    name: string;
    kind: 'pack' | 'plan';
    amount: number;
    account: string;
  }): Promise<{ checkoutUrl: string; providerRef: string; expiresAt: Date }> {
    const metadata = { purchase_id: purchase.id, account: purchase.account, kind: purchase.kind };
    const price = {
      currency: CURRENCY.toLowerCase(),
      unit_amount: purchase.amount * 100,
      product_data: { name: purchase.name },
      ...(purchase.kind === 'plan' ? { recurring: { interval: 'month' as const } } : {}),
    };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.#stripe.checkout.sessions.create(
        {
          mode: purchase.kind === 'plan' ? 'subscription' : 'payment',
          line_items: [{ price_data: price, quantity: 1 }],
          metadata,
          client_reference_id: purchase.id,
          // The subscription carries the account too, so that its later events (renewals, cancellation) find it.
          ...(purchase.kind === 'plan'
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }),
          success_url: `${this.#publicUrl}${ACCOUNT_RETURN_PATH}?purchase=${encodeURIComponent(purchase.id)}`,
          cancel_url: `${this.#publicUrl}${ACCOUNT_RETURN_PATH}`,
        },
        { idempotencyKey: `unshell-${purchase.id}` },
      );
    } catch (err) {
      throw new ServiceError(
        'upstream_unavailable',
        `Stripe could not open a checkout session: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (session.url === null)
      throw new ServiceError('upstream_unavailable', `Stripe opened checkout session ${session.id} without a URL`);
    return { checkoutUrl: session.url, providerRef: session.id, expiresAt: new Date(session.expires_at * 1000) };
  }
}
