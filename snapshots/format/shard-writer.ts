// Writes a family of records as msgpack streams split into shards, hashing each file as it is written.
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Packr } from 'msgpackr';
import { recordPackr, sharedStructures, type RecordStructures } from '../../engine/store/record-codec.js';
import type { SnapshotFile } from './manifest.js';

/**
 * Shards stay far below V8's limits (≈512 MiB strings, 2 GiB buffers) so that a reader can hold one
 * shard in a single Buffer and still decode any record in it by offset.
 */
export const DEFAULT_SHARD_BYTES = 64 * 1024 * 1024;
const FLUSH_BYTES = 1024 * 1024;

interface OpenShard {
  readonly rel: string;
  readonly fd: number;
  readonly hash: Hash;
  bytes: number;
  records: number;
  pending: Buffer[];
  pendingBytes: number;
  /** Byte offset where each record starts, then the end: lets a loader keep records without decoding them. */
  starts: number[];
}

export interface WrittenShard {
  file: SnapshotFile;
  starts: Uint32Array;
}

export class ShardWriter {
  readonly #dir: string;
  readonly #family: string;
  readonly #maxBytes: number;
  readonly #packr: Packr;
  readonly #structures: RecordStructures | null;
  readonly #done: WrittenShard[] = [];
  #shard: OpenShard | null = null;
  #index = 0;
  #total = 0;

  /**
   * `records`: a family the loader keeps as bytes and decodes one record at a time; its records are written with
   * shared shapes (see record-codec.ts), which `structures` returns for the manifest.
   */
  constructor(dir: string, family: string, maxBytes = DEFAULT_SHARD_BYTES, options: { records?: boolean } = {}) {
    this.#dir = dir;
    this.#family = family;
    this.#maxBytes = maxBytes;
    this.#structures = options.records === true ? [] : null;
    this.#packr =
      this.#structures === null
        ? new Packr({ useRecords: false, variableMapSize: true })
        : recordPackr(this.#structures);
    mkdirSync(path.join(dir, family), { recursive: true });
  }

  /** Appends one record; returns its position in the family (0-based, across shards). */
  write(record: unknown): number {
    const bytes = this.#packr.pack(record);
    let shard = this.#shard;
    if (shard !== null && shard.bytes + shard.pendingBytes + bytes.length > this.#maxBytes && shard.records > 0) {
      this.#close(shard);
      shard = null;
    }
    shard ??= this.#open();
    // pack() may reuse its internal buffer: copy before queueing.
    const copy = Buffer.from(bytes);
    shard.starts.push(shard.bytes + shard.pendingBytes);
    shard.pending.push(copy);
    shard.pendingBytes += copy.length;
    shard.records += 1;
    if (shard.pendingBytes >= FLUSH_BYTES) this.#flush(shard);
    return this.#total++;
  }

  get count(): number {
    return this.#total;
  }

  /** The record shapes written so far (empty for a writer without `records`). */
  get structures(): RecordStructures {
    return this.#structures === null ? [] : sharedStructures(this.#structures);
  }

  /** Closes the last shard and returns the manifest entries of all shards written. */
  finish(): SnapshotFile[] {
    return this.finishWithOffsets().map((s) => s.file);
  }

  /** Like finish, with each shard's record offsets. */
  finishWithOffsets(): WrittenShard[] {
    // An empty family still gets one (empty) shard, so that a missing file always means a broken snapshot.
    if (this.#shard === null && this.#done.length === 0) this.#open();
    if (this.#shard !== null) this.#close(this.#shard);
    return this.#done;
  }

  #open(): OpenShard {
    const rel = `${this.#family}/${this.#family}-${String(this.#index++).padStart(3, '0')}.msgpack`;
    const fd = openSync(path.join(this.#dir, rel), 'w');
    this.#shard = {
      rel,
      fd,
      hash: createHash('sha256'),
      bytes: 0,
      records: 0,
      pending: [],
      pendingBytes: 0,
      starts: [],
    };
    return this.#shard;
  }

  #flush(shard: OpenShard): void {
    if (shard.pendingBytes === 0) return;
    const chunk = Buffer.concat(shard.pending, shard.pendingBytes);
    shard.hash.update(chunk);
    let off = 0;
    while (off < chunk.length) off += writeSync(shard.fd, chunk, off);
    shard.bytes += chunk.length;
    shard.pending = [];
    shard.pendingBytes = 0;
  }

  #close(shard: OpenShard): void {
    this.#flush(shard);
    fsyncSync(shard.fd);
    closeSync(shard.fd);
    shard.starts.push(shard.bytes);
    this.#done.push({
      file: {
        path: shard.rel,
        family: this.#family,
        records: shard.records,
        bytes: shard.bytes,
        sha256: shard.hash.digest('hex'),
      },
      starts: Uint32Array.from(shard.starts),
    });
    this.#shard = null;
  }
}
