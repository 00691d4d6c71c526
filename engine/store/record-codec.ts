// How records are encoded in a snapshot: msgpack with shared record structures, one table of shapes per family.
import { Packr, Unpackr } from 'msgpackr';

/**
 * The key lists of a family's record shapes, in the order the writer met them; a record names its shape by
 * position instead of repeating its keys. A snapshot's manifest carries each family's table.
 *
 * Shapes make records about half the size of plain msgpack maps and three to five times faster to decode: the
 * decoder builds each shape's objects with one compiled literal, so they also share one hidden class, which
 * keeps the reads and the JSON serialisation of a response on V8's fast paths.
 */
export type RecordStructures = string[][];

/** msgpackr's limit on shared shapes; a shape met past it is written inline in each record that has it. */
export const MAX_SHARED_STRUCTURES = 8160;

/**
 * Objects keyed by field names become records; objects keyed by data (SIC code → description) stay maps, since
 * every distinct set of codes would be a shape of its own. Integer-like keys come first in a for-in walk, so the
 * first key tells them apart.
 */
function keyedByFields(o: object): boolean {
  for (const key in o) {
    const c = key.charCodeAt(0);
    return (c >= 0x61 && c <= 0x7a) || c === 0x5f;
  }
  return true;
}

/** The writer of one family: `structures` (start empty) collects the family's shapes as records are packed. */
export function recordPackr(structures: RecordStructures): Packr {
  return new Packr({
    structures,
    maxSharedStructures: MAX_SHARED_STRUCTURES,
    useRecords: keyedByFields,
    variableMapSize: true,
  });
}

/** The shapes a writer has collected, as plain arrays for the manifest. */
export function sharedStructures(structures: RecordStructures): RecordStructures {
  const shared = (structures as RecordStructures & { sharedLength?: number }).sharedLength ?? structures.length;
  return structures.slice(0, shared).map((keys) => [...keys]);
}

/**
 * The reader of one family. Given through `getStructures` rather than `structures`: only that path marks the
 * shapes past the 32nd as two-byte ids, as the writer wrote them.
 */
export function recordUnpackr(structures: RecordStructures): Unpackr {
  const unpackr = new Unpackr({
    getStructures: () => structures.map((keys) => [...keys]),
    maxSharedStructures: MAX_SHARED_STRUCTURES,
    mapsAsObjects: true,
  });
  // msgpackr loads the shapes at the first record that names one, and first copies the source up to the end of
  // what it reads: the first record read from deep in a shard would copy hundreds of MB, inside a request or a live
  // change. Loading them here reads a record of shape 0 with every field nil, one byte per field.
  const first = structures[0];
  if (first !== undefined) unpackr.unpack(Uint8Array.of(FIRST_SHAPE, ...first.map(() => NIL)));
  return unpackr;
}

/** msgpackr's byte for a record of shared shape 0, and msgpack's nil. */
const FIRST_SHAPE = 0x40;
const NIL = 0xc0;

/** The reader of files written without shapes (columns, name index, build spools). */
export const plainUnpackr = (): Unpackr => new Unpackr({ useRecords: false, mapsAsObjects: true });
