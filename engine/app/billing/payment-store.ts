// Checkout sessions and the grants their payments create, kept in a crash-safe log in the data dir.
import { z } from 'zod';
import { REPORT_TIERS } from './price-list.js';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';
import { readThrough } from '../../state/read-through.js';

export const PAYMENTS_LOG = 'payments.log';

/** What every checkout records, a guest's dossier session and an account's purchase alike. */
export const CHECKOUT_FIELDS = {
  /** Whole euros. */
  amount: z.number().int(),
  currency: z.literal('EUR'),
  provider: z.enum(['test', 'stripe']),
  /** The provider's own id of the session (Stripe's `cs_…`); null in test mode. */
  provider_ref: z.string().nullable(),
  /** Where the buyer pays. */
  checkout_url: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
};

const SessionSchema = z.object({
  id: z.string(),
  /** The id the buyer asked for; the grant is for its cluster. */
  entity_id: z.string(),
  cluster_id: z.string(),
  tier: z.enum(REPORT_TIERS),
  ...CHECKOUT_FIELDS,
});
export type Session = z.infer<typeof SessionSchema>;

const GrantSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  cluster_id: z.string(),
  tier: z.enum(REPORT_TIERS),
  paid_at: z.string(),
  /** When the access it gives ends: the token's expiry. */
  expires_at: z.string(),
});
export type Grant = z.infer<typeof GrantSchema>;

const EventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session'), session: SessionSchema }),
  /** A payment confirmed (test page, webhook or the provider's answer): the grant is created with it, in one event. */
  z.object({ type: z.literal('paid'), grant: GrantSchema }),
]);
type PaymentEvent = z.infer<typeof EventSchema>;

export interface PaymentState {
  sessions: Map<string, Session>;
  /** Grants by session id: a session is paid exactly when it has one. */
  grants: Map<string, Grant>;
}

const machine: StateMachine<PaymentState, PaymentEvent> = {
  initial: () => ({ sessions: new Map(), grants: new Map() }),
  apply(state, event) {
    if (event.type === 'session') state.sessions.set(event.session.id, event.session);
    // A second confirmation of one payment (webhook and claim racing, two processes) keeps the first grant.
    else if (!state.grants.has(event.grant.session_id)) state.grants.set(event.grant.session_id, event.grant);
  },
  *compacted(state) {
    for (const session of state.sessions.values()) yield { type: 'session', session };
    for (const grant of state.grants.values()) yield { type: 'paid', grant };
  },
};

/** Sessions and grants survive a power cut once acknowledged: every event is fsynced before the caller hears of it. */
export class PaymentStore {
  readonly #log: StateLog<PaymentState, PaymentEvent>;

  /**
   * `compactAfter` lines appended: the log is rewritten as one line per session and grant. `readOnly`: replay only
   * (a reader beside the server, or a data directory on a read-only disk).
   */
  constructor(logs: StateLogs, options: { compactAfter?: number; readOnly?: boolean } = {}) {
    this.#log = logs.open(PAYMENTS_LOG, EventSchema, machine, {
      compactAfter: options.compactAfter ?? 10_000,
      readOnly: options.readOnly ?? false,
    });
  }

  /** The session as last written by any process sharing the data dir. */
  session(id: string): Session | undefined {
    return readThrough(this.#log, (state) => state.sessions.get(id));
  }

  /** The grant of a session, paid on any replica: a claim made a moment after the payment finds it. */
  grant(sessionId: string): Grant | undefined {
    return readThrough(this.#log, (state) => state.grants.get(sessionId));
  }

  addSession(session: Session): void {
    this.#log.commit({ type: 'session', session }, 'fsync');
  }

  /** Records the payment and returns the session's grant: the new one, or the one an earlier confirmation created. */
  markPaid(grant: Grant): Grant {
    // Decided under the log's lock: a webhook and a claim on two replicas record one grant between them.
    this.#log.transact((state) => (state.grants.has(grant.session_id) ? [] : [{ type: 'paid', grant }]), 'fsync');
    return this.#log.state.grants.get(grant.session_id) ?? grant;
  }

  close(): void {
    this.#log.close();
  }
}
