// All entities of a loaded snapshot: hot fields in columns for search and hits, full records in a RecordStore.
import { ENTITY_TYPES, RISK_LEVELS, type EntityType, type RiskLevel } from '../model/records.js';
import type { EntityHit, StoredEntity } from '../model/views.js';
import { missing } from '../errors/missing.js';
import { PagedColumn } from './paged-column.js';
import { PagedList } from './paged-list.js';
import { RecordStore } from './record-store.js';
import { IdIndex } from './id-index.js';
import { StringColumn } from './string-column.js';

/** A small code table: the columns store a code's position, not the string. */
export class CodeTable {
  readonly codes: string[] = [];
  readonly #pos = new Map<string, number>();

  intern(code: string): number {
    let p = this.#pos.get(code);
    if (p === undefined) {
      p = this.codes.length;
      this.codes.push(code);
      this.#pos.set(code, p);
    }
    return p;
  }

  find(code: string): number | undefined {
    return this.#pos.get(code);
  }
}

const NO_JURISDICTION = 0xffff;

export class EntityTable {
  readonly ids: StringColumn;
  readonly names: StringColumn;
  readonly jurisdictions = new CodeTable();
  readonly sources = new CodeTable();
  readonly #byId: IdIndex;
  #types: Uint8Array;
  #risks: Uint8Array;
  #juris: Uint16Array;
  #source: Uint8Array;
  #cluster: Int32Array;
  #records = new RecordStore<StoredEntity>();
  /**
   * Roles derived again after a live change, by entity, over those of its stored record (its risk is the risk
   * column): a new owner's roles change with its first relationship, and writing its whole record again for that
   * would pack it twice and leave the first copy in the tail. By entity, its slot in `#roles` (-1: none yet), kept
   * for the entity's later derivations; a slot holding undefined has nothing derived over the stored record. A Map
   * of them grows by placing every entry again at once, a pause at hundreds of thousands of entities.
   */
  readonly #derivedRoles = new PagedColumn((n) => new Int32Array(n), -1);
  readonly #roles = new PagedList<string[] | undefined>();

  constructor(expected: number) {
    this.ids = new StringColumn(expected, expected * 16);
    this.names = new StringColumn(expected, expected * 24);
    this.#byId = new IdIndex(this.ids, expected);
    this.#types = new Uint8Array(expected);
    this.#risks = new Uint8Array(expected);
    this.#juris = new Uint16Array(expected);
    this.#source = new Uint8Array(expected);
    this.#cluster = new Int32Array(expected);
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * Appends a run of entities from columns (the loader's path: no record is decoded, nor any id or name). Ids and
   * names come as UTF-8 bytes with where each ends (32-bit); codes are the positions in ENTITY_TYPES and
   * RISK_LEVELS, in `jurisdictions` (16-bit) and in `sources`; `clusters` holds the entity index of each one's
   * canonical record. Multi-byte columns are little-endian, as the snapshot stores them.
   */
  addColumns(c: {
    ids: { bytes: Uint8Array; ends: DataView };
    names: { bytes: Uint8Array; ends: DataView };
    types: Uint8Array;
    risks: Uint8Array;
    jurisdictions: { codes: readonly string[]; of: DataView };
    sources: { codes: readonly string[]; of: Uint8Array };
    clusters: Int32Array;
  }): void {
    const base = this.ids.length;
    const n = c.ids.ends.byteLength >> 2;
    for (const [what, length] of [
      ['names', c.names.ends.byteLength >> 2],
      ['types', c.types.length],
      ['risks', c.risks.length],
      ['jurisdictions', c.jurisdictions.of.byteLength >> 1],
      ['sources', c.sources.of.length],
      ['clusters', c.clusters.length],
    ] as const)
      if (length !== n) throw new Error(`EntityTable.addColumns: ${length} ${what} for ${n} ids`);
    while (base + n > this.#types.length) this.#grow();
    this.ids.pushRun(c.ids.bytes, c.ids.ends);
    this.names.pushRun(c.names.bytes, c.names.ends);
    const juris = c.jurisdictions.codes.map((j) => (j === '' ? NO_JURISDICTION : this.jurisdictions.intern(j)));
    const sources = c.sources.codes.map((s) => this.sources.intern(s));
    for (let i = 0; i < n; i++) {
      const ix = base + i;
      if (!this.#byId.add(ix)) throw new Error(`EntityTable.addColumns: duplicate entity id "${this.ids.at(ix)}"`);
      this.#juris[ix] = juris[c.jurisdictions.of.getUint16(i * 2, true)] ?? missing('jurisdiction');
      this.#source[ix] = sources[c.sources.of[i] ?? missing('source code')] ?? missing('source');
    }
    this.#types.set(c.types, base);
    this.#risks.set(c.risks, base);
    this.#cluster.set(c.clusters, base);
  }

  /** Adds an entity after those loaded (a live change); returns its index. */
  append(entity: StoredEntity, cluster?: number): number {
    if (this.#records.size !== this.ids.length)
      throw new Error(`EntityTable.append: ${this.#records.size} records for ${this.ids.length} entities`);
    const ix = this.ids.length;
    if (ix === this.#types.length) this.#grow();
    this.ids.push(entity.id);
    if (!this.#byId.add(ix)) {
      this.ids.pop();
      throw new Error(`EntityTable.append: duplicate entity id "${entity.id}"`);
    }
    this.names.push(entity.name);
    this.#cluster[ix] = cluster ?? ix;
    this.#setColumns(ix, entity);
    this.#records.append(entity);
    return ix;
  }

  /** Replaces the record of entity `ix` (same id) and its columns, seen by every later read. */
  update(ix: number, entity: StoredEntity, cluster?: number): void {
    const id = this.ids.at(ix);
    if (id !== entity.id) throw new Error(`EntityTable.update: entity ${ix} is "${id}", not "${entity.id}"`);
    this.names.set(ix, entity.name);
    if (cluster !== undefined) this.#cluster[ix] = cluster;
    this.#setColumns(ix, entity);
    this.#records.replace(ix, entity);
    const derived = this.#derivedRoles.get(ix);
    if (derived >= 0) this.#roles.set(derived, undefined);
  }

  /** Gives entity `ix` the roles and risk derived again from the corpus, seen by every later read of its record. */
  setDerived(ix: number, roles: string[], risk: RiskLevel): void {
    if (ix < 0 || ix >= this.size) throw new RangeError(`EntityTable.setDerived: entity ${ix} out of range`);
    this.#risks[ix] = RISK_LEVELS.indexOf(risk);
    const derived = this.#derivedRoles.get(ix);
    if (derived >= 0) this.#roles.set(derived, roles);
    else this.#derivedRoles.set(ix, this.#roles.push(roles));
  }

  #setColumns(ix: number, entity: StoredEntity): void {
    this.#types[ix] = ENTITY_TYPES.indexOf(entity.type);
    this.#risks[ix] = RISK_LEVELS.indexOf(entity.risk);
    this.#juris[ix] = entity.jurisdiction === null ? NO_JURISDICTION : this.jurisdictions.intern(entity.jurisdiction);
    this.#source[ix] = this.sources.intern(entity.source);
  }

  indexOf(id: string): number | undefined {
    return this.#byId.get(id);
  }

  type(ix: number): EntityType {
    return ENTITY_TYPES[this.#types[ix] ?? missing('entity type code')] ?? missing('entity type');
  }

  risk(ix: number): RiskLevel {
    return RISK_LEVELS[this.#risks[ix] ?? missing('risk level code')] ?? missing('risk level');
  }

  typeCode(ix: number): number {
    return this.#types[ix] ?? missing('entity type code');
  }

  riskCode(ix: number): number {
    return this.#risks[ix] ?? missing('risk level code');
  }

  jurisdictionCode(ix: number): number {
    return this.#juris[ix] ?? missing('jurisdiction code');
  }

  jurisdiction(ix: number): string | null {
    const j = this.#juris[ix] ?? missing('jurisdiction code');
    return j === NO_JURISDICTION ? null : (this.jurisdictions.codes[j] ?? null);
  }

  source(ix: number): string {
    return this.sources.codes[this.#source[ix] ?? missing('source code')] ?? 'unknown';
  }

  /** Index of the canonical record of the entity's cluster (itself when it stands alone). */
  cluster(ix: number): number {
    return this.#cluster[ix] ?? missing('entity cluster');
  }

  hit(ix: number): EntityHit {
    return {
      id: this.ids.at(ix) ?? missing('entity id'),
      name: this.names.at(ix) ?? missing('entity name'),
      type: this.type(ix),
      jurisdiction: this.jurisdiction(ix),
      risk: this.risk(ix),
      source: this.source(ix),
    };
  }

  record(ix: number): StoredEntity {
    const record = this.#records.get(ix);
    if (this.#roles.length === 0) return record;
    // A record is decoded afresh at every read: what was derived since it was stored goes into this copy.
    const derived = this.#derivedRoles.get(ix);
    const roles = derived < 0 ? undefined : this.#roles.at(derived);
    if (roles !== undefined) {
      record.roles = [...roles];
      record.risk = this.risk(ix);
    }
    return record;
  }

  /** The full records, in the order the entities were added. */
  useRecords(store: RecordStore<StoredEntity>): void {
    if (store.size !== this.ids.length)
      throw new Error(`EntityTable.useRecords: ${store.size} records for ${this.ids.length} entities`);
    this.#records = store;
  }

  get recordBytes(): number {
    return this.#records.bytes;
  }

  #grow(): void {
    const n = Math.max(1024, this.#types.length * 2);
    const grow = <A extends Uint8Array | Uint16Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.#types = grow(this.#types, (k) => new Uint8Array(k));
    this.#risks = grow(this.#risks, (k) => new Uint8Array(k));
    this.#juris = grow(this.#juris, (k) => new Uint16Array(k));
    this.#source = grow(this.#source, (k) => new Uint8Array(k));
    this.#cluster = grow(this.#cluster, (k) => new Int32Array(k));
  }
}
