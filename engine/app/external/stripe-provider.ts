// Stripe Checkout through the official client: guest checkout in `payment` mode, confirmed by webhook or by asking Stripe.
import Stripe from 'stripe';
import type { PaymentsConfig } from '../config.js';
import { ServiceError } from '../../errors/service-error.js';
import { CURRENCY, TIER_NAMES } from '../billing/price-list.js';
import type { Session } from '../billing/payment-store.js';
import type { CheckoutRequest, ConfirmedPayment, OpenedCheckout, PaymentProvider } from '../billing/provider.js';

/** Events that mean a checkout was paid: card payments complete paid; delayed methods succeed later. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** Where Stripe sends the buyer back to, on the server's public URL. */
export const returnPath = (sessionId: string, outcome: 'complete' | 'cancelled'): string =>
  `/checkout/${outcome}/${encodeURIComponent(sessionId)}`;

export function stripeClientOptions(apiBase: string | null): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'unshell' },
  };
  if (apiBase === null) return options;
  const url = new URL(apiBase);
  return {
    ...options,
    host: url.hostname,
    port: url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  };
}

function upstream(err: unknown, doing: string): ServiceError {
  const detail = err instanceof Error ? err.message : String(err);
  return new ServiceError('upstream_unavailable', `Stripe could not ${doing}: ${detail}`);
}

export class StripeProvider implements PaymentProvider {
  readonly mode = 'stripe';
  readonly #stripe: Stripe;
  readonly #webhookSecret: string | null;
  readonly #publicUrl: string;

  constructor(secretKey: string, config: PaymentsConfig, publicUrl: string) {
    this.#stripe = new Stripe(secretKey, stripeClientOptions(config.stripeApiBase));
    this.#webhookSecret = config.stripeWebhookSecret;
    this.#publicUrl = publicUrl;
  }

  get acceptsWebhooks(): boolean {
    return this.#webhookSecret !== null;
  }

  async open(r: CheckoutRequest): Promise<OpenedCheckout> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.#stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: {
                currency: CURRENCY.toLowerCase(),
                unit_amount: r.amount * 100,
                product_data: {
                  name: `${TIER_NAMES[r.tier]}: ${r.entityName}`,
                  description: `unshell ${r.tier} report on ${r.entityId}, unlocking its cluster ${r.clusterId}`,
                },
              },
              quantity: 1,
            },
          ],
          metadata: { session_id: r.sessionId, entity_id: r.entityId, cluster_id: r.clusterId, tier: r.tier },
          client_reference_id: r.sessionId,
          success_url: `${this.#publicUrl}${returnPath(r.sessionId, 'complete')}`,
          cancel_url: `${this.#publicUrl}${returnPath(r.sessionId, 'cancelled')}`,
        },
        // A retried create (network trouble) must not open a second checkout for the same session.
        { idempotencyKey: `unshell-${r.sessionId}` },
      );
    } catch (err) {
      throw upstream(err, 'open a checkout session');
    }
    if (session.url === null)
      throw new ServiceError('upstream_unavailable', `Stripe opened checkout session ${session.id} without a URL`);
    return { checkoutUrl: session.url, providerRef: session.id, expiresAt: new Date(session.expires_at * 1000) };
  }

  async isPaid(session: Session): Promise<boolean> {
    if (session.provider_ref === null) return false;
    try {
      const remote = await this.#stripe.checkout.sessions.retrieve(session.provider_ref);
      return remote.payment_status === 'paid' && remote.metadata?.session_id === session.id;
    } catch (err) {
      throw upstream(err, `confirm checkout session ${session.provider_ref}`);
    }
  }

  /**
   * A webhook delivery's event, once its `Stripe-Signature` checks out over the raw body (with Stripe's tolerance for
   * old deliveries, so that a stale or replayed one is refused); an error otherwise.
   */
  verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (this.#webhookSecret === null)
      throw new ServiceError('not_found', 'no Stripe webhook secret is configured (UNSHELL_STRIPE_WEBHOOK_SECRET)');
    if (signature === undefined || signature === '')
      throw new ServiceError('missing_parameter', 'the Stripe-Signature header is required', 'Stripe-Signature');
    try {
      return this.#stripe.webhooks.constructEvent(rawBody, signature, this.#webhookSecret);
    } catch (err) {
      throw new ServiceError(
        'invalid_parameter',
        `Stripe-Signature does not verify: ${err instanceof Error ? err.message : String(err)}`,
        'Stripe-Signature',
      );
    }
  }

  /** The guest checkout a verified event reports paid, or null for an event that confirms none. */
  confirmedBy(event: Stripe.Event): ConfirmedPayment | null {
    if (!PAID_EVENTS.has(event.type)) return null;
    const object = event.data.object as Stripe.Checkout.Session;
    if (object.object !== 'checkout.session' || object.payment_status !== 'paid') return null;
    const sessionId = object.metadata?.session_id ?? object.client_reference_id;
    if (typeof sessionId !== 'string') return null;
    return { sessionId, providerRef: object.id };
  }

  /** The client, for the other Stripe adapters of the same account (purchases, meter events, the portal). */
  get client(): Stripe {
    return this.#stripe;
  }
}
