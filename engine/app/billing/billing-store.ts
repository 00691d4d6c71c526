// What accounts bought and hold, in a crash-safe log in the data dir: purchases (packs and plans) and their payments,
// allowances of dossier unlocks (from packs, and from plans each period), the unlocks spent from them, the
// subscription of each account, and the provider's events already applied (each is applied once).
import { z } from 'zod';
import { ACCOUNT_PLANS } from '../accounts/plans.js';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';
import { CHECKOUT_FIELDS } from './payment-store.js';
import { REPORT_TIERS } from './price-list.js';
import { readThrough } from '../../state/read-through.js';

export const BILLING_LOG = 'billing.log';

const PurchaseSchema = z.object({
  id: z.string(),
  account: z.string(),
  kind: z.enum(['pack', 'plan']),
  /** The pack's id, or the plan's name. */
  item: z.string(),
  /** The amount is once for a pack, each month for a plan. */
  ...CHECKOUT_FIELDS,
});
export type Purchase = z.infer<typeof PurchaseSchema>;

const AllowanceSchema = z.object({
  id: z.string(),
  account: z.string(),
  tier: z.enum(REPORT_TIERS),
  count: z.number().int().positive(),
  /** `pack:<purchase id>`, or `plan:<plan>:<period end>` for a plan's reports of one period. */
  source: z.string(),
  granted_at: z.string(),
  /** When unused unlocks lapse (a plan's period end); null for a pack's, which do not. */
  expires_at: z.string().nullable(),
});
export type Allowance = z.infer<typeof AllowanceSchema>;

const UnlockSchema = z.object({
  id: z.string(),
  account: z.string(),
  cluster_id: z.string(),
  /** The id the holder asked for; the unlock covers its whole cluster. */
  entity_id: z.string(),
  /** Its name when it was unlocked, for the holder's list. */
  entity_name: z.string().optional(),
  tier: z.enum(REPORT_TIERS),
  allowance: z.string(),
  at: z.string(),
  expires_at: z.string(),
});
export type Unlock = z.infer<typeof UnlockSchema>;

const SubscriptionSchema = z.object({
  account: z.string(),
  plan: z.enum(ACCOUNT_PLANS),
  status: z.enum(['active', 'past_due', 'canceled']),
  period_start: z.string(),
  period_end: z.string(),
  /** Ends at period_end instead of renewing. */
  cancel_at_period_end: z.boolean(),
  provider: z.enum(['test', 'stripe']),
  /** Stripe's `sub_…` and `cus_…`; null in test mode. */
  provider_ref: z.string().nullable(),
  customer_ref: z.string().nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * Each change is one event, one line, so that a crash never leaves half of it: a payment carries the allowance it
 * grants, a subscription the reports of its new period, and any of them the provider's event it applies (which is
 * then never applied again). `allowance` and `event_applied` alone are what compaction writes.
 */
const ProviderEvent = { provider_event: z.string().optional() };
const EventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('purchase'), purchase: PurchaseSchema }),
  z.object({
    type: z.literal('paid'),
    purchase: z.string(),
    at: z.string(),
    payment_ref: z.string().nullable(),
    grants: z.array(AllowanceSchema),
    /** The subscription a plan's payment starts. */
    subscription: SubscriptionSchema.optional(),
    ...ProviderEvent,
  }),
  z.object({ type: z.literal('allowance'), allowance: AllowanceSchema }),
  z.object({
    type: z.literal('allowances_revoked'),
    allowances: z.array(z.string()),
    at: z.string(),
    reason: z.string(),
    ...ProviderEvent,
  }),
  z.object({ type: z.literal('unlock'), unlock: UnlockSchema }),
  z.object({
    type: z.literal('subscription'),
    subscription: SubscriptionSchema,
    grants: z.array(AllowanceSchema),
    ...ProviderEvent,
  }),
  z.object({ type: z.literal('event_applied'), id: z.string() }),
]);
type BillingEvent = z.infer<typeof EventSchema>;

export interface PurchaseState extends Purchase {
  paid_at: string | null;
  payment_ref: string | null;
}

export interface AllowanceState extends Allowance {
  used: number;
  revoked_at: string | null;
}

interface Billing {
  purchases: Map<string, PurchaseState>;
  allowances: Map<string, AllowanceState>;
  allowancesOf: Map<string, AllowanceState[]>;
  /** Every unlock of each account, oldest first. */
  unlocksOf: Map<string, Unlock[]>;
  subscriptions: Map<string, Subscription>;
  applied: Set<string>;
}

function grant(state: Billing, allowance: Allowance): void {
  if (state.allowances.has(allowance.id)) return;
  const a: AllowanceState = { ...allowance, used: 0, revoked_at: null };
  state.allowances.set(a.id, a);
  push(state.allowancesOf, a.account, a);
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

const machine: StateMachine<Billing, BillingEvent> = {
  initial: () => ({
    purchases: new Map(),
    allowances: new Map(),
    allowancesOf: new Map(),
    unlocksOf: new Map(),
    subscriptions: new Map(),
    applied: new Set(),
  }),
  apply(state, e) {
    if ('provider_event' in e && e.provider_event !== undefined) state.applied.add(e.provider_event);
    switch (e.type) {
      case 'purchase':
        if (!state.purchases.has(e.purchase.id))
          state.purchases.set(e.purchase.id, { ...e.purchase, paid_at: null, payment_ref: null });
        return;
      case 'paid': {
        const p = state.purchases.get(e.purchase);
        if (p === undefined || p.paid_at !== null) return;
        Object.assign(p, { paid_at: e.at, payment_ref: e.payment_ref });
        for (const a of e.grants) grant(state, a);
        if (e.subscription !== undefined) state.subscriptions.set(e.subscription.account, e.subscription);
        return;
      }
      case 'allowance':
        grant(state, e.allowance);
        return;
      case 'allowances_revoked':
        for (const id of e.allowances) {
          const a = state.allowances.get(id);
          if (a !== undefined) a.revoked_at ??= e.at;
        }
        return;
      case 'unlock': {
        const a = state.allowances.get(e.unlock.allowance);
        if (a !== undefined) a.used += 1;
        push(state.unlocksOf, e.unlock.account, e.unlock);
        return;
      }
      case 'subscription':
        state.subscriptions.set(e.subscription.account, e.subscription);
        for (const a of e.grants) grant(state, a);
        return;
      case 'event_applied':
        state.applied.add(e.id);
        return;
    }
  },
  *compacted(state) {
    for (const p of state.purchases.values()) {
      const { paid_at, payment_ref, ...purchase } = p;
      yield { type: 'purchase', purchase };
      if (paid_at !== null) yield { type: 'paid', purchase: p.id, at: paid_at, payment_ref, grants: [] };
    }
    for (const a of state.allowances.values()) {
      const { used: _used, revoked_at, ...allowance } = a;
      yield { type: 'allowance', allowance };
      if (revoked_at !== null)
        yield { type: 'allowances_revoked', allowances: [a.id], at: revoked_at, reason: 'compacted' };
    }
    for (const list of state.unlocksOf.values()) for (const unlock of list) yield { type: 'unlock', unlock };
    for (const subscription of state.subscriptions.values()) yield { type: 'subscription', subscription, grants: [] };
    for (const id of state.applied) yield { type: 'event_applied', id };
  },
};

/** Every event is fsynced before the caller hears of it: what was bought survives a power cut once acknowledged. */
export class BillingStore {
  readonly #log: StateLog<Billing, BillingEvent>;

  constructor(logs: StateLogs, options: { compactAfter?: number; readOnly?: boolean } = {}) {
    this.#log = logs.open(BILLING_LOG, EventSchema, machine, {
      compactAfter: options.compactAfter ?? 10_000,
      readOnly: options.readOnly ?? false,
    });
  }

  purchase(id: string): PurchaseState | undefined {
    return readThrough(this.#log, (state) => state.purchases.get(id));
  }

  /** Purchases of an account, oldest first. */
  purchasesOf(account: string): PurchaseState[] {
    this.#log.refresh();
    return [...this.#log.state.purchases.values()].filter((p) => p.account === account);
  }

  purchaseByPaymentRef(ref: string): PurchaseState | undefined {
    this.#log.refresh();
    for (const p of this.#log.state.purchases.values()) if (p.payment_ref === ref) return p;
    return undefined;
  }

  subscriptionByRef(providerRef: string): Subscription | undefined {
    this.#log.refresh();
    for (const s of this.#log.state.subscriptions.values()) if (s.provider_ref === providerRef) return s;
    return undefined;
  }

  allowancesOf(account: string): readonly AllowanceState[] {
    this.#log.refresh();
    return this.#log.state.allowancesOf.get(account) ?? [];
  }

  allowance(id: string): AllowanceState | undefined {
    return this.#log.state.allowances.get(id);
  }

  unlocksOf(account: string): readonly Unlock[] {
    this.#log.refresh();
    return this.#log.state.unlocksOf.get(account) ?? [];
  }

  subscription(account: string): Subscription | undefined {
    this.#log.refresh();
    return this.#log.state.subscriptions.get(account);
  }

  applied(eventId: string): boolean {
    this.#log.refresh();
    return this.#log.state.applied.has(eventId);
  }

  /** Writes one change, synced to disk before it returns. */
  write(event: BillingEvent): void {
    this.#log.commit(event, 'fsync');
  }

  /**
   * Reads what every process wrote, then writes the changes `decide` returns, holding the log's lock in between:
   * an unlock spent or a payment recorded on one replica cannot be spent or recorded again on another. The
   * store's reads inside `decide` see that state as it stands. Returns what was written.
   */
  transact(decide: () => readonly BillingEvent[]): readonly BillingEvent[] {
    return this.#log.transact(decide, 'fsync');
  }

  close(): void {
    this.#log.close();
  }
}

export type { BillingEvent };
