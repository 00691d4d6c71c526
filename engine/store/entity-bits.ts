// Up to sixteen flags per entity index, in one typed array that grows with the entities flagged.
import { grown } from './grown.js';

/**
 * What a live change has already read of an entity (its snapshot events, its owners of one kind): a Set of entity
 * indexes would keep an entry per entity on the heap and rehash all of them at once when it grows; here it is two
 * bytes per entity, allocated up to the highest entity flagged.
 */
export class EntityBits {
  #bits = new Uint16Array(0);

  has(entity: number, bit: number): boolean {
    return (((this.#bits[entity] ?? 0) >>> bit) & 1) === 1;
  }

  add(entity: number, bit: number): void {
    if (bit < 0 || bit > 15) throw new RangeError(`EntityBits: bit ${bit} is not 0..15`);
    if (entity >= this.#bits.length)
      this.#bits = grown(this.#bits, Math.max(entity + 1, this.#bits.length * 2, 1024), (n) => new Uint16Array(n));
    this.#bits[entity] = (this.#bits[entity] ?? 0) | (1 << bit);
  }
}
