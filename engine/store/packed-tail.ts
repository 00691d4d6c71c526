// Records written after load: plain msgpack in large chunks, so that live changes add no object per record.
import { Packr } from 'msgpackr';
import { missing } from '../errors/missing.js';
import { plainUnpackr } from './record-codec.js';

/** The first chunk's size; msgpackr makes the next ones the same size (or larger, for a record that needs it). */
const CHUNK_BYTES = 16 * 1024 * 1024;

/**
 * Appends packed records and reads them back by the number `push` returned. Three typed arrays locate each
 * record (chunk, start, end): twelve bytes per record off the heap, and the chunks themselves are buffers.
 */
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
  #bytes = 0;

  get size(): number {
    return this.#count;
  }

  /** Bytes held by the chunks (allocated, whether filled or not). */
  get bytes(): number {
    return this.#bytes + this.#chunkOf.byteLength * 3;
  }

  push(record: T): number {
    if (this.#chunks.length === 0) this.#adopt(Buffer.allocUnsafeSlow(CHUNK_BYTES), true);
    // The packer writes into the current chunk, each record after the last. When the chunk is nearly full (or a
    // record outgrows it), it moves on to a buffer of its own making, which becomes the next chunk: no record is
    // copied, and no buffer is made per record.
    const packed = this.#packr.pack(record);
    if (packed.buffer !== this.#chunks[this.#chunks.length - 1]?.buffer) this.#adopt(Buffer.from(packed.buffer), false);
    const n = this.#count;
    if (n === this.#start.length) this.#grow();
    this.#chunkOf[n] = this.#chunks.length - 1;
    this.#start[n] = packed.byteOffset;
    this.#end[n] = packed.byteOffset + packed.length;
    this.#count = n + 1;
    return n;
  }

  #adopt(chunk: Buffer, write: boolean): void {
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
    if (write) this.#packr.useBuffer(chunk);
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
