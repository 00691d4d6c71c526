// How many requests one client may have in flight at once: one client cannot hold the process with slow requests.
import type { ServerResponse } from 'node:http';

export class InFlightLimit {
  readonly max: number;
  readonly #counts = new Map<string, number>();

  constructor(max: number) {
    this.max = max;
  }

  /**
   * Counts a request of `client` until its response closes (answered, or the connection dropped); false, counting
   * nothing, when the client already has `max` in flight.
   */
  enter(client: string, res: ServerResponse): boolean {
    const now = this.#counts.get(client) ?? 0;
    if (now >= this.max) return false;
    this.#counts.set(client, now + 1);
    res.once('close', () => {
      const left = (this.#counts.get(client) ?? 1) - 1;
      if (left === 0) this.#counts.delete(client);
      else this.#counts.set(client, left);
    });
    return true;
  }
}
