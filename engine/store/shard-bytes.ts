// Where the bytes of one shard of records are: in memory, or in the snapshot's file, read a record at a time.
import { closeSync, openSync, readSync } from 'node:fs';

/** The bytes of a shard, read one record's range at a time. */
export interface ShardBytes {
  /** The shard's size in bytes. */
  readonly length: number;
  /** What this holds in the process's memory: the whole shard, or nothing for a file. */
  readonly resident: number;
  /** Bytes `start` up to `end`, as a buffer of exactly that range. */
  slice(start: number, end: number): Buffer;
}

export class MemoryShard implements ShardBytes {
  readonly #buf: Buffer;

  constructor(buf: Buffer) {
    this.#buf = buf;
  }

  get length(): number {
    return this.#buf.length;
  }

  get resident(): number {
    return this.#buf.length;
  }

  slice(start: number, end: number): Buffer {
    return this.#buf.subarray(start, end);
  }
}

/** Closes the descriptor of a file shard nobody can read any more (a corpus replaced by a newer snapshot's). */
const closeWhenUnreachable = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing holds it.
  }
});

/**
 * A shard left in its file: a record costs one positioned read (from the page cache once warm), and the process
 * holds none of the shard. The file is opened at once, so a shard missing at load fails the load, not a request;
 * the open descriptor keeps the bytes readable even if the file is replaced or removed afterwards.
 */
export class FileShard implements ShardBytes {
  readonly #file: string;
  readonly #fd: number;
  readonly length: number;
  readonly resident = 0;

  constructor(file: string, length: number) {
    this.#file = file;
    this.length = length;
    this.#fd = openSync(file, 'r');
    closeWhenUnreachable.register(this, this.#fd);
  }

  slice(start: number, end: number): Buffer {
    // A fresh range each time (small ones carved from Node's pool): a decoded record may keep views of it.
    const bytes = Buffer.allocUnsafe(end - start);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(this.#fd, bytes, read, bytes.length - read, start + read);
      if (n === 0) throw new Error(`snapshot file ${this.#file} ends at byte ${start + read}, before its record ends`);
      read += n;
    }
    return bytes;
  }
}
