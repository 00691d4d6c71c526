// Reads one shard back: checks it against the manifest, then walks its records with their byte offsets.
import { createHash, webcrypto } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { plainUnpackr } from '../../engine/store/record-codec.js';
import { SnapshotError, type SnapshotFile } from './manifest.js';

const unpackr = plainUnpackr();

/**
 * Reads a shard whole and verifies its size and SHA-256; the error names the file. With `into` (exactly the
 * manifest's size), the bytes land there instead of in a buffer of their own (see `ShardArena`).
 */
export async function readShard(dir: string, file: SnapshotFile, into?: Buffer): Promise<Buffer> {
  const full = path.join(dir, file.path);
  let buf: Buffer;
  let size: number;
  try {
    if (into === undefined) {
      buf = await readFile(full);
      size = buf.length;
    } else {
      ({ buf, size } = await readInto(full, into));
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SnapshotError(code === 'ENOENT' ? `snapshot file ${full} is missing` : `cannot read snapshot file ${full}: ${String(err)}`);
  }
  if (size !== file.bytes) {
    throw new SnapshotError(
      `snapshot file ${full} is ${size < file.bytes ? 'truncated' : 'longer than recorded'}: ${size} bytes, manifest says ${file.bytes}`,
    );
  }
  const digest = await sha256(buf);
  if (digest !== file.sha256) throw new SnapshotError(`snapshot file ${full} is corrupt: SHA-256 does not match the manifest`);
  return buf;
}

/** WebCrypto digests at most this many bytes at once (a signed 32-bit length); larger files are hashed in place. */
const MAX_ASYNC_DIGEST = 1024 * 1024 * 1024;

/**
 * WebCrypto digests run in libuv's thread pool, on a copy of the bytes: while one shard is hashed there, the
 * loader decodes another on the main thread (hashing a 5M-entity snapshot is some seconds of CPU).
 */
async function sha256(buf: Buffer): Promise<string> {
  if (buf.length > MAX_ASYNC_DIGEST) return createHash('sha256').update(buf).digest('hex');
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', buf)).toString('hex');
}

/** Reads the file into `into` when its size is exactly that; `size` is the file's size either way. */
async function readInto(full: string, into: Buffer): Promise<{ buf: Buffer; size: number }> {
  const handle = await open(full, 'r');
  try {
    const { size } = await handle.stat();
    if (size !== into.length) return { buf: into, size };
    for (let at = 0; at < size; ) {
      const { bytesRead } = await handle.read(into, at, size - at, at);
      if (bytesRead === 0) return { buf: into, size: at }; // cut short while being read
      at += bytesRead;
    }
    return { buf: into, size };
  } finally {
    await handle.close();
  }
}

/**
 * Large buffers for the shards a loaded corpus keeps (its record families), so that several gigabytes of records
 * arrive in a few allocations. V8 counts every buffer as external memory and starts a full collection each time
 * that grows by some tens of megabytes; read shard by shard, a 5M-entity snapshot paid some ninety full marks of
 * the whole heap for its records alone.
 */
export class ShardArena {
  /** Largest single allocation; a family larger than this gets several arenas. */
  static readonly CHUNK_BYTES = 1024 * 1024 * 1024;
  #current: Buffer = Buffer.alloc(0);
  #used = 0;
  #next = 0;

  /** `sizes`: the byte sizes of the files to be read, in the order they will be read. */
  constructor(private readonly sizes: readonly number[]) {}

  /** Where the next file's bytes go. */
  next(): Buffer {
    const bytes = this.sizes[this.#next];
    if (bytes === undefined) throw new Error('ShardArena.next: every file has its slice already');
    if (this.#used + bytes > this.#current.length) {
      // A new arena: this file and as many of the following as fit in a chunk.
      let size = bytes;
      for (let i = this.#next + 1; i < this.sizes.length && size + (this.sizes[i] as number) <= ShardArena.CHUNK_BYTES; i++) size += this.sizes[i] as number;
      this.#current = Buffer.allocUnsafeSlow(size);
      this.#used = 0;
    }
    this.#next += 1;
    const slice = this.#current.subarray(this.#used, this.#used + bytes);
    this.#used += bytes;
    return slice;
  }
}

/** Calls `each(record, start, end)` for every record of a verified shard written without shapes, in order. */
export function walkShard(file: string, buf: Buffer, expected: number, each: (record: unknown, start: number, end: number) => void): void {
  // An empty family is one empty shard; msgpackr would reject an empty buffer as truncated data.
  if (buf.length === 0) {
    if (expected !== 0) throw new SnapshotError(`snapshot file ${file} is empty, manifest says ${expected} records`);
    return;
  }
  let seen = 0;
  try {
    unpackr.unpackMultiple(buf, (value: unknown, start?: number, end?: number) => {
      each(value, start ?? 0, end ?? buf.length);
      seen += 1;
    });
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`snapshot file ${file} cannot be decoded after record ${seen}: ${(err as Error).message}`);
  }
  if (seen !== expected) throw new SnapshotError(`snapshot file ${file} holds ${seen} records, manifest says ${expected}`);
}

