// Metered credits as reported to the payment provider, in a crash-safe log: each batch is written (fsync) before it is
// sent, and marked sent once the provider has it; a batch not marked is sent again, under the same identifier, after
// a restart, so that what was counted is reported and nothing is billed twice.
import { z } from 'zod';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';

export const METER_LOG = 'meter.log';

const BatchSchema = z.object({
  /** The identifier the provider deduplicates on (Stripe's meter event `identifier`, at most 100 characters). */
  id: z.string().max(100),
  account: z.string(),
  /** The calendar month (UTC) the credits were used in, YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  credits: z.number().int().positive(),
  /** The provider's customer billed; null in test mode. */
  customer: z.string().nullable(),
  at: z.string(),
});
export type MeterBatch = z.infer<typeof BatchSchema>;

const EventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('batch'), batch: BatchSchema }),
  z.object({ type: z.literal('sent'), id: z.string(), at: z.string() }),
]);
type MeterEvent = z.infer<typeof EventSchema>;

interface Meter {
  batches: Map<string, MeterBatch & { sent_at: string | null }>;
  /** `<account> <month>` → credits in its batches, sent or not. */
  reported: Map<string, number>;
}

const machine: StateMachine<Meter, MeterEvent> = {
  initial: () => ({ batches: new Map(), reported: new Map() }),
  apply(state, e) {
    if (e.type === 'batch') {
      if (state.batches.has(e.batch.id)) return;
      state.batches.set(e.batch.id, { ...e.batch, sent_at: null });
      const k = `${e.batch.account} ${e.batch.month}`;
      state.reported.set(k, (state.reported.get(k) ?? 0) + e.batch.credits);
      return;
    }
    const batch = state.batches.get(e.id);
    if (batch !== undefined) batch.sent_at ??= e.at;
  },
  *compacted(state) {
    for (const { sent_at, ...batch } of state.batches.values()) {
      yield { type: 'batch', batch };
      if (sent_at !== null) yield { type: 'sent', id: batch.id, at: sent_at };
    }
  },
};

export class MeterLog {
  readonly #log: StateLog<Meter, MeterEvent>;

  constructor(logs: StateLogs, options: { compactAfter?: number; readOnly?: boolean } = {}) {
    this.#log = logs.open(METER_LOG, EventSchema, machine, {
      compactAfter: options.compactAfter ?? 10_000,
      readOnly: options.readOnly ?? false,
    });
  }

  /** Credits of an account's month already in batches (sent or waiting to be). */
  reported(account: string, month: string): number {
    return this.#log.state.reported.get(`${account} ${month}`) ?? 0;
  }

  /** Writes a batch before it is sent (fsync); a batch with an id already written is ignored. */
  add(batch: MeterBatch): void {
    this.#log.commit({ type: 'batch', batch }, 'fsync');
  }

  markSent(id: string, at: Date): void {
    this.#log.commit({ type: 'sent', id, at: at.toISOString() }, 'fsync');
  }

  /** Batches written and not yet acknowledged by the provider, oldest first. */
  pending(): MeterBatch[] {
    return [...this.#log.state.batches.values()].filter((b) => b.sent_at === null).map(({ sent_at: _s, ...b }) => b);
  }

  /** Every batch, with when it was sent (null while pending). */
  all(): Array<MeterBatch & { sent_at: string | null }> {
    this.#log.refresh();
    return [...this.#log.state.batches.values()];
  }

  close(): void {
    this.#log.close();
  }
}
