// Counts the companies registered at each address, to tell a formation agent's mass-registration address.
import { addressKey } from '../../engine/addresses/address-key.js';
import type { SharedAddress } from '../../engine/model/views.js';
import { HashCounts } from '../../engine/store/hash-counts.js';

export class AddressCounter {
  // Millions of addresses at full scale: kept as hashes, not strings (HashCounts).
  readonly #companies = new HashCounts();

  /** One company's addresses; the same place written twice counts once. */
  count(addresses: readonly string[]): void {
    const keys = new Set<number>();
    for (const a of addresses) {
      const k = addressKey(a);
      if (k !== null) keys.add(HashCounts.keyOf(k));
    }
    for (const k of keys) this.#companies.increment(k);
  }

  /** The address of these shared by the most companies, when at least two companies use it. */
  busiest(addresses: readonly string[]): SharedAddress | null {
    let best: SharedAddress | null = null;
    for (const a of addresses) {
      const k = addressKey(a);
      const companies = k === null ? 0 : this.#companies.count(HashCounts.keyOf(k));
      if (companies >= 2 && (best === null || companies > best.companies)) best = { address: a, companies };
    }
    return best;
  }
}
