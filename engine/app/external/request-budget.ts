// A budget of requests to an outside service (Companies House: 600 per 5 minutes per key), shared by the process.
//
// Requests are let out in order of priority (a person's or an agent's lookup first, then the climb of an ownership
// chain, then background work), first come first served within one priority, never more than `limit` within any
// `windowMs`, and no caller more than its share of that. When the service itself says 429, nothing is sent until the
// pause it asked for is over. Replicas that share the budget (`shared`) also ask, for each request let out here,
// whether all of them together still have room, and the caller its share; the request waits until they do, or
// until its deadline.
import type { SharedBudget, SharedTake } from './shared-budget.js';

export const PRIORITIES = ['interactive', 'climb', 'background'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface RequestBudgetOptions {
  /** Requests allowed within any window. */
  limit: number;
  windowMs: number;
  /** The part of `limit` one caller may use within a window (0-1]; callers without a name are not capped. */
  callerShare: number;
  /** The clock, in milliseconds (a test's own). */
  now?: () => number;
  /** The budget as replicas share it, under this name (one per key of the service); none: this process alone. */
  shared?: { budget: SharedBudget; name: string } | null;
}

/** How often a request the replicas together have no room for asks again. */
const SHARED_RETRY_MS = 250;

/** Why a request could not be let out before its deadline. */
export class BudgetExhausted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExhausted';
  }
}

interface Waiter {
  priority: number;
  order: number;
  caller: string | null;
  deadline: number;
  resolve: () => void;
  reject: (err: BudgetExhausted) => void;
}

export class RequestBudget {
  readonly limit: number;
  readonly windowMs: number;
  readonly #perCaller: number;
  readonly #now: () => number;
  readonly #shared: { budget: SharedBudget; name: string } | null;
  /** When each request of the current window was let out, oldest first. */
  #sent: number[] = [];
  readonly #byCaller = new Map<string, number[]>();
  #waiting: Waiter[] = [];
  #order = 0;
  #pausedUntil = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: RequestBudgetOptions) {
    if (!(options.callerShare > 0 && options.callerShare <= 1)) throw new RangeError('callerShare must be in (0, 1]');
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.#perCaller = Math.max(1, Math.floor(options.limit * options.callerShare));
    this.#now = options.now ?? Date.now;
    this.#shared = options.shared ?? null;
  }

  /**
   * Resolves when one request may be sent, counting it; rejects with `BudgetExhausted` when that cannot happen within
   * `deadlineMs` (counting nothing, unless the replicas together had no room: then it stays counted here).
   */
  async acquire(options: { priority: Priority; caller?: string; deadlineMs: number }): Promise<void> {
    const deadline = this.#now() + options.deadlineMs;
    await this.#acquireHere(options);
    const shared = this.#shared;
    if (shared === null) return;
    const caller = options.caller === undefined ? undefined : { name: options.caller, limit: this.#perCaller };
    for (;;) {
      let outcome: SharedTake;
      try {
        outcome = await shared.budget.take(shared.name, this.limit, this.windowMs, caller);
      } catch (err) {
        // Unknown is not room: the budget is never overrun because the count could not be read.
        throw new BudgetExhausted(
          `the budget shared by the replicas could not be counted (${err instanceof Error ? err.message : String(err)})`,
        );
      }
      if (outcome === 'taken') return;
      const left = deadline - this.#now();
      if (left <= 0)
        throw new BudgetExhausted(
          outcome === 'caller-spent'
            ? `this caller has used its share (${this.#perCaller} requests per ${this.windowMs / 1000} s) on the replicas together`
            : `the budget of ${this.limit} requests per ${this.windowMs / 1000} s is spent by the replicas together`,
        );
      await new Promise((resolve) => setTimeout(resolve, Math.min(SHARED_RETRY_MS, left)));
    }
  }

  #acquireHere(options: { priority: Priority; caller?: string; deadlineMs: number }): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        priority: PRIORITIES.indexOf(options.priority),
        order: this.#order++,
        caller: options.caller ?? null,
        deadline: this.#now() + options.deadlineMs,
        resolve,
        reject,
      });
      this.#waiting.sort((a, b) => a.priority - b.priority || a.order - b.order);
      this.#dispatch();
    });
  }

  /** The service answered 429: nothing more is sent for `ms`. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + ms);
    this.#dispatch();
  }

  /** Requests let out within the current window (for status pages and tests). */
  get used(): number {
    this.#forget(this.#now());
    return this.#sent.length;
  }

  #forget(now: number): void {
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < this.#sent.length && (this.#sent[drop] ?? 0) <= cutoff) drop++;
    if (drop > 0) this.#sent = this.#sent.slice(drop);
    for (const [caller, times] of this.#byCaller) {
      const kept = times.filter((t) => t > cutoff);
      if (kept.length === 0) this.#byCaller.delete(caller);
      else this.#byCaller.set(caller, kept);
    }
  }

  /** Lets out every waiter that may go now, expires those past their deadline, and sets a timer for the rest. */
  #dispatch(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const now = this.#now();
    this.#forget(now);
    const still: Waiter[] = [];
    for (const w of this.#waiting) {
      if (w.deadline <= now) {
        w.reject(new BudgetExhausted(this.#why(w, now)));
        continue;
      }
      const callerUsed = w.caller === null ? 0 : (this.#byCaller.get(w.caller)?.length ?? 0);
      if (now >= this.#pausedUntil && this.#sent.length < this.limit && callerUsed < this.#perCaller) {
        this.#sent.push(now);
        if (w.caller !== null) this.#byCaller.set(w.caller, [...(this.#byCaller.get(w.caller) ?? []), now]);
        w.resolve();
      } else still.push(w);
    }
    this.#waiting = still;
    if (still.length === 0) return;
    // The next moment anything can change: a pause ends, a request leaves the window, or a deadline passes.
    const oldest = this.#sent[0];
    const candidates = [
      this.#pausedUntil > now ? this.#pausedUntil : Number.POSITIVE_INFINITY,
      oldest === undefined ? Number.POSITIVE_INFINITY : oldest + this.windowMs,
      ...[...this.#byCaller.values()].map((times) => (times[0] ?? now) + this.windowMs),
      ...still.map((w) => w.deadline),
    ];
    const wake = Math.max(now + 1, Math.min(...candidates));
    // Not unref'd: a waiting request is work in progress, and its deadline bounds how long it keeps the process up.
    this.#timer = setTimeout(() => this.#dispatch(), wake - now);
  }

  #why(w: Waiter, now: number): string {
    if (now < this.#pausedUntil) return 'the service asked for a pause (429) that outlasts the deadline';
    const callerUsed = w.caller === null ? 0 : (this.#byCaller.get(w.caller)?.length ?? 0);
    if (callerUsed >= this.#perCaller)
      return `this caller has used its share (${this.#perCaller} requests per ${this.windowMs / 1000} s)`;
    return `the budget of ${this.limit} requests per ${this.windowMs / 1000} s is spent`;
  }
}
