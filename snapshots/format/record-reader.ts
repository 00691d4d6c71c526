// Reads and verifies the record families of a snapshot in a worker thread, so that the main thread only decodes.
import { Worker } from 'node:worker_threads';
import { SnapshotError, type SnapshotFile } from './manifest.js';
import type { ReadJob, ReadReply } from './record-reader-worker.js';

/**
 * Record families are most of a snapshot's bytes (entities and relationships: 3 GiB at 5M entities) and are
 * only read and checked at load, never decoded. Read in the main thread's thread pool, each step of that chain
 * waited for the main thread to turn its event loop, which it does only between the shards it decodes; and
 * WebCrypto copied every byte on the main thread before hashing it. The worker reads and hashes on its own, and
 * hands each family over as a few large buffers (transferred, not copied).
 */
export class RecordReader {
  /** Largest single buffer: V8 counts each as external memory, and a few large ones cost fewer collections than many. */
  static readonly CHUNK_BYTES = 1024 * 1024 * 1024;
  readonly #worker: Worker;
  readonly #waiting = new Map<string, { resolve: (shards: Buffer[]) => void; reject: (err: Error) => void }>();
  readonly #settled = new Map<string, Promise<Buffer[]>>();

  /** Starts reading `families` in this order; each family's promise settles when all its files are verified. */
  constructor(dir: string, families: ReadonlyArray<{ family: string; files: readonly SnapshotFile[] }>) {
    for (const { family } of families) {
      const settled = new Promise<Buffer[]>((resolve, reject) => this.#waiting.set(family, { resolve, reject }));
      settled.catch(() => undefined); // awaited later, it still fails with its own error
      this.#settled.set(family, settled);
    }
    const job: ReadJob = {
      dir,
      families: families.map(({ family, files }) => ({ family, files: files.map((f) => ({ path: f.path, bytes: f.bytes, sha256: f.sha256 })) })),
      chunkBytes: RecordReader.CHUNK_BYTES,
    };
    this.#worker = new Worker(new URL('./record-reader-worker.js', import.meta.url), { workerData: job });
    this.#worker.on('message', (reply: ReadReply) => this.#receive(reply));
    this.#worker.on('error', (err) => this.#failAll(`reading snapshot ${dir} failed: ${err.message}`));
    this.#worker.on('exit', () => this.#failAll(`reading snapshot ${dir} stopped before every record file was verified`));
  }

  /** The verified shards of a family, in manifest order. */
  family(family: string): Promise<Buffer[]> {
    const settled = this.#settled.get(family);
    if (settled === undefined) throw new Error(`RecordReader.family: "${family}" was not asked for`);
    return settled;
  }

  /** Stops the worker (a load that failed elsewhere); families not yet read fail. */
  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #receive(reply: ReadReply): void {
    const waiting = this.#waiting.get(reply.family);
    if (waiting === undefined) return;
    this.#waiting.delete(reply.family);
    if ('error' in reply) {
      waiting.reject(new SnapshotError(reply.error));
      this.#failAll(`not read after an earlier file failed: ${reply.error}`);
      return;
    }
    waiting.resolve(reply.shards.map((s) => Buffer.from(reply.arenas[s.arena] as ArrayBuffer, s.offset, s.bytes)));
  }

  #failAll(message: string): void {
    for (const [family, waiting] of this.#waiting) waiting.reject(new SnapshotError(`${family}: ${message}`));
    this.#waiting.clear();
  }
}
