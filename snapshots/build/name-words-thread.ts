// The names' word index of a snapshot build, kept in a thread of its own: FlexSearch's adds were a third of the
// entity pass on the main thread, and its index most of the main thread's heap (collected again and again while
// the pass allocated). The main thread hands over names in runs; the thread writes the export itself.
import { Worker } from 'node:worker_threads';
import { appFile } from '../../engine/runtime/app-files.js';
import type { NameWordIndex } from '../../engine/search/name-index-builder.js';
import type { SnapshotFile } from '../format/manifest.js';
import type { NameWordsJob, NameWordsMessage, NameWordsReply } from './name-words-worker.js';

/** Names per message: large enough that posting costs little per name, small enough to keep the thread busy. */
const RUN = 4096;

export class NameWordsThread implements NameWordIndex {
  readonly #worker: Worker;
  #entries = new Int32Array(RUN);
  #cores: string[] = [];
  #failure: Error | null = null;
  readonly #done: Promise<SnapshotFile[]>;

  /** Writes the export into `dir`'s `name-flexsearch` family when finished. */
  constructor(dir: string, shardBytes: number) {
    this.#worker = new Worker(appFile('snapshots/build/name-words-worker.js'), {
      workerData: { dir, shardBytes } satisfies NameWordsJob,
    });
    this.#done = new Promise<SnapshotFile[]>((resolve, reject) => {
      this.#worker.on('message', (reply: NameWordsReply) => {
        if ('files' in reply) resolve(reply.files);
        else reject((this.#failure = new Error(`indexing the names' words failed: ${reply.error}`)));
      });
      this.#worker.on('error', (err) =>
        reject((this.#failure = new Error(`indexing the names' words failed: ${err.message}`))),
      );
      this.#worker.on('exit', (code) =>
        reject((this.#failure ??= new Error(`the names' word index stopped (exit code ${code})`))),
      );
    });
    this.#done.catch(() => undefined); // awaited by finish; a failure before then is thrown by the next add
  }

  add(entry: number, core: string): void {
    if (this.#failure !== null) throw this.#failure;
    this.#entries[this.#cores.length] = entry;
    this.#cores.push(core);
    if (this.#cores.length === RUN) this.#send();
  }

  /** Waits for every name to be indexed and the export written; returns its files. */
  async finish(): Promise<SnapshotFile[]> {
    this.#send();
    this.#worker.postMessage({ finish: true } satisfies NameWordsMessage);
    try {
      return await this.#done;
    } finally {
      await this.#worker.terminate();
    }
  }

  /** Stops the thread without its export (a build that failed elsewhere). */
  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #send(): void {
    if (this.#cores.length === 0) return;
    const entries = this.#entries.slice(0, this.#cores.length);
    this.#worker.postMessage({ entries, cores: this.#cores } satisfies NameWordsMessage, [entries.buffer]);
    this.#cores = [];
  }
}
