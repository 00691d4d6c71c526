// Counts the companies registered at each address, to tell a formation agent's mass-registration address.
import { addressKey } from '../../engine/addresses/address-key.js';
import type { SharedAddress } from '../../engine/model/views.js';
import { ShardedMap } from '../../engine/store/sharded-map.js';

export class AddressCounter {
  // Millions of addresses at full scale: a single Map would reach V8's 2^24 entry limit.
  readonly #companies = new ShardedMap<number>();

  /** One company's addresses; the same place written twice counts once. */
  count(addresses: readonly string[]): void {
    const keys = new Set<string>();
    for (const a of addresses) {
      const k = addressKey(a);
      if (k !== null) keys.add(k);
    }
    for (const k of keys) this.#companies.set(k, (this.#companies.get(k) ?? 0) + 1);
  }

  /** The address of these shared by the most companies, when at least two companies use it. */
  busiest(addresses: readonly string[]): SharedAddress | null {
    let best: SharedAddress | null = null;
    for (const a of addresses) {
      const k = addressKey(a);
      const companies = k === null ? 0 : (this.#companies.get(k) ?? 0);
      if (companies >= 2 && (best === null || companies > best.companies)) best = { address: a, companies };
    }
    return best;
  }
}
