// Accumulates columns during a build and writes them in chunks to their families.
import type { EdgeKind, Share } from '../../engine/model/records.js';
import {
  bytesOf,
  kindCode,
  type EdgeColumnsChunk,
  type EntityColumnsChunk,
  type IdentifierColumnsChunk,
} from './columns.js';
import type { SnapshotFile } from './manifest.js';
import type { ShardWriter } from './shard-writer.js';

const ENTITY_CHUNK = 65_536;
const EDGE_CHUNK = 1 << 20;

export class EntityColumnsWriter {
  #chunk: EntityColumnsChunk & { typeList: number[]; riskList: number[]; clusterList: number[] } =
    EntityColumnsWriter.#empty();
  readonly #idents: { schemes: string[]; values: string[]; entities: number[]; own: number[] } = {
    schemes: [],
    values: [],
    entities: [],
    own: [],
  };

  constructor(
    private readonly entities: ShardWriter,
    private readonly identifiers: ShardWriter,
  ) {}

  static #empty(): EntityColumnsChunk & { typeList: number[]; riskList: number[]; clusterList: number[] } {
    const none = new Uint8Array(0);
    return {
      ids: [],
      names: [],
      types: none,
      risks: none,
      jurisdictions: [],
      sources: [],
      clusters: none,
      typeList: [],
      riskList: [],
      clusterList: [],
    };
  }

  add(e: {
    id: string;
    name: string;
    type: number;
    risk: number;
    jurisdiction: string | null;
    source: string;
    cluster: number;
  }): void {
    const c = this.#chunk;
    c.ids.push(e.id);
    c.names.push(e.name);
    c.typeList.push(e.type);
    c.riskList.push(e.risk);
    c.jurisdictions.push(e.jurisdiction ?? '');
    c.sources.push(e.source);
    c.clusterList.push(e.cluster);
    if (c.ids.length >= ENTITY_CHUNK) this.#flushEntities();
  }

  identifier(scheme: string, value: string, entity: number, own: boolean): void {
    const i = this.#idents;
    i.schemes.push(scheme);
    i.values.push(value);
    i.entities.push(entity);
    i.own.push(own ? 1 : 0);
    if (i.values.length >= ENTITY_CHUNK) this.#flushIdentifiers();
  }

  /** Writes what is left and closes both families. */
  finish(): SnapshotFile[] {
    this.#flushEntities();
    this.#flushIdentifiers();
    return [...this.entities.finish(), ...this.identifiers.finish()];
  }

  #flushEntities(): void {
    const c = this.#chunk;
    if (c.ids.length === 0) return;
    const chunk: EntityColumnsChunk = {
      ids: c.ids,
      names: c.names,
      types: Uint8Array.from(c.typeList),
      risks: Uint8Array.from(c.riskList),
      jurisdictions: c.jurisdictions,
      sources: c.sources,
      clusters: bytesOf(Int32Array.from(c.clusterList)),
    };
    this.entities.write(chunk);
    this.#chunk = EntityColumnsWriter.#empty();
  }

  #flushIdentifiers(): void {
    const i = this.#idents;
    if (i.values.length === 0) return;
    const chunk: IdentifierColumnsChunk = {
      schemes: i.schemes,
      values: i.values,
      entities: bytesOf(Int32Array.from(i.entities)),
      own: Uint8Array.from(i.own),
    };
    this.identifiers.write(chunk);
    i.schemes = [];
    i.values = [];
    i.entities = [];
    i.own = [];
  }
}

export class EdgeColumnsWriter {
  readonly #roles = new Map<string, number>();
  #source: number[] = [];
  #target: number[] = [];
  #kind: number[] = [];
  #role: number[] = [];
  #min: number[] = [];
  #max: number[] = [];
  #ended: number[] = [];

  constructor(private readonly edges: ShardWriter) {}

  add(source: number, target: number, kind: EdgeKind, role: string, share: Share | null, ended: boolean): void {
    let r = this.#roles.get(role);
    if (r === undefined) this.#roles.set(role, (r = this.#roles.size));
    this.#source.push(source);
    this.#target.push(target);
    this.#kind.push(kindCode(kind));
    this.#role.push(r);
    this.#min.push(share?.min ?? Number.NaN);
    this.#max.push(share?.max ?? Number.NaN);
    this.#ended.push(ended ? 1 : 0);
    if (this.#source.length >= EDGE_CHUNK) this.#flush();
  }

  /** Writes what is left and closes the family. */
  finish(): SnapshotFile[] {
    this.#flush();
    return this.edges.finish();
  }

  #flush(): void {
    if (this.#source.length === 0) return;
    const chunk: EdgeColumnsChunk = {
      roles: [...this.#roles.keys()],
      source: bytesOf(Int32Array.from(this.#source)),
      target: bytesOf(Int32Array.from(this.#target)),
      kind: Uint8Array.from(this.#kind),
      role: bytesOf(Uint16Array.from(this.#role)),
      shareMin: bytesOf(Float64Array.from(this.#min)),
      shareMax: bytesOf(Float64Array.from(this.#max)),
      ended: Uint8Array.from(this.#ended),
    };
    this.edges.write(chunk);
    this.#source = [];
    this.#target = [];
    this.#kind = [];
    this.#role = [];
    this.#min = [];
    this.#max = [];
    this.#ended = [];
  }
}
