// The budget of an outside service as replicas share it: one key, one budget, whichever replica sends.

/** One caller's part of a shared budget: its name, and how many of the window's requests it may send. */
export interface BudgetCaller {
  name: string;
  limit: number;
}

/** Whether a request was counted, or why not: the replicas together used the budget, or the caller its share. */
export type SharedTake = 'taken' | 'budget-spent' | 'caller-spent';

export interface SharedBudget {
  /**
   * Counts one request of budget `name` if the replicas together sent fewer than `limit` within the last `windowMs`
   * and, when a caller is named, that caller fewer than its limit, whichever replicas it asked; otherwise counts
   * nothing and says which was spent (the request must wait). Rejects when the count cannot be reached.
   */
  take(name: string, limit: number, windowMs: number, caller?: BudgetCaller): Promise<SharedTake>;
}
