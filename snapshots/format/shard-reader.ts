// Reads one shard back: checks it against the manifest, then walks its records with their byte offsets.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Unpackr } from 'msgpackr';
import { SnapshotError, type SnapshotFile } from './manifest.js';

const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true });

/** Reads a shard whole and verifies its size and SHA-256; the error names the file. */
export async function readShard(dir: string, file: SnapshotFile): Promise<Buffer> {
  const full = path.join(dir, file.path);
  let buf: Buffer;
  try {
    buf = await readFile(full);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SnapshotError(code === 'ENOENT' ? `snapshot file ${full} is missing` : `cannot read snapshot file ${full}: ${String(err)}`);
  }
  if (buf.length !== file.bytes) {
    throw new SnapshotError(
      `snapshot file ${full} is ${buf.length < file.bytes ? 'truncated' : 'longer than recorded'}: ${buf.length} bytes, manifest says ${file.bytes}`,
    );
  }
  const digest = createHash('sha256').update(buf).digest('hex');
  if (digest !== file.sha256) throw new SnapshotError(`snapshot file ${full} is corrupt: SHA-256 does not match the manifest`);
  return buf;
}

/** Calls `each(record, start, end)` for every record of a verified shard, in order. */
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

