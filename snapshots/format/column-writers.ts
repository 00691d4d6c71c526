// Accumulates columns during a build and writes them in chunks to their families.
import type { EdgeKind, Share } from '../../engine/model/records.js';
import {
  bytesOf,
  codesOf,
  kindCode,
  textRun,
  type EdgeColumnsChunk,
  type EntityColumnsChunk,
  type IdentifierColumnsChunk,
} from './columns.js';
import type { SnapshotFile } from './manifest.js';
import type { ShardWriter } from './shard-writer.js';

const ENTITY_CHUNK = 65_536;

/** The columns of a run of entities as they are gathered, before they are packed into a chunk. */
interface EntityRun {
  ids: string[];
  names: string[];
  types: number[];
  risks: number[];
  jurisdictions: string[];
  sources: string[];
  clusters: number[];
}

const emptyRun = (): EntityRun => ({
  ids: [],
  names: [],
  types: [],
  risks: [],
  jurisdictions: [],
  sources: [],
  clusters: [],
});

/** Sources per run are a byte each: a build has a few dozen. */
const MAX_SOURCES = 256;
/** Jurisdictions per run are two bytes each. */
const MAX_JURISDICTIONS = 65_536;
const EDGE_CHUNK = 1 << 20;

export class EntityColumnsWriter {
  #run: EntityRun = emptyRun();
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

  add(e: {
    id: string;
    name: string;
    type: number;
    risk: number;
    jurisdiction: string | null;
    source: string;
    cluster: number;
  }): void {
    const r = this.#run;
    r.ids.push(e.id);
    r.names.push(e.name);
    r.types.push(e.type);
    r.risks.push(e.risk);
    r.jurisdictions.push(e.jurisdiction ?? '');
    r.sources.push(e.source);
    r.clusters.push(e.cluster);
    if (r.ids.length >= ENTITY_CHUNK) this.#flushEntities();
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
    const r = this.#run;
    if (r.ids.length === 0) return;
    const ids = textRun(r.ids);
    const names = textRun(r.names);
    const jurisdictions = codesOf(r.jurisdictions);
    const sources = codesOf(r.sources);
    if (jurisdictions.codes.length > MAX_JURISDICTIONS || sources.codes.length > MAX_SOURCES)
      throw new Error(
        `EntityColumnsWriter: ${jurisdictions.codes.length} jurisdictions and ${sources.codes.length} sources in one run of entities; at most ${MAX_JURISDICTIONS} and ${MAX_SOURCES} fit their columns`,
      );
    const chunk: EntityColumnsChunk = {
      ids: ids.text,
      idEnds: ids.ends,
      names: names.text,
      nameEnds: names.ends,
      types: Uint8Array.from(r.types),
      risks: Uint8Array.from(r.risks),
      jurisdictionCodes: jurisdictions.codes,
      jurisdictions: bytesOf(Uint16Array.from(jurisdictions.of)),
      sourceCodes: sources.codes,
      sources: Uint8Array.from(sources.of),
      clusters: bytesOf(Int32Array.from(r.clusters)),
    };
    this.entities.write(chunk);
    this.#run = emptyRun();
  }

  #flushIdentifiers(): void {
    const i = this.#idents;
    if (i.values.length === 0) return;
    const schemes = codesOf(i.schemes);
    const values = textRun(i.values);
    const chunk: IdentifierColumnsChunk = {
      schemeCodes: schemes.codes,
      schemes: bytesOf(Uint16Array.from(schemes.of)),
      values: values.text,
      valueEnds: values.ends,
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
