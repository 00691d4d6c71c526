// Payment providers behind one small interface: the built-in test mode, or Stripe Checkout.
import type { ReportTier } from './price-list.js';
import type { Session } from './payment-store.js';

/** What a provider needs to open a checkout for one session. */
export interface CheckoutRequest {
  sessionId: string;
  entityId: string;
  entityName: string;
  clusterId: string;
  tier: ReportTier;
  /** Whole euros. */
  amount: number;
  expiresAt: Date;
}

export interface OpenedCheckout {
  checkoutUrl: string;
  /** The provider's own session id, to confirm the payment with it later; null when there is none. */
  providerRef: string | null;
  /** When the provider closes the checkout, if it says. */
  expiresAt: Date | null;
}

/** A payment the provider confirms, and for which session of ours. */
export interface ConfirmedPayment {
  sessionId: string;
  providerRef: string;
}

export interface PaymentProvider {
  readonly mode: 'test' | 'stripe';
  open(request: CheckoutRequest): Promise<OpenedCheckout>;
  /** Asks the provider directly whether a session was paid (a claim that arrives before the webhook). */
  isPaid(session: Session): Promise<boolean>;
}
