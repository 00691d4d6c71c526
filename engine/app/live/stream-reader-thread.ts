// The reading of the Companies House streams, in a thread of its own: parsing, checking and turning an event into a
// change, and writing that change as the journal's JSON, cost about as much as applying it. In their own thread
// they take that cost, and the garbage they make, off the event loop that answers requests, and a read is read
// while the one before it is applied.
import { Worker } from 'node:worker_threads';
import { appFile } from '../../runtime/app-files.js';
import type { ReadEvent } from '../external/companies-house-stream.js';
import type { StreamChange } from './stream-change-reading.js';
import type { StreamReadReply, StreamReadRequest } from './stream-reader-worker.js';

type Pending = { resolve: (read: Array<ReadEvent<StreamChange> | null>) => void; reject: (err: Error) => void };

/** One thread for every stream: reads are answered in the order asked. */
export class StreamReaderThread {
  #worker: Worker | null = null;
  #next = 0;
  readonly #pending = new Map<number, Pending>();
  #closed = false;

  /** The lines of one read of a stream, each as the change its event makes (null: not an event). */
  read(lines: readonly string[]): Promise<Array<ReadEvent<StreamChange> | null>> {
    if (this.#closed) return Promise.reject(new Error('the stream reader is closed'));
    const id = this.#next++;
    const worker = this.#started();
    return new Promise((resolve, reject) => {
      // A read awaited keeps the process alive; an idle thread does not.
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, lines } satisfies StreamReadRequest);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }

  /** The thread, started again when it stopped: a failure fails the reads it held, not the ones after. */
  #started(): Worker {
    if (this.#worker !== null) return this.#worker;
    const worker = new Worker(appFile('engine/app/live/stream-reader-worker.js'));
    worker.unref();
    worker.on('message', (reply: StreamReadReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if ('read' in reply) pending?.resolve(reply.read);
      else pending?.reject(new Error(`reading the stream failed: ${reply.error}`));
    });
    const fail = (why: string): void => {
      if (this.#worker === worker) this.#worker = null;
      for (const pending of this.#pending.values()) pending.reject(new Error(why));
      this.#pending.clear();
    };
    worker.on('error', (err) => fail(`the stream reader failed: ${err.message}`));
    worker.on('exit', (code) => fail(`the stream reader stopped (exit code ${code})`));
    this.#worker = worker;
    return worker;
  }
}
