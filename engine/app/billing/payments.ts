// What the capabilities need of the payment service (billing/payment-service.ts implements it).
import type { ReportTier } from './price-list.js';

export interface CheckoutOrder {
  /** The id the buyer gave; any member of the cluster. */
  entityId: string;
  entityName: string;
  /** The canonical id of its cluster: what the grant unlocks. */
  clusterId: string;
  tier: ReportTier;
  now: Date;
}

export interface CheckoutView {
  session_id: string;
  checkout_url: string;
  amount: number;
  currency: 'EUR';
  tier: ReportTier;
  entity_id: string;
  cluster_id: string;
  expires_at: string;
  mode: 'test' | 'stripe';
}

export interface ClaimView {
  access_token: string;
  entity_id: string;
  cluster_id: string;
  tier: ReportTier;
  expires_at: string;
}

export interface Payments {
  readonly mode: 'test' | 'stripe';
  checkout(order: CheckoutOrder): Promise<CheckoutView>;
  /** The access token of a paid session (the same one each time); `payment_required` before payment, `not_found` for an unknown session. */
  claim(sessionId: string, now: Date): Promise<ClaimView>;
  /** The tier a token unlocks for this cluster at `now`; `invalid_access_token` for anything else. */
  unlock(token: string, clusterId: string, now: Date): ReportTier;
}

/** The reports an account holds (unlocked with its packs' and plans' allowances, billing/account-billing.ts). */
export interface Entitlements {
  /** The tier of report the account holds for a cluster at `now`; null when none. */
  unlockedTier(account: string, clusterId: string, now: Date): ReportTier | null;
}
