// Identifier look-up: (scheme, normalised value) → entity, filled from every record's identifiers.
import { missing } from '../errors/missing.js';
import { hashString } from '../store/string-hash.js';

/**
 * An open-addressing hash table in typed arrays, as IdIndex is for entity ids: a Map per scheme held one heap
 * entry per identifier (millions at the size of the registers) and took seconds to fill at every load. Each
 * entry keeps its value string, its scheme as a small code and its entity; a slot holds the entry's position
 * plus one. The table is kept at most half full.
 */
export class IdentifierIndex {
  readonly #schemes: string[] = [];
  readonly #schemeCodes = new Map<string, number>();
  readonly #values: string[] = [];
  #scheme = new Uint16Array(1024);
  #entity = new Int32Array(1024);
  #slots = new Int32Array(2048);

  /** `expected`: about how many identifiers will be added (the table grows past it). */
  constructor(expected = 0) {
    if (expected > 0) this.#resize(expected);
  }

  /**
   * Several records can carry one identifier (a company's registry record and its GLEIF record both carry
   * its number). The record whose own id is in that scheme wins, so `lei:X` finds the GLEIF record itself.
   */
  add(scheme: string, value: string, entity: number, ownId: boolean): void {
    let code = this.#schemeCodes.get(scheme);
    if (code === undefined) {
      code = this.#schemes.push(scheme) - 1;
      if (code > 0xffff) throw new Error('IdentifierIndex: more than 65,536 identifier schemes');
      this.#schemeCodes.set(scheme, code);
    }
    const found = this.#find(code, value);
    if (found !== undefined) {
      if (ownId) this.#entity[found] = entity;
      return;
    }
    const n = this.#values.length;
    if ((n + 1) * 2 > this.#slots.length || n === this.#entity.length) this.#resize(n + 1);
    this.#values.push(value);
    this.#scheme[n] = code;
    this.#entity[n] = entity;
    this.#place(n);
  }

  get(scheme: string, value: string): number | undefined {
    const code = this.#schemeCodes.get(scheme);
    if (code === undefined) return undefined;
    const found = this.#find(code, value);
    return found === undefined ? undefined : this.#entity[found];
  }

  get size(): number {
    return this.#values.length;
  }

  #find(code: number, value: string): number | undefined {
    const slots = this.#slots;
    const mask = slots.length - 1;
    for (let at = hashString(value, code + 1) & mask; ; at = (at + 1) & mask) {
      const s = slots[at] ?? missing('identifier slot');
      if (s === 0) return undefined;
      if (this.#scheme[s - 1] === code && this.#values[s - 1] === value) return s - 1;
    }
  }

  #place(entry: number): void {
    const slots = this.#slots;
    const mask = slots.length - 1;
    let at =
      hashString(
        this.#values[entry] ?? missing('identifier value'),
        (this.#scheme[entry] ?? missing('identifier scheme')) + 1,
      ) & mask;
    while (slots[at] !== 0) at = (at + 1) & mask;
    slots[at] = entry + 1;
  }

  /** Room for at least `entries` entries, with the table at most half full. */
  #resize(entries: number): void {
    let capacity = this.#entity.length;
    while (capacity < entries) capacity *= 2;
    if (capacity !== this.#entity.length) {
      const scheme = new Uint16Array(capacity);
      scheme.set(this.#scheme);
      const entity = new Int32Array(capacity);
      entity.set(this.#entity);
      this.#scheme = scheme;
      this.#entity = entity;
    }
    let slots = this.#slots.length;
    while (slots < entries * 2) slots *= 2;
    if (slots === this.#slots.length) return;
    this.#slots = new Int32Array(slots);
    for (let e = 0; e < this.#values.length; e++) this.#place(e);
  }
}
