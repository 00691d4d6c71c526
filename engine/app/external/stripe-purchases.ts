// An account's purchases through Stripe Checkout: a pack as a one-off payment, a plan as a monthly subscription,
// priced from the one price list; the account and the purchase ride along as metadata for the webhooks.
import Stripe from 'stripe';
import type { PurchaseCheckout } from '../billing/account-billing.js';
import { CURRENCY, METERED_PRICE_PER_1000, METER_EVENT_NAME } from '../billing/price-list.js';
import { ServiceError } from '../../errors/service-error.js';

/** Where Stripe sends the holder back to: the account page. */
export const ACCOUNT_RETURN_PATH = '/account';

/** The lookup key of the metered price on the credits meter: found again rather than made twice. */
export const METERED_PRICE_LOOKUP_KEY = 'unshell_metered_credits';

export class StripePurchaseCheckout implements PurchaseCheckout {
  readonly mode = 'stripe';
  readonly #stripe: Stripe;
  readonly #publicUrl: string;
  #meteredPrice: Promise<string> | null = null;

  /** `stripe`: the service's one Stripe client (StripeProvider's). */
  constructor(stripe: Stripe, publicUrl: string) {
    this.#stripe = stripe;
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
      // A plan's subscription also carries the metered price, so that credits beyond the plan's, reported as meter
      // events when the account turns metering on, are invoiced with it (nothing is billed on it otherwise).
      const metered = purchase.kind === 'plan' ? [{ price: await this.#meteredPriceId() }] : [];
      session = await this.#stripe.checkout.sessions.create(
        {
          mode: purchase.kind === 'plan' ? 'subscription' : 'payment',
          line_items: [{ price_data: price, quantity: 1 }, ...metered],
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

  /**
   * The price on the credits meter (METER_EVENT_NAME), found by its lookup key or made once, with the meter itself:
   * METERED_PRICE_PER_1000 per 1,000 credits, summed over each billing period.
   */
  #meteredPriceId(): Promise<string> {
    this.#meteredPrice ??= this.#findOrMakeMeteredPrice().catch((err: unknown) => {
      this.#meteredPrice = null;
      throw err;
    });
    return this.#meteredPrice;
  }

  async #findOrMakeMeteredPrice(): Promise<string> {
    const found = await this.#stripe.prices.list({ lookup_keys: [METERED_PRICE_LOOKUP_KEY], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing !== undefined) return existing.id;
    const meters = await this.#stripe.billing.meters.list({ status: 'active', limit: 100 });
    const meter =
      meters.data.find((m) => m.event_name === METER_EVENT_NAME) ??
      (await this.#stripe.billing.meters.create({
        display_name: 'unshell API credits',
        event_name: METER_EVENT_NAME,
        default_aggregation: { formula: 'sum' },
      }));
    const price = await this.#stripe.prices.create({
      currency: CURRENCY.toLowerCase(),
      // Cents per credit: 5 EUR per 1,000 is half a cent.
      unit_amount_decimal: Stripe.Decimal.from((METERED_PRICE_PER_1000 * 100) / 1000),
      recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
      product_data: { name: 'unshell API credits beyond the plan' },
      lookup_key: METERED_PRICE_LOOKUP_KEY,
    });
    return price.id;
  }
}
