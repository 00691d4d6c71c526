// The worker half of snapshot-reader.ts: reads a snapshot's files in a given order and verifies each, off the main thread.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { missing } from '../../engine/errors/missing.js';
import { readFailure, shardMessages } from './shard-checks.js';

export interface ReadJob {
  dir: string;
  plan: Array<{
    family: string;
    files: Array<{ path: string; bytes: number; sha256: string }>;
    /**
     * `keep`: hand the bytes over, the files of a family packed into buffers of up to `chunkBytes` (0: a buffer
     * per file, handed over as soon as it is verified); `verify`: only check them (a native reader opens the file).
     */
    mode: 'keep' | 'verify';
    chunkBytes: number;
  }>;
}

/** One buffer of verified files (`shards` says where each file is in it), a verified file, or the first failure. */
export type ReadReply =
  | { family: string; buffer: ArrayBuffer; shards: Array<{ index: number; offset: number; bytes: number }> }
  | { family: string; verified: number }
  | { family: string; index: number; error: string };

class ShardFailure extends Error {}

/** Reads the file whole into `into` and checks its size and SHA-256 against the manifest's. */
function readVerified(full: string, expected: { bytes: number; sha256: string }, into: Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(full, 'r');
  } catch (err) {
    throw new ShardFailure(readFailure(full, err));
  }
  try {
    const size = fstatSync(fd).size;
    if (size !== expected.bytes) throw new ShardFailure(shardMessages.size(full, size, expected.bytes));
    for (let at = 0; at < size;) {
      const n = readSync(fd, into, at, size - at, at);
      if (n === 0) throw new ShardFailure(shardMessages.size(full, at, expected.bytes)); // cut short while being read
      at += n;
    }
  } catch (err) {
    throw err instanceof ShardFailure ? err : new ShardFailure(readFailure(full, err));
  } finally {
    closeSync(fd);
  }
  if (createHash('sha256').update(into).digest('hex') !== expected.sha256)
    throw new ShardFailure(shardMessages.corrupt(full));
}

let scratch = new Uint8Array(0);

/** Reads one family's files, posting each buffer as it is complete; false after posting the first failure. */
function readFamily(
  dir: string,
  step: ReadJob['plan'][number],
  post: (reply: ReadReply, transfer?: ArrayBuffer[]) => void,
): boolean {
  const { family, files } = step;
  let index = 0;
  const full = (i: number): string => path.join(dir, files[i]?.path ?? '');
  try {
    if (step.mode === 'verify') {
      for (; index < files.length; index++) {
        const file = files[index] ?? missing('file of the read plan');
        if (scratch.length < file.bytes) scratch = new Uint8Array(file.bytes);
        readVerified(full(index), file, scratch.subarray(0, file.bytes));
        post({ family, verified: index });
      }
      return true;
    }
    while (index < files.length) {
      // A buffer for this file and as many of the following as fit in a chunk.
      let end = index + 1;
      let size = files[index]?.bytes ?? 0;
      while (end < files.length && size + (files[end]?.bytes ?? 0) <= step.chunkBytes) size += files[end++]?.bytes ?? 0;
      const buffer = new ArrayBuffer(size);
      const shards: Array<{ index: number; offset: number; bytes: number }> = [];
      for (let offset = 0; index < end; index++) {
        const file = files[index] ?? missing('file of the read plan');
        readVerified(full(index), file, new Uint8Array(buffer, offset, file.bytes));
        shards.push({ index, offset, bytes: file.bytes });
        offset += file.bytes;
      }
      post({ family, buffer, shards }, [buffer]);
    }
    return true;
  } catch (err) {
    post({ family, index, error: err instanceof ShardFailure ? err.message : String(err) });
    return false;
  }
}

// The files after the first failure are not read.
const job = workerData as ReadJob;
for (const step of job.plan)
  if (!readFamily(job.dir, step, (reply, transfer) => parentPort?.postMessage(reply, transfer ?? []))) break;
