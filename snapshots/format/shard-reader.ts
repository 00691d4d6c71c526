// Reads one shard back: checks it against the manifest, then walks its records with their byte offsets.
import { createHash, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Unpackr } from 'msgpackr';
import { plainUnpackr } from '../../engine/store/record-codec.js';
import { SnapshotError, type SnapshotFile } from './manifest.js';
import { readFailure, shardMessages } from './shard-checks.js';

const plain = plainUnpackr();

/** Reads a shard whole and verifies its size and SHA-256; the error names the file. */
export async function readShard(dir: string, file: SnapshotFile): Promise<Buffer> {
  const full = path.join(dir, file.path);
  let buf: Buffer;
  try {
    buf = await readFile(full);
  } catch (err) {
    throw new SnapshotError(readFailure(full, err));
  }
  if (buf.length !== file.bytes) throw new SnapshotError(shardMessages.size(full, buf.length, file.bytes));
  const digest = await sha256(buf);
  if (digest !== file.sha256) throw new SnapshotError(shardMessages.corrupt(full));
  return buf;
}

/** WebCrypto digests at most this many bytes at once (a signed 32-bit length); larger files are hashed in place. */
const MAX_ASYNC_DIGEST = 1024 * 1024 * 1024;

/**
 * WebCrypto digests run in libuv's thread pool, on a copy of the bytes, so the caller's event loop goes on. (The
 * loader reads a whole snapshot in a worker instead: see snapshot-reader.ts.)
 */
async function sha256(buf: Buffer): Promise<string> {
  if (buf.length > MAX_ASYNC_DIGEST) return createHash('sha256').update(buf).digest('hex');
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', buf)).toString('hex');
}

/**
 * Calls `each(record, start, end)` for every record of a verified shard, in order: written without shapes, or with
 * the shapes `unpackr` reads (`recordUnpackr`).
 */
export function walkShard(
  file: string,
  buf: Buffer,
  expected: number,
  each: (record: unknown, start: number, end: number) => void,
  unpackr: Unpackr = plain,
): void {
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
  if (seen !== expected)
    throw new SnapshotError(`snapshot file ${file} holds ${seen} records, manifest says ${expected}`);
}
