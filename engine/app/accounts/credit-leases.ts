// Blocks of an account's monthly credits that one replica took to spend alone, in a state log the replicas share:
// what each has taken is written under the log's lock before it is spent, so that together they never spend more
// than the month includes, however many requests they answer at once.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';

export const CREDIT_LEASES_FILE = 'credit-leases.log';

/** Credits of one account's month (YYYY-MM) that one replica may spend until `until` (ISO 8601). */
export interface CreditLease {
  id: string;
  account: string;
  month: string;
  credits: number;
  until: string;
}

const LeaseEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('lease_taken'),
    id: z.string().min(1),
    account: z.string().min(1),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    credits: z.number().int().positive(),
    until: z.string(),
  }),
  z.object({ type: z.literal('lease_closed'), id: z.string().min(1) }),
]);
type LeaseEvent = z.infer<typeof LeaseEvent>;

/** The leases not closed, by id. */
type OpenLeases = Map<string, CreditLease>;

/** A lease its replica did not close (a replica killed) is dropped by compaction this long after it ran out. */
const KEPT_AFTER_EXPIRY_MS = 60 * 60 * 1000;

const machine: StateMachine<OpenLeases, LeaseEvent> = {
  initial: () => new Map(),
  apply(state, e) {
    if (e.type === 'lease_taken') {
      const { id, account, month, credits, until } = e;
      state.set(id, { id, account, month, credits, until });
    } else state.delete(e.id);
  },
  *compacted(state) {
    const kept = new Date(Date.now() - KEPT_AFTER_EXPIRY_MS).toISOString();
    for (const lease of state.values()) if (lease.until > kept) yield { type: 'lease_taken', ...lease };
  },
};

function openOf(state: Readonly<OpenLeases>, account: string, month: string, now: Date): CreditLease[] {
  const at = now.toISOString();
  return [...state.values()].filter((l) => l.account === account && l.month === month && l.until > at);
}

export class CreditLeases {
  readonly #log: StateLog<OpenLeases, LeaseEvent>;

  private constructor(log: StateLog<OpenLeases, LeaseEvent>) {
    this.#log = log;
  }

  /** `readOnly`: replay only. */
  static open(logs: StateLogs, options: { compactAfter?: number; readOnly?: boolean } = {}): CreditLeases {
    return new CreditLeases(
      logs.open(CREDIT_LEASES_FILE, LeaseEvent, machine, {
        compactAfter: options.compactAfter ?? 2_000,
        readOnly: options.readOnly ?? false,
      }),
    );
  }

  /** The account's leases of the month that are neither closed nor run out at `now`, as last read. */
  open(account: string, month: string, now: Date): CreditLease[] {
    this.#log.refresh();
    return openOf(this.#log.state, account, month, now);
  }

  /**
   * Holding the log's lock, reads the account's leases of the month that are neither closed nor run out at `now`,
   * and writes the lease `decide` sizes from them (none when it gives 0 credits). Returns the lease written, or null.
   */
  take(
    account: string,
    month: string,
    until: Date,
    now: Date,
    decide: (open: readonly CreditLease[]) => number,
  ): CreditLease | null {
    let taken: CreditLease | null = null;
    this.#log.transact((state) => {
      const credits = decide(openOf(state, account, month, now));
      if (credits <= 0) return [];
      taken = { id: randomUUID(), account, month, credits, until: until.toISOString() };
      return [{ type: 'lease_taken', ...taken }];
    }, 'write');
    return taken;
  }

  /** Gives a lease's credits not spent back to every replica: written in a round trip this thread does not wait for. */
  giveBack(id: string): Promise<void> {
    return this.#log.commitSoon([{ type: 'lease_closed', id }], 'write');
  }

  /** As `giveBack`, for the leases still held when the server stops. */
  giveBackNow(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.#log.commitMany(
      ids.map((id) => ({ type: 'lease_closed', id })),
      'write',
    );
  }

  close(): void {
    this.#log.close();
  }
}
