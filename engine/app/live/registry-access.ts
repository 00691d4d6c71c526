// What an operation may ask of the live registry: a company refreshed, and the registry's own search.
import type { RefreshOutcome } from './company-refresher.js';

export interface RegistryHit {
  company_number: string;
  name: string;
  status: string | null;
  address: string | null;
  incorporated_on: string | null;
}

export interface RegistryAccess {
  /** How long a lookup waits for the registry before answering from what the corpus holds. */
  readonly deadlineMs: number;
  /** Refreshes the company (unless fresh) and the UK companies up its ownership chain; `caller` spends its share. */
  refresh(number: string, caller?: string): Promise<RefreshOutcome>;
  /** The registry's company search, its hits added to the corpus when it did not hold them; null when it failed. */
  search(query: string, limit: number, caller?: string): Promise<RegistryHit[] | null>;
}
