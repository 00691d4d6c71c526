// Current ownership and control links as typed columns, grouped by owner once all are in.
import { missing } from '../errors/missing.js';
import { grown } from '../store/grown.js';
import type { OwnershipLink } from './ownership-link.js';

/**
 * A build meets millions of ownership links: as objects in arrays under a Map of owners they were gigabytes of heap
 * at 20M entities. Here a link is 25 bytes in doubling columns; `group` sorts them by owner (a counting sort into
 * compressed rows), after which `from` visits an owner's links and no link may be added.
 */
export class OwnershipColumns {
  #owner = new Int32Array(1024);
  #owned = new Int32Array(1024);
  /** Share band; NaN for a link without a known share. */
  #min = new Float64Array(1024);
  #max = new Float64Array(1024);
  #control = new Uint8Array(1024);
  #count = 0;
  /** After grouping: where each owner's links start in `#byOwner` (one more entry than owners). */
  #starts: Uint32Array | null = null;
  #byOwner = new Uint32Array(0);

  get size(): number {
    return this.#count;
  }

  push(link: OwnershipLink): void {
    if (this.#starts !== null) throw new Error('OwnershipColumns: a link added after the links were grouped');
    if (this.#count === this.#owner.length) this.#grow();
    const i = this.#count++;
    this.#owner[i] = link.owner;
    this.#owned[i] = link.owned;
    this.#min[i] = link.share?.min ?? Number.NaN;
    this.#max[i] = link.share?.max ?? Number.NaN;
    this.#control[i] = link.control ? 1 : 0;
  }

  #grow(): void {
    const size = this.#owner.length * 2;
    this.#owner = grown(this.#owner, size, (n) => new Int32Array(n));
    this.#owned = grown(this.#owned, size, (n) => new Int32Array(n));
    this.#min = grown(this.#min, size, (n) => new Float64Array(n));
    this.#max = grown(this.#max, size, (n) => new Float64Array(n));
    this.#control = grown(this.#control, size, (n) => new Uint8Array(n));
  }

  /** Visits the links from `owner`, in the order they were added (only after `group`). */
  from(owner: number, visit: (link: OwnershipLink) => void): void {
    const starts = this.#starts ?? missing('links grouped by owner');
    const end = starts[owner + 1] ?? 0;
    for (let k = starts[owner] ?? 0; k < end; k++) {
      const i = this.#byOwner[k] ?? missing('grouped link');
      const min = this.#min[i] ?? Number.NaN;
      visit({
        owner,
        owned: this.#owned[i] ?? missing('owned entity'),
        share: Number.isNaN(min) ? null : { min, max: this.#max[i] ?? min },
        control: this.#control[i] === 1,
      });
    }
  }

  /** Groups the links by owner, every owner below `entityCount`; once. */
  group(entityCount: number): void {
    if (this.#starts !== null) return;
    const starts = new Uint32Array(entityCount + 1);
    for (let i = 0; i < this.#count; i++) {
      const o = (this.#owner[i] ?? missing('owner')) + 1;
      starts[o] = (starts[o] ?? 0) + 1;
    }
    for (let o = 1; o <= entityCount; o++) starts[o] = (starts[o] ?? 0) + (starts[o - 1] ?? 0);
    const next = starts.slice(0, entityCount);
    const byOwner = new Uint32Array(this.#count);
    for (let i = 0; i < this.#count; i++) {
      const o = this.#owner[i] ?? missing('owner');
      const at = next[o] ?? missing('owner slot');
      byOwner[at] = i;
      next[o] = at + 1;
    }
    this.#starts = starts;
    this.#byOwner = byOwner;
  }
}
