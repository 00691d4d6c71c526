// Metered usage, requests and credits per caller (API key or anonymous client IP) per UTC day, in a state log.
import { z } from 'zod';
import type { StateLog, StateLogs, StateMachine } from '../../state/state-log.js';

export const USAGE_FILE = 'usage.log';

/** `key:<key id>` for a keyed caller, `ip:<address>` for an anonymous one. */
export type Subject = `key:${string}` | `ip:${string}`;

export interface Counts {
  requests: number;
  credits: number;
}

/** One event adds to one subject's counts of one day; compaction folds them to one event per subject and day. */
const CountEvent = z.object({
  subject: z.string().regex(/^(key|ip):./),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  requests: z.number().int().nonnegative(),
  credits: z.number().int().nonnegative(),
  /** When the last request it counts was made (ISO 8601); absent in logs written before it was kept. */
  at: z.string().optional(),
  /** The credit lease (credit-leases.ts) the credits were spent from, by replicas sharing the log. */
  lease: z.string().optional(),
});
/** What was spent from one lease, as compaction keeps it once the counts are folded by day. */
const LeaseSpentEvent = z.object({ lease: z.string(), spent: z.number().int().nonnegative(), at: z.string() });
const UsageEvent = z.union([CountEvent, LeaseSpentEvent]);
type CountEvent = z.infer<typeof CountEvent>;
type UsageEvent = z.infer<typeof UsageEvent>;

interface Usage {
  /** Subject → day → counts. */
  days: Map<string, Map<string, Counts>>;
  /** Subject → the instant of its last request. */
  last: Map<string, string>;
  /** Lease → the credits spent from it, and when last. */
  leases: Map<string, { spent: number; at: string }>;
}

/** What was spent from a lease is kept by compaction for this long after its last count: leases last minutes. */
const LEASE_KEPT_MS = 24 * 60 * 60 * 1000;

function spend(state: Usage, lease: string, credits: number, at: string): void {
  const held = state.leases.get(lease);
  if (held === undefined) state.leases.set(lease, { spent: credits, at });
  else {
    held.spent += credits;
    if (at > held.at) held.at = at;
  }
}

const machine: StateMachine<Usage, UsageEvent> = {
  initial: () => ({ days: new Map(), last: new Map(), leases: new Map() }),
  apply(state, e) {
    if ('spent' in e) return spend(state, e.lease, e.spent, e.at);
    if (e.lease !== undefined) spend(state, e.lease, e.credits, e.at ?? '');
    if (e.at !== undefined && (state.last.get(e.subject) ?? '') < e.at) state.last.set(e.subject, e.at);
    let days = state.days.get(e.subject);
    if (days === undefined) state.days.set(e.subject, (days = new Map<string, Counts>()));
    const c = days.get(e.day);
    if (c === undefined) days.set(e.day, { requests: e.requests, credits: e.credits });
    else {
      c.requests += e.requests;
      c.credits += e.credits;
    }
  },
  *compacted(state) {
    for (const [subject, days] of state.days) {
      const at = state.last.get(subject);
      for (const [day, c] of days)
        yield { subject, day, requests: c.requests, credits: c.credits, ...(at?.startsWith(day) ? { at } : {}) };
    }
    const kept = new Date(Date.now() - LEASE_KEPT_MS).toISOString();
    for (const [lease, { spent, at }] of state.leases) if (at > kept) yield { lease, spent, at };
  },
};

export interface SubjectUsage {
  subject: Subject;
  total: Counts;
  /** Newest day first. */
  days: ({ day: string } & Counts)[];
}

export class UsageStore {
  readonly #log: StateLog<Usage, UsageEvent>;
  /** Counts waiting for this turn's group write (`recordSoon`). */
  #pending: Array<{ event: CountEvent; resolve: () => void; reject: (err: unknown) => void }> = [];
  /** When other processes' counts were last read (ms since the epoch). */
  #refreshed = 0;
  /** A group is on its way (a shared log's round trip): the next waits for it. */
  #writing = false;

  private constructor(log: StateLog<Usage, UsageEvent>) {
    this.#log = log;
  }

  /** `compactAfter` lines appended: the log is rewritten as one line per subject and day. */
  static open(logs: StateLogs, options: { readOnly?: boolean; compactAfter?: number } = {}): UsageStore {
    const log = logs.open(USAGE_FILE, UsageEvent, machine, {
      readOnly: options.readOnly ?? false,
      compactAfter: options.compactAfter ?? 20_000,
      // The server is the one writer of usage: holding the lock for its life makes each count a single write(2).
      exclusive: !(options.readOnly ?? false),
    });
    return new UsageStore(log);
  }

  /**
   * Counts one request, written (one write(2), no fsync) before the caller is answered: a crash of the process
   * loses no answered request's count; a power cut may lose the last few, which is the price of not syncing
   * the disk on every request.
   */
  record(subject: Subject, credits: number, now: Date): void {
    this.#log.commit(countOf(subject, credits, now), 'write');
  }

  /**
   * Counts one request in a group commit: every count recorded in this turn of the event loop is written with one
   * write(2) just after it, and the promise resolves once that write has returned (or rejects when it failed).
   * The guarantee is `record`'s (the caller answers only after its count is written) at one system call per turn
   * instead of one per request. `lease`: the credit lease the credits were spent from (credit-leases.ts).
   */
  recordSoon(subject: Subject, credits: number, now: Date, lease?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({
        event: { ...countOf(subject, credits, now), ...(lease === undefined ? {} : { lease }) },
        resolve,
        reject,
      });
      if (this.#pending.length === 1) setImmediate(() => this.#flush());
    });
  }

  /**
   * Reads what other replicas counted, at most every 50 ms: their counts move with every request they answer,
   * and a read per request would cost a round trip per request.
   */
  #fresh(now = Date.now()): void {
    if (now - this.#refreshed < 50) return;
    this.#refreshed = now;
    this.#log.refresh();
  }

  /**
   * Writes the counts waiting: a file with one write(2) per turn; a shared log in a round trip this thread does not
   * wait for, and while one is on its way the counts of the turns meanwhile wait for it and go together in the
   * next, so that the round trip's latency grows the groups rather than queueing them.
   */
  #flush(): void {
    if (this.#writing) return;
    const group = this.#pending;
    if (group.length === 0) return;
    this.#pending = [];
    this.#writing = true;
    this.#log
      .commitSoon(folded(group.map((p) => p.event)), 'write')
      .then(
        () => {
          for (const p of group) p.resolve();
        },
        (err: unknown) => {
          for (const p of group) p.reject(err);
        },
      )
      .finally(() => {
        this.#writing = false;
        this.#flush();
      });
  }

  /** Writes the counts still waiting, before the log is closed. */
  #flushNow(): void {
    const group = this.#pending;
    if (group.length === 0) return;
    this.#pending = [];
    try {
      this.#log.commitMany(folded(group.map((p) => p.event)), 'write');
    } catch (err) {
      for (const p of group) p.reject(err);
      return;
    }
    for (const p of group) p.resolve();
  }

  /** One subject's counts by day (YYYY-MM-DD), as far as they are written (by other replicas: 50 ms ago at most). */
  daysOf(subject: Subject): ReadonlyMap<string, Readonly<Counts>> {
    this.#fresh();
    return this.#log.state.days.get(subject) ?? new Map<string, Counts>();
  }

  /** The credits a subject spent from `fromDay` on (inclusive, YYYY-MM-DD), before `untilDay` when given. */
  creditsSince(subject: Subject, fromDay: string, untilDay = '9999-12-31'): number {
    let credits = 0;
    for (const [day, c] of this.daysOf(subject)) if (day >= fromDay && day < untilDay) credits += c.credits;
    return credits;
  }

  /** When the subject's last counted request was made; null when none is. */
  lastUsed(subject: Subject): string | null {
    this.#fresh();
    return this.#log.state.last.get(subject) ?? null;
  }

  /** The credits spent from a lease, as far as they are written (and read: `sync` reads every replica's). */
  spentFrom(lease: string): number {
    return this.#log.state.leases.get(lease)?.spent ?? 0;
  }

  /** Reads every count written up to now by every replica, whether or not a notice of it has come yet. */
  sync(): void {
    this.#log.sync();
  }

  /** Every subject's usage, the heaviest users (by credits) first. */
  report(): SubjectUsage[] {
    this.#log.refresh();
    const out: SubjectUsage[] = [];
    for (const [subject, days] of this.#log.state.days) {
      const total: Counts = { requests: 0, credits: 0 };
      const list = [...days].map(([day, c]) => {
        total.requests += c.requests;
        total.credits += c.credits;
        return { day, ...c };
      });
      list.sort((a, b) => (a.day < b.day ? 1 : -1));
      out.push({ subject: subject as Subject, total, days: list });
    }
    return out.sort(
      (a, b) =>
        b.total.credits - a.total.credits || b.total.requests - a.total.requests || (a.subject < b.subject ? -1 : 1),
    );
  }

  close(): void {
    this.#flushNow(); // counts of requests still waiting for their answer are written, not dropped
    this.#log.close();
  }
}

/**
 * A group's counts as one event per subject, day and credit lease, as compaction folds them: what is written and
 * read again shrinks with the group (a busy client's turn of thirty requests is one row, not thirty).
 */
function folded(events: readonly CountEvent[]): CountEvent[] {
  const out = new Map<string, CountEvent>();
  for (const e of events) {
    const key = `${e.subject}\u0000${e.day}\u0000${e.lease ?? ''}`;
    const held = out.get(key);
    if (held === undefined) out.set(key, { ...e });
    else {
      held.requests += e.requests;
      held.credits += e.credits;
      if (e.at !== undefined && (held.at === undefined || e.at > held.at)) held.at = e.at;
    }
  }
  return [...out.values()];
}

const countOf = (subject: Subject, credits: number, now: Date): CountEvent => {
  const at = now.toISOString();
  return { subject, day: at.slice(0, 10), requests: 1, credits, at };
};
