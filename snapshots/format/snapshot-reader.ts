// Reads and verifies a snapshot's files in a worker thread, in the order the loader needs them.
import { Worker } from 'node:worker_threads';
import { appFile } from '../../engine/runtime/app-files.js';
import { NO_PROGRESS, type PhaseMeter } from '../../engine/runtime/pass-progress.js';
import { SnapshotError, type SnapshotFile } from './manifest.js';
import type { ReadJob, ReadReply } from './snapshot-reader-worker.js';

/** What to read of one family, in plan order. */
export interface ReadStep {
  family: string;
  files: readonly SnapshotFile[];
  /** `keep`: hand the bytes over; `verify`: only check them (a native reader opens the file itself). */
  mode: 'keep' | 'verify';
  /** Files packed into buffers of up to this many bytes (0: a buffer per file, handed over as soon as it is read). */
  chunkBytes?: number;
}

interface Pending {
  promise: Promise<Buffer>;
  resolve: (buf: Buffer) => void;
  reject: (err: Error) => void;
}

/**
 * Reading and hashing are a third of the work of a load (4.4 GiB at 5M entities). In the main thread's thread
 * pool each step of a read waited for the main thread to turn its event loop, which it does only between the
 * shards it decodes, and WebCrypto copied every byte on the main thread before hashing it. The worker reads
 * ahead on its own and hands each file over as a transferred buffer, so the main thread only decodes.
 */
export class SnapshotReader {
  readonly #worker: Worker;
  readonly #files = new Map<string, Pending[]>();
  #failure: SnapshotError | null = null;

  readonly #meter: PhaseMeter;
  readonly #sizes = new Map<string, number[]>();
  #unread = 0;

  /** `meter` counts the bytes of each file as it is verified. */
  constructor(dir: string, plan: readonly ReadStep[], meter: PhaseMeter = NO_PROGRESS('', null, '')) {
    this.#meter = meter;
    for (const step of plan) {
      this.#sizes.set(
        step.family,
        step.files.map((f) => f.bytes),
      );
      this.#unread += step.files.length;
    }
    for (const step of plan)
      this.#files.set(
        step.family,
        step.files.map(() => pending()),
      );
    const job: ReadJob = {
      dir,
      plan: plan.map((s) => ({
        family: s.family,
        mode: s.mode,
        chunkBytes: s.chunkBytes ?? 0,
        files: s.files.map((f) => ({ path: f.path, bytes: f.bytes, sha256: f.sha256 })),
      })),
    };
    this.#worker = new Worker(appFile('snapshots/format/snapshot-reader-worker.js'), { workerData: job });
    this.#worker.on('message', (reply: ReadReply) => this.#receive(reply));
    this.#worker.on('error', (err) => this.#failAll(`reading snapshot ${dir} failed: ${err.message}`));
    this.#worker.on('exit', () => this.#failAll(`reading snapshot ${dir} stopped before this file was verified`));
  }

  /** The verified bytes of file `index` of a family (empty for a family only verified). */
  shard(family: string, index: number): Promise<Buffer> {
    const p = this.#files.get(family)?.[index];
    if (p === undefined) throw new Error(`SnapshotReader.shard: file ${index} of "${family}" is not in the plan`);
    return p.promise;
  }

  /** Every file of a family, verified, in manifest order. */
  family(family: string): Promise<Buffer[]> {
    const files = this.#files.get(family);
    if (files === undefined) throw new Error(`SnapshotReader.family: "${family}" is not in the plan`);
    return Promise.all(files.map((p) => p.promise));
  }

  /** The first file that failed, if one has: a loader checks between shards, so that it stops at once. */
  get failure(): SnapshotError | null {
    return this.#failure;
  }

  /** Stops the worker (a load that failed elsewhere); files not yet read fail. */
  async close(): Promise<void> {
    this.#meter.finish();
    await this.#worker.terminate();
  }

  #receive(reply: ReadReply): void {
    const files = this.#files.get(reply.family) ?? [];
    if ('error' in reply) {
      this.#failure ??= new SnapshotError(reply.error);
      files[reply.index]?.reject(this.#failure);
      this.#failAll(`not read after an earlier file failed: ${reply.error}`);
    } else if ('verified' in reply) {
      files[reply.verified]?.resolve(Buffer.alloc(0));
      this.#counted(reply.family, reply.verified);
    } else {
      for (const s of reply.shards) {
        files[s.index]?.resolve(Buffer.from(reply.buffer, s.offset, s.bytes));
        this.#counted(reply.family, s.index);
      }
    }
  }

  /** Counts a file as read on the meter, which is finished with the last. */
  #counted(family: string, index: number): void {
    this.#meter.advance(this.#sizes.get(family)?.[index] ?? 0);
    this.#unread -= 1;
    if (this.#unread === 0) this.#meter.finish();
  }

  /** Rejects every file not yet settled (settling twice is a no-op). */
  #failAll(message: string): void {
    for (const [family, files] of this.#files)
      files.forEach((p, i) => p.reject(new SnapshotError(`${family} file ${i}: ${message}`)));
  }
}

function pending(): Pending {
  let resolve: (buf: Buffer) => void = () => undefined;
  let reject: (err: Error) => void = () => undefined;
  const promise = new Promise<Buffer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // awaited later, it still fails with its own error
  return { promise, resolve, reject };
}
