// Counts attempts per key in a sliding window (failed sign-ins per address and per IP, mails sent per address).

/** Past this many keys, a sweep drops those whose attempts have all left the window: memory stays bounded. */
const SWEEP_AT = 50_000;

export class AttemptLimiter {
  readonly #attempts = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  waitFor(key: string, now: number): number {
    const times = this.#live(key, now);
    if (times.length < this.max) return 0;
    return (times[times.length - this.max] ?? now) + this.windowMs - now;
  }

  record(key: string, now: number): void {
    const times = this.#live(key, now);
    times.push(now);
    this.#attempts.set(key, times);
    if (this.#attempts.size > SWEEP_AT) this.#sweep(now);
  }

  forget(key: string): void {
    this.#attempts.delete(key);
  }

  #live(key: string, now: number): number[] {
    const times = this.#attempts.get(key) ?? [];
    const from = now - this.windowMs;
    let drop = 0;
    while (drop < times.length && (times[drop] ?? 0) <= from) drop++;
    return drop === 0 ? times : times.slice(drop);
  }

  #sweep(now: number): void {
    for (const [key, times] of this.#attempts)
      if ((times[times.length - 1] ?? 0) <= now - this.windowMs) this.#attempts.delete(key);
  }
}
