// What other replicas counted against the same rate limits, learnt in batches: the limiter decides each request
// at once, locally, and the counts are reconciled behind it (engine/app/state/postgres-rate-sharing.ts).

export interface RateSharing {
  /** Requests other replicas let in for `key` in the window starting at `start` (ms since the epoch), as last heard. */
  others(key: string, start: number): number;
  /** Requests this replica let in for `key` in that window that the others have not heard of yet. */
  unheard(key: string, start: number): number;
  /** Replicas sharing the limits, this one included, as last heard (at least 1). */
  readonly replicas: number;
  /** This replica let one request of `key` in, in the window starting at `start`. */
  counted(key: string, start: number): void;
}
