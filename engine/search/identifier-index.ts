// Identifier look-up: (scheme, normalised value) → entity, filled from every record's identifiers.
import { missing } from '../errors/missing.js';
import { GrowingSlots } from '../store/growing-slots.js';
import { hashString } from '../store/string-hash.js';
import { StringColumn } from '../store/string-column.js';

/**
 * An open-addressing hash table in typed arrays, as IdIndex is for entity ids: a Map per scheme held one heap
 * entry per identifier (millions at the size of the registers) and took seconds to fill at every load. Each
 * entry keeps its value as text in a column, its scheme as a small code and its entity; the slots (GrowingSlots) hold each
 * entry's position plus one, and grow without a pause.
 */
export class IdentifierIndex {
  readonly #schemes: string[] = [];
  readonly #schemeCodes = new Map<string, number>();
  readonly #values = new StringColumn();
  #scheme = new Uint16Array(1024);
  #entity = new Int32Array(1024);
  /** Entries indexed: a run added from columns leaves a duplicate's value in the column, unindexed. */
  #count = 0;
  readonly #slots = new GrowingSlots((entry) =>
    this.#values.hashAt(entry, (this.#scheme[entry] ?? missing('identifier scheme')) + 1),
  );

  /** `expected`: about how many identifiers will be added (the table grows past it). */
  constructor(expected = 0) {
    if (expected > 0) this.#reserve(expected);
  }

  /** The scheme seeds the hash (as `#values.hashAt` is seeded): one value in two schemes lands apart. */
  static #hash(code: number, value: string): number {
    return hashString(value, code + 1);
  }

  /**
   * Several records can carry one identifier (a company's registry record and its GLEIF record both carry
   * its number). The record whose own id is in that scheme wins, so `lei:X` finds the GLEIF record itself.
   */
  add(scheme: string, value: string, entity: number, ownId: boolean): void {
    const code = this.#codeOf(scheme);
    const hash = IdentifierIndex.#hash(code, value);
    const found = this.#find(code, value, hash);
    if (found !== undefined) {
      if (ownId) this.#entity[found] = entity;
      return;
    }
    const n = this.#values.length;
    if (n === this.#entity.length) this.#growColumns(n + 1);
    this.#values.push(value);
    this.#place(n, code, entity, hash);
  }

  /**
   * Adds a run of identifiers as a snapshot stores them (the loader's path): values as UTF-8 text with where each
   * ends, schemes as codes into `schemes` (16-bit), entities 32-bit, all little-endian. No value is decoded.
   */
  addRun(run: {
    schemes: readonly string[];
    scheme: DataView;
    values: Uint8Array;
    ends: DataView;
    entities: DataView;
    own: Uint8Array;
  }): void {
    const n = run.ends.byteLength >> 2;
    if (run.scheme.byteLength >> 1 !== n || run.entities.byteLength >> 2 !== n || run.own.length !== n)
      throw new Error(`IdentifierIndex.addRun: columns of different lengths for ${n} values`);
    const codes = run.schemes.map((s) => this.#codeOf(s));
    const base = this.#values.length;
    this.#values.pushRun(run.values, run.ends);
    this.#growColumns(base + n);
    this.#slots.reserve(this.#count + n);
    for (let i = 0; i < n; i++) {
      const entry = base + i;
      const code = codes[run.scheme.getUint16(i * 2, true)] ?? missing('identifier scheme code');
      const entity = run.entities.getInt32(i * 4, true);
      const hash = this.#values.hashAt(entry, code + 1);
      const found = this.#findEntry(code, entry, hash);
      if (found === undefined) this.#place(entry, code, entity, hash);
      else if (run.own[i] === 1) this.#entity[found] = entity;
    }
  }

  #codeOf(scheme: string): number {
    let code = this.#schemeCodes.get(scheme);
    if (code === undefined) {
      code = this.#schemes.push(scheme) - 1;
      if (code > 0xffff) throw new Error('IdentifierIndex: more than 65,536 identifier schemes');
      this.#schemeCodes.set(scheme, code);
    }
    return code;
  }

  #place(entry: number, code: number, entity: number, hash: number): void {
    this.#scheme[entry] = code;
    this.#entity[entry] = entity;
    this.#slots.insert(entry, hash);
    this.#count += 1;
  }

  get(scheme: string, value: string): number | undefined {
    const code = this.#schemeCodes.get(scheme);
    if (code === undefined) return undefined;
    const found = this.#find(code, value, IdentifierIndex.#hash(code, value));
    return found === undefined ? undefined : this.#entity[found];
  }

  get size(): number {
    return this.#count;
  }

  #find(code: number, value: string, hash: number): number | undefined {
    return this.#slots.find(hash, (e) => this.#scheme[e] === code && this.#values.equals(e, value));
  }

  /** The indexed entry whose value is the same as column entry `entry`'s, in the same scheme. */
  #findEntry(code: number, entry: number, hash: number): number | undefined {
    return this.#slots.find(hash, (e) => this.#scheme[e] === code && this.#values.sameAt(e, entry));
  }

  /** Room for at least `entries` entries without growing (the loader's path). */
  #reserve(entries: number): void {
    this.#growColumns(entries);
    this.#slots.reserve(entries);
  }

  /** The scheme and entity columns: doubled until they hold `entries` (a copy of typed arrays, quick at any size). */
  #growColumns(entries: number): void {
    let capacity = this.#entity.length;
    while (capacity < entries) capacity *= 2;
    if (capacity === this.#entity.length) return;
    const scheme = new Uint16Array(capacity);
    scheme.set(this.#scheme);
    const entity = new Int32Array(capacity);
    entity.set(this.#entity);
    this.#scheme = scheme;
    this.#entity = entity;
  }
}
