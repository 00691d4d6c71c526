// Records written after load: plain msgpack in large chunks, so that live changes add no object per record.
import { Packr } from 'msgpackr';
import { missing } from '../errors/missing.js';
import { plainUnpackr } from './record-codec.js';

/** The first chunk's size; each next chunk is twice the one before, up to the largest. */
const FIRST_CHUNK_BYTES = 16 * 1024 * 1024;
const LARGEST_CHUNK_BYTES = 1024 * 1024 * 1024;
/** Room left in a chunk below which the next record goes to a new one: more than almost any record takes. */
const CHUNK_ROOM_BYTES = 1024 * 1024;

/**
 * The chunks records are packed into, for every tail of the process: msgpackr packs into one buffer of its module,
 * whichever packer packs, so tails that take turns share their chunks (each record is found by its own offsets).
 *
 * Each chunk is twice the size of the one before. V8 counts every buffer allocated as memory outside its heap and
 * starts a full collection for each 64 MB of it; chunks of one size made a full collection every few seconds of
 * ingestion at 20,000 events/s at 1M entities (its marking steps and final pause, 10 ms, held requests up), where
 * doubling chunks make one per doubling. A chunk is not filled when allocated, so its pages cost memory only once
 * records are written there.
 */
class ChunkSupply {
  #next = FIRST_CHUNK_BYTES;
  #newest: Buffer | null = null;

  /** The chunk taken last: the one msgpackr packs into, unless a record has just outgrown it. */
  get newest(): Buffer | null {
    return this.#newest;
  }

  /** A new chunk that holds at least `least` bytes. */
  take(least: number): Buffer {
    let size = this.#next;
    while (size < least * 2) size *= 2;
    this.#next = Math.min(LARGEST_CHUNK_BYTES, size * 2);
    this.#newest = Buffer.allocUnsafeSlow(size);
    return this.#newest;
  }
}

const supply = new ChunkSupply();

export class PackedTail<T> {
  // Maps are written with a fixed-size header (two bytes more than the smallest for a map of under 16 keys):
  // msgpackr's smallest headers cost a pass over the keys first. Measured while applying live changes at 1M, an
  // entity record packed in 10.8 µs against 14.1 µs (1.9 µs against 4.8 µs in isolation).
  readonly #packr = new Packr({ useRecords: false });
  readonly #unpackr = plainUnpackr();
  readonly #chunks: Buffer[] = [];
  #chunkOf = new Uint32Array(1024);
  #start = new Uint32Array(1024);
  #end = new Uint32Array(1024);
  #count = 0;
  #filled = 0;

  get size(): number {
    return this.#count;
  }

  /** Bytes the records take in their chunks, and their offsets: a chunk's pages not yet written take none. */
  get bytes(): number {
    return this.#filled + this.#chunkOf.byteLength * 3;
  }

  push(record: T): number {
    // The packer writes into the newest chunk, each record after the last. Near a chunk's end the next record goes
    // to a new chunk: a record that does not fit makes the packer copy what it wrote into a buffer of its own
    // making, as large as the chunk, only to be dropped. Should a record outgrow the room left even so, it is
    // packed again into a new chunk. No buffer is made per record.
    if (supply.newest === null || supply.newest.length - this.#packr.position < CHUNK_ROOM_BYTES)
      this.#packr.useBuffer(supply.take(0));
    let packed = this.#packr.pack(record);
    if (packed.buffer !== supply.newest?.buffer) {
      this.#packr.useBuffer(supply.take(packed.length));
      packed = this.#packr.pack(record);
    }
    // The chunk may be one another tail took: it is this tail's too from now on.
    const chunk = supply.newest ?? missing('tail chunk');
    if (this.#chunks[this.#chunks.length - 1] !== chunk) this.#chunks.push(chunk);
    const n = this.#count;
    if (n === this.#start.length) this.#grow();
    this.#chunkOf[n] = this.#chunks.length - 1;
    this.#start[n] = packed.byteOffset;
    this.#end[n] = packed.byteOffset + packed.length;
    this.#filled += packed.length;
    this.#count = n + 1;
    return n;
  }

  get(n: number): T {
    if (n < 0 || n >= this.#count)
      throw new RangeError(`PackedTail.get: record ${n} out of range 0..${this.#count - 1}`);
    const chunk = this.#chunks[this.#chunkOf[n] ?? missing('tail chunk')] ?? missing('tail chunk');
    return this.#unpackr.unpack(chunk, { start: this.#start[n] ?? 0, end: this.#end[n] ?? 0 }) as T;
  }

  #grow(): void {
    const grow = (a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> => {
      const b = new Uint32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.#chunkOf = grow(this.#chunkOf);
    this.#start = grow(this.#start);
    this.#end = grow(this.#end);
  }
}
