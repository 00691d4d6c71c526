// The buffers live records are packed into: large, allocated seldom, and written a record after another.

/** The first chunk's size: the records of a few hundred thousand live changes. */
const FIRST_CHUNK_BYTES = 256 * 1024 * 1024;
/** Each next chunk is twice the one before, up to this. */
const LARGEST_CHUNK_BYTES = 1024 * 1024 * 1024;

/**
 * Hands out the chunks records are packed into. msgpackr packs into one buffer of its module, whichever packer
 * packs, so the packed tails of a process take their chunks from one supply and share them when they take turns
 * (each finds its records by their own offsets).
 *
 * Chunks are large because V8 counts every buffer allocated as memory outside its heap and starts a full
 * collection for each 64 MB of it, whose marking steps and final pause (10–17 ms at 1M entities) hold up every
 * request. At 20,000 events/s, chunks of 16 MB made three or four such collections in every 10 s of ingestion; a
 * first chunk of 256 MB, then chunks that double, one per few hundred thousand events. A chunk is not filled when
 * allocated: its pages take memory only once records are written there, so a small deployment pays for what it
 * writes, not for the chunk.
 */
export class ChunkSupply {
  #next: number;
  readonly #largest: number;
  #newest: Buffer | null = null;

  /** `first` and `largest`: chunk sizes in bytes (smaller ones for tests that cross chunks). */
  constructor(first = FIRST_CHUNK_BYTES, largest = LARGEST_CHUNK_BYTES) {
    if (!(first > 0 && largest >= first)) throw new RangeError(`ChunkSupply: chunks of ${first} to ${largest} bytes`);
    this.#next = first;
    this.#largest = largest;
  }

  /** The chunk taken last: the one msgpackr packs into, unless a record has just outgrown it. */
  get newest(): Buffer | null {
    return this.#newest;
  }

  /** A new chunk that holds at least `least` bytes. */
  take(least: number): Buffer {
    let size = this.#next;
    while (size < least * 2) size *= 2;
    this.#next = Math.min(this.#largest, size * 2);
    this.#newest = Buffer.allocUnsafeSlow(size);
    return this.#newest;
  }
}

/** The supply every packed tail of the process takes its chunks from, unless given another. */
export const processChunks = new ChunkSupply();
