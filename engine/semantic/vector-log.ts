// Persists vectors embedded after start, crash-safely: an append-only file of checksummed records, one per snapshot.
import {
  closeSync,
  existsSync,
  fdatasync,
  statSync,
  fdatasyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  write,
  writeSync,
} from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { missing } from '../errors/missing.js';
import { writeFileDurably } from '../state/durable-state.js';
import { tryLock } from '../state/file-lock.js';

/** The standard CRC-32 each record carries. */
export { crc32 };

const MAGIC = 'UNSHVEC1';
const writeAsync = promisify(write);
const fdatasyncAsync = promisify(fdatasync);

export interface LoggedVector {
  label: number;
  vector: Float32Array;
}

/** `<dataDir>/semantic/<snapshot id>.vectors`: vectors of another snapshot are never read, being in another file. */
export function vectorLogPath(dataDir: string, snapshotId: string): string {
  return path.join(dataDir, 'semantic', `${snapshotId}.vectors`);
}

/** `<dataDir>/semantic/<snapshot id>.hnsw`: the grown HNSW index, so that a restart need not re-insert the log. */
export function checkpointPath(dataDir: string, snapshotId: string): string {
  return path.join(dataDir, 'semantic', `${snapshotId}.hnsw`);
}

function header(snapshotId: string, dimensions: number, model: string): Buffer {
  const json = Buffer.from(JSON.stringify({ snapshot_id: snapshotId, dimensions, model }), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(json.length);
  return Buffer.concat([Buffer.from(MAGIC, 'latin1'), len, json]);
}

/**
 * Layout: magic, header length, JSON header (snapshot id, dimensions, model); then records of
 * label (u32), vector (f32 × dimensions) and a CRC-32 of both. A record torn by a crash fails its length or
 * checksum: it and anything after it are dropped, and the file is cut back to the last whole record.
 */
export class VectorLog {
  readonly file: string;
  readonly #fd: number;
  readonly #dimensions: number;

  private constructor(file: string, fd: number, dimensions: number) {
    this.file = file;
    this.#fd = fd;
    this.#dimensions = dimensions;
  }

  /** The whole records of a log, and how far they reach; reads only (a reader that is not the writer). */
  static read(
    file: string,
    snapshotId: string,
    dimensions: number,
    model: string,
  ): { vectors: LoggedVector[]; good: number; dropped: boolean } {
    const head = header(snapshotId, dimensions, model);
    const vectors: LoggedVector[] = [];
    if (!existsSync(file)) return { vectors, good: 0, dropped: false };
    const buf = readFileSync(file);
    // Not ours, or written by another model: start again rather than mix vectors.
    if (buf.length < head.length || !buf.subarray(0, head.length).equals(head))
      return { vectors, good: 0, dropped: buf.length > 0 };
    const size = 4 + 4 * dimensions + 4;
    let good = head.length;
    while (good + size <= buf.length) {
      const body = buf.subarray(good, good + size - 4);
      if (crc32(body) !== buf.readUInt32LE(good + size - 4)) break;
      const vector = new Float32Array(dimensions);
      for (let i = 0; i < dimensions; i++) vector[i] = body.readFloatLE(4 + 4 * i);
      vectors.push({ label: body.readUInt32LE(0), vector });
      good += size;
    }
    return { vectors, good, dropped: good !== buf.length };
  }

  /** Reads the log, cuts a torn tail off (or starts a new file), and opens it for appending: the writer only. */
  static open(
    file: string,
    snapshotId: string,
    dimensions: number,
    model: string,
  ): { log: VectorLog; vectors: LoggedVector[]; dropped: boolean } {
    mkdirSync(path.dirname(file), { recursive: true });
    const found = VectorLog.read(file, snapshotId, dimensions, model);
    let good = found.good;
    if (good === 0) {
      writeFileDurably(file, header(snapshotId, dimensions, model), 0o644);
      good = statSync(file).size;
    }
    const fd = openSync(file, 'r+');
    ftruncateSync(fd, good);
    closeSync(fd);
    return {
      log: new VectorLog(file, openSync(file, 'a'), dimensions),
      vectors: found.vectors,
      dropped: found.dropped,
    };
  }

  /** Appends records in one write and waits for them to reach the disk. */
  append(entries: readonly LoggedVector[]): void {
    if (entries.length === 0) return;
    const buf = this.#encode(entries);
    let off = 0;
    while (off < buf.length) off += writeSync(this.#fd, buf, off);
    fdatasyncSync(this.#fd);
  }

  /** Like `append`, with the write and the sync on libuv's thread pool; calls must not overlap. */
  async appendAsync(entries: readonly LoggedVector[]): Promise<void> {
    if (entries.length === 0) return;
    const buf = this.#encode(entries);
    let off = 0;
    while (off < buf.length) off += (await writeAsync(this.#fd, buf, off, buf.length - off)).bytesWritten;
    await fdatasyncAsync(this.#fd);
  }

  #encode(entries: readonly LoggedVector[]): Buffer {
    const size = 4 + 4 * this.#dimensions + 4;
    const buf = Buffer.alloc(size * entries.length);
    entries.forEach((e, k) => {
      const at = k * size;
      buf.writeUInt32LE(e.label, at);
      for (let i = 0; i < this.#dimensions; i++)
        buf.writeFloatLE(e.vector[i] ?? missing('vector component'), at + 4 + 4 * i);
      buf.writeUInt32LE(crc32(buf.subarray(at, at + size - 4)), at + size - 4);
    });
    return buf;
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/** One writer per log: a second process serving the same snapshot from the same data directory embeds in memory only. */
export function lockLog(file: string): (() => void) | null {
  mkdirSync(path.dirname(file), { recursive: true });
  return tryLock(`${file}.lock`);
}
