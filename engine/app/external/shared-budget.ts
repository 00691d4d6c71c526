// The budget of an outside service as replicas share it: one key, one budget, whichever replica sends.

export interface SharedBudget {
  /**
   * Counts one request of budget `name` if the replicas together sent fewer than `limit` within the last
   * `windowMs`; false when they did (the request must wait). Rejects when the count cannot be reached.
   */
  take(name: string, limit: number, windowMs: number): Promise<boolean>;
}
