// Columnar chunks stored beside the records, so that loading fills typed arrays instead of decoding records.
import {
  EDGE_KINDS,
  ENTITY_TYPES,
  RISK_LEVELS,
  type EdgeKind,
  type EntityType,
  type RiskLevel,
} from '../../engine/model/records.js';

/** Typed arrays travel as msgpack binary; this views one without copying. */
export const bytesOf = (a: ArrayBufferView): Buffer => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * A column where it lies in its shard, read through a DataView: a copy into an aligned typed array is a new array
 * buffer, and V8 answers every few tens of megabytes of new array buffers with a full collection of the heap
 * (at load, of a heap of a gigabyte or more).
 */
export const columnView = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** Copies a column of 32-bit integers into `into` from index `at`, without an intermediate buffer. */
export function readInt32s(b: Uint8Array, into: Int32Array | Uint32Array, at = 0): void {
  const v = columnView(b);
  const n = b.byteLength >> 2;
  if (into instanceof Int32Array) for (let i = 0; i < n; i++) into[at + i] = v.getInt32(i * 4, true);
  else for (let i = 0; i < n; i++) into[at + i] = v.getUint32(i * 4, true);
}

/** A decoded binary may sit at any offset of its shard: copy it into an aligned buffer of the right type. */
export function int32s(b: Uint8Array): Int32Array {
  return new Int32Array(Uint8Array.from(b).buffer);
}
export function uint32s(b: Uint8Array): Uint32Array {
  return new Uint32Array(Uint8Array.from(b).buffer);
}

/** Family `offsets`: where each record of a record shard starts (and, last, where the shard ends). */
export interface OffsetsChunk {
  path: string;
  starts: Uint8Array; // Uint32Array
}

/**
 * Family `entity-columns`: the hot fields of a run of entities, in entity order. Ids and names are stored as text
 * with where each ends, so that a load copies them into its columns without decoding a string.
 */
export interface EntityColumnsChunk {
  ids: Uint8Array; // UTF-8, one id after another
  idEnds: Uint8Array; // Uint32Array: where each id ends in `ids`
  names: Uint8Array; // UTF-8
  nameEnds: Uint8Array; // Uint32Array
  types: Uint8Array; // index into ENTITY_TYPES
  risks: Uint8Array; // index into RISK_LEVELS
  jurisdictionCodes: string[]; // the run's jurisdictions, '' for none
  jurisdictions: Uint8Array; // Uint16Array: index into jurisdictionCodes
  sourceCodes: string[];
  sources: Uint8Array; // index into sourceCodes
  clusters: Uint8Array; // Int32Array: entity index of the cluster's canonical record
}

/** Strings as one run of UTF-8 text and where each ends (the stored form of a string column). */
export function textRun(strings: readonly string[]): { text: Uint8Array; ends: Uint8Array } {
  let total = 0;
  const ends = new Int32Array(strings.length);
  for (let i = 0; i < strings.length; i++) {
    total += Buffer.byteLength(strings[i] ?? '', 'utf8');
    ends[i] = total;
  }
  const text = Buffer.allocUnsafe(total);
  let at = 0;
  for (const s of strings) at += text.write(s, at, 'utf8');
  return { text, ends: bytesOf(ends) };
}

/** Codes for a run of values: the distinct values in order of first use, and each value's position among them. */
export function codesOf(values: readonly string[]): { codes: string[]; of: number[] } {
  const position = new Map<string, number>();
  const of = values.map((v) => {
    let p = position.get(v);
    if (p === undefined) position.set(v, (p = position.size));
    return p;
  });
  return { codes: [...position.keys()], of };
}

/** Family `identifier-columns`: identifiers of the schemes the identifier index answers, values as text. */
export interface IdentifierColumnsChunk {
  schemeCodes: string[]; // the run's schemes
  schemes: Uint8Array; // Uint16Array: index into schemeCodes
  values: Uint8Array; // UTF-8, one value after another
  valueEnds: Uint8Array; // Uint32Array: where each ends in `values`
  entities: Uint8Array; // Int32Array
  own: Uint8Array; // 1 when the identifier is the entity's own id
}

/** Family `edges`: relationship i of the `relationships` family, as the graph needs it. */
export interface EdgeColumnsChunk {
  roles: string[];
  source: Uint8Array; // Int32Array
  target: Uint8Array; // Int32Array
  kind: Uint8Array; // index into EDGE_KINDS
  role: Uint8Array; // Uint16Array index into roles
  shareMin: Uint8Array; // Float64Array, NaN when unknown
  shareMax: Uint8Array; // Float64Array
  ended: Uint8Array;
}

/**
 * Family `event-timeline`: the events in the order the pulse feed pages them (by instant, then id), as runs:
 * position k is event record `record[k]`, at `at[k]` (epoch ms), about entity `entity[k]`, of EVENT_KINDS `kind[k]`.
 */
export interface EventTimelineChunk {
  record: Uint8Array; // Uint32Array
  at: Uint8Array; // Float64Array
  entity: Uint8Array; // Int32Array
  kind: Uint8Array;
}

/** Family `owners`: for each record of an entity family, the entity index it belongs to. */
export interface OwnersChunk {
  family: string;
  owners: Uint8Array; // Int32Array
}

export const typeCode = (t: EntityType): number => ENTITY_TYPES.indexOf(t);
export const riskCode = (r: RiskLevel): number => RISK_LEVELS.indexOf(r);
export const kindCode = (k: EdgeKind): number => EDGE_KINDS.indexOf(k);
