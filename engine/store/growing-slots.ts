// The slots of an open-addressing hash table over numbered entries, grown a step at each insert instead of at once.
import { missing } from '../errors/missing.js';

/**
 * Old slots looked at (and their entries moved to the new ones) at each insert while a growth is under way. A growth
 * starts when the old slots are half full and the new ones hold twice as many, which fill up after a quarter of
 * their size in inserts, that is half the old slots: a step of two slots or more finishes in time, and sixteen long before.
 */
const SLOTS_MOVED_PER_INSERT = 16;
const MIN_SLOTS = 1024;

/**
 * A table that doubles all at once stops the process while it places every entry again: at a million entity ids,
 * over a second, during which no request is answered (measured with live ingestion). Here a growth allocates the
 * new slots, and each later insert moves the entries of a few old slots, in slot order; until the last one has
 * moved, a lookup probes the new slots, then the old ones. A slot holds its entry plus one, 0 for empty; the tables
 * are kept at most half full, so a probe seldom looks past two slots. An entry is a number that the owner of the
 * table maps to its key (an entity index, a position in a column of values).
 */
export class GrowingSlots {
  #slots: Int32Array;
  #old: Int32Array | null = null;
  /** Old slots below this have had their entries placed in the new ones. */
  #moved = 0;
  #count = 0;

  /** `hashOf(entry)`: the hash an entry was placed by, for moving it. `expected`: entries to make room for now. */
  constructor(
    private readonly hashOf: (entry: number) => number,
    expected = 0,
  ) {
    this.#slots = new Int32Array(GrowingSlots.#capacityFor(expected));
  }

  static #capacityFor(entries: number): number {
    let capacity = MIN_SLOTS;
    while (capacity < entries * 2) capacity *= 2;
    return capacity;
  }

  get count(): number {
    return this.#count;
  }

  /** The slots a lookup probes first: every entry placed since the last growth began, and those moved there. */
  get newest(): Int32Array {
    return this.#slots;
  }

  /**
   * While a growth is under way, the slots a lookup probes next (null otherwise). An entry found there is current:
   * the old slots only ever hold entries that exist.
   */
  get previous(): Int32Array | null {
    return this.#old;
  }

  /**
   * The entry placed by `hash` that `matches` (its owner compares the key), probing the newest slots, then the old
   * ones of a growth under way; undefined when none does.
   */
  find(hash: number, matches: (entry: number) => boolean): number | undefined {
    const found = GrowingSlots.#probe(this.#slots, hash, matches);
    return found !== undefined || this.#old === null ? found : GrowingSlots.#probe(this.#old, hash, matches);
  }

  static #probe(slots: Int32Array, hash: number, matches: (entry: number) => boolean): number | undefined {
    const mask = slots.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const s = slots[at] ?? missing('slot');
      if (s === 0) return undefined;
      if (matches(s - 1)) return s - 1;
    }
  }

  /** Places `entry`, whose key the caller has checked is in no table, by `hash`; moves a step of a growth. */
  insert(entry: number, hash: number): void {
    GrowingSlots.#place(this.#slots, entry, hash);
    this.#inserted();
  }

  /**
   * Places `entry` at slot `at` of the newest slots: the empty slot that ended the caller's probe for
   * its key there, which is where `insert` would put it. Saves a second probe on the hot path of a load.
   */
  insertAt(entry: number, at: number): void {
    if (this.#slots[at] !== 0) throw new RangeError(`GrowingSlots.insertAt: slot ${at} is taken`);
    this.#slots[at] = entry + 1;
    this.#inserted();
  }

  #inserted(): void {
    this.#count += 1;
    if (this.#old !== null) this.#move(SLOTS_MOVED_PER_INSERT);
    else if (this.#count * 2 > this.#slots.length) this.#startGrowth();
  }

  /** Room for `entries` entries without a growth, made now and at once (a loader that knows its size). */
  reserve(entries: number): void {
    if (entries * 2 <= this.#slots.length) return;
    this.#finishGrowth();
    const slots = new Int32Array(GrowingSlots.#capacityFor(entries));
    for (const s of this.#slots) if (s !== 0) GrowingSlots.#place(slots, s - 1, this.hashOf(s - 1));
    this.#slots = slots;
  }

  static #place(slots: Int32Array, entry: number, hash: number): void {
    const mask = slots.length - 1;
    let at = hash & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = entry + 1;
  }

  #startGrowth(): void {
    this.#old = this.#slots;
    this.#slots = new Int32Array(this.#old.length * 2);
    this.#moved = 0;
  }

  #move(slots: number): void {
    const old = this.#old ?? missing('the old slots of a growth');
    const end = Math.min(old.length, this.#moved + slots);
    for (let at = this.#moved; at < end; at++) {
      const s = old[at] ?? missing('slot');
      if (s !== 0) GrowingSlots.#place(this.#slots, s - 1, this.hashOf(s - 1));
    }
    this.#moved = end;
    if (end === old.length) this.#old = null;
  }

  #finishGrowth(): void {
    if (this.#old !== null) this.#move(this.#old.length);
  }
}
