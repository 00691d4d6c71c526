// The paid dossier's service: opens checkouts, records payments as grants, and issues and checks access tokens.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { Config } from '../config.js';
import { ServiceError, notFound } from '../../errors/service-error.js';
import { signToken, verifyToken } from './access-token.js';
import type { StateLogs } from '../../state/state-log.js';
import { PaymentStore, type Grant, type Session } from './payment-store.js';
import type { CheckoutOrder, CheckoutView, ClaimView, Payments } from './payments.js';
import { CURRENCY, SESSION_LIFETIME_MS, TIER_PRICES, type ReportTier } from './price-list.js';
import type { PaymentProvider } from './provider.js';
import { StripeProvider } from '../external/stripe-provider.js';
import { TestProvider } from './test-provider.js';
import { tokenSecret } from './token-secret.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 192 random bits: a session id is the only thing between a stranger and someone else's paid session. */
const newId = (prefix: string): string => `${prefix}_${randomBytes(24).toString('base64url')}`;

export interface PaymentServiceOptions {
  /** Origin of the server that serves the test-mode checkout page; default: the configured public URL. */
  pageBase?: () => Promise<string>;
  log?: (line: string) => void;
}

export class PaymentService implements Payments {
  readonly #store: PaymentStore;
  readonly #secret: Buffer;
  readonly #provider: PaymentProvider;
  readonly #lifetimeMs: number;
  readonly #log: (line: string) => void;

  private constructor(
    store: PaymentStore,
    secret: Buffer,
    provider: PaymentProvider,
    lifetimeDays: number,
    log: (line: string) => void,
  ) {
    this.#store = store;
    this.#secret = secret;
    this.#provider = provider;
    this.#lifetimeMs = lifetimeDays * DAY_MS;
    this.#log = log;
  }

  /** Stripe when a secret key is configured, test mode otherwise; state and token secret in the data dir. */
  static open(config: Config, logs: StateLogs, options: PaymentServiceOptions = {}): PaymentService {
    const { stripeSecretKey } = config.payments;
    const provider: PaymentProvider =
      stripeSecretKey === null
        ? new TestProvider(options.pageBase ?? (() => Promise.resolve(config.publicUrl)))
        : new StripeProvider(stripeSecretKey, config.payments, config.publicUrl);
    return new PaymentService(
      new PaymentStore(logs),
      tokenSecret(config, logs),
      provider,
      config.payments.tokenLifetimeDays,
      options.log ?? (() => undefined),
    );
  }

  get mode(): 'test' | 'stripe' {
    return this.#provider.mode;
  }

  /** The Stripe provider, when payments go through Stripe (for the webhook route). */
  get stripe(): StripeProvider | null {
    return this.#provider instanceof StripeProvider ? this.#provider : null;
  }

  async checkout(order: CheckoutOrder): Promise<CheckoutView> {
    const id = newId('chk');
    const amount = TIER_PRICES[order.tier];
    const opened = await this.#provider.open({
      sessionId: id,
      entityId: order.entityId,
      entityName: order.entityName,
      clusterId: order.clusterId,
      tier: order.tier,
      amount,
      expiresAt: new Date(order.now.getTime() + SESSION_LIFETIME_MS),
    });
    const session: Session = {
      id,
      entity_id: order.entityId,
      cluster_id: order.clusterId,
      tier: order.tier,
      amount,
      currency: CURRENCY,
      provider: this.#provider.mode,
      provider_ref: opened.providerRef,
      checkout_url: opened.checkoutUrl,
      created_at: order.now.toISOString(),
      expires_at: (opened.expiresAt ?? new Date(order.now.getTime() + SESSION_LIFETIME_MS)).toISOString(),
    };
    this.#store.addSession(session);
    const { checkout_url, amount: a, currency, tier, entity_id, cluster_id, expires_at } = session;
    return {
      session_id: id,
      checkout_url,
      amount: a,
      currency,
      tier,
      entity_id,
      cluster_id,
      expires_at,
      mode: this.mode,
    };
  }

  async claim(sessionId: string, now: Date): Promise<ClaimView> {
    const session = this.session(sessionId);
    let grant = this.#store.grant(sessionId);
    // No webhook yet (or none configured): the provider itself is asked, so a paid buyer never waits on delivery.
    if (grant === undefined && (await this.#provider.isPaid(session))) grant = this.#recordPayment(session, now);
    if (grant === undefined) {
      const expired = new Date(session.expires_at).getTime() <= now.getTime();
      throw new ServiceError(
        'payment_required',
        expired
          ? `checkout session "${sessionId}" expired unpaid at ${session.expires_at}; open a new one with buy_dossier (POST /api/public/checkout)`
          : `checkout session "${sessionId}" is not paid yet: the buyer pays at ${session.checkout_url}, then claim again`,
        'session_id',
      );
    }
    if (new Date(grant.expires_at).getTime() <= now.getTime()) {
      throw new ServiceError(
        'invalid_access_token',
        `the access bought with checkout session "${sessionId}" expired at ${grant.expires_at}; buy the report again`,
        'session_id',
      );
    }
    const access_token = signToken(this.#secret, {
      clusterId: grant.cluster_id,
      tier: grant.tier,
      expiresAt: new Date(grant.expires_at),
      grantId: grant.id,
    });
    return {
      access_token,
      entity_id: session.entity_id,
      cluster_id: grant.cluster_id,
      tier: grant.tier,
      expires_at: grant.expires_at,
    };
  }

  unlock(token: string, clusterId: string, now: Date): ReportTier {
    const claims = verifyToken(this.#secret, token, now);
    if (claims.clusterId !== clusterId) {
      throw new ServiceError(
        'invalid_access_token',
        'access_token unlocks another entity: a token unlocks only the cluster it was bought for',
        'access_token',
      );
    }
    return claims.tier;
  }

  /** A session by id, whoever wrote it; `not_found` when there is none. */
  session(sessionId: string): Session {
    const session = this.#store.session(sessionId);
    if (session === undefined) throw notFound('checkout session', sessionId);
    return session;
  }

  paid(sessionId: string): Grant | undefined {
    return this.#store.grant(sessionId);
  }

  /** The test-mode page's pay button: no money moves, and only while the session is open. */
  payInTestMode(sessionId: string, now: Date): Grant {
    const session = this.session(sessionId);
    if (session.provider !== 'test' || this.mode !== 'test') throw notFound('test-mode checkout session', sessionId);
    const existing = this.#store.grant(sessionId);
    if (existing !== undefined) return existing;
    if (new Date(session.expires_at).getTime() <= now.getTime()) {
      throw new ServiceError(
        'payment_required',
        `checkout session "${sessionId}" expired at ${session.expires_at}; open a new one`,
        'session_id',
      );
    }
    return this.#recordPayment(session, now);
  }

  /**
   * A verified Stripe event (the webhook route checked its signature): recorded when it confirms one of our guest
   * sessions. Returns the session it paid, or null for an event that pays none (other types, other systems' sessions).
   */
  confirmFromEvent(event: Stripe.Event, now: Date): string | null {
    const confirmed = this.stripe?.confirmedBy(event) ?? null;
    if (confirmed === null) return null;
    const session = this.#store.session(confirmed.sessionId);
    if (session === undefined) return null;
    if (session.provider_ref !== confirmed.providerRef) {
      this.#log(
        `Stripe event for checkout ${confirmed.providerRef} names session ${session.id}, opened as another; ignored`,
      );
      return null;
    }
    this.#recordPayment(session, now);
    return session.id;
  }

  close(): void {
    this.#store.close();
  }

  #recordPayment(session: Session, now: Date): Grant {
    return this.#store.markPaid({
      id: newId('gr'),
      session_id: session.id,
      cluster_id: session.cluster_id,
      tier: session.tier,
      paid_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.#lifetimeMs).toISOString(),
    });
  }
}
