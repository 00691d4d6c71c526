// The worker half of record-reader.ts: reads record shards into large buffers and verifies them, off the main thread.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { readFailure, shardMessages } from './shard-checks.js';

export interface ReadJob {
  dir: string;
  families: Array<{ family: string; files: Array<{ path: string; bytes: number; sha256: string }> }>;
  /** Largest single buffer; a family larger than this gets several. */
  chunkBytes: number;
}

/** Where one shard's verified bytes are: a slice of one of the family's buffers. */
export interface ShardSlice {
  arena: number;
  offset: number;
  bytes: number;
}

export type ReadReply = { family: string; arenas: ArrayBuffer[]; shards: ShardSlice[] } | { family: string; error: string };

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
    for (let at = 0; at < size; ) {
      const n = readSync(fd, into, at, size - at, at);
      if (n === 0) throw new ShardFailure(shardMessages.size(full, at, expected.bytes)); // cut short while being read
      at += n;
    }
  } catch (err) {
    throw err instanceof ShardFailure ? err : new ShardFailure(readFailure(full, err));
  } finally {
    closeSync(fd);
  }
  if (createHash('sha256').update(into).digest('hex') !== expected.sha256) throw new ShardFailure(shardMessages.corrupt(full));
}

function readFamily(job: ReadJob, family: ReadJob['families'][number]): ReadReply {
  const arenas: ArrayBuffer[] = [];
  const shards: ShardSlice[] = [];
  let used = 0;
  const { files } = family;
  for (let i = 0; i < files.length; i++) {
    const file = files[i] as ReadJob['families'][number]['files'][number];
    const current = arenas[arenas.length - 1];
    if (current === undefined || used + file.bytes > current.byteLength) {
      // A new buffer: this file and as many of the following as fit in a chunk.
      let size = file.bytes;
      for (let k = i + 1; k < files.length && size + (files[k]?.bytes ?? 0) <= job.chunkBytes; k++) size += files[k]?.bytes ?? 0;
      arenas.push(new ArrayBuffer(size));
      used = 0;
    }
    const arena = arenas.length - 1;
    readVerified(path.join(job.dir, file.path), file, new Uint8Array(arenas[arena] as ArrayBuffer, used, file.bytes));
    shards.push({ arena, offset: used, bytes: file.bytes });
    used += file.bytes;
  }
  return { family: family.family, arenas, shards };
}

const job = workerData as ReadJob;
for (const family of job.families) {
  let reply: ReadReply;
  try {
    reply = readFamily(job, family);
  } catch (err) {
    parentPort?.postMessage({ family: family.family, error: err instanceof ShardFailure ? err.message : String(err) } satisfies ReadReply);
    break;
  }
  parentPort?.postMessage(reply, 'arenas' in reply ? reply.arenas : []);
}
