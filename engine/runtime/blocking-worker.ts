// Calls into a worker thread and waits for its answer without returning to the event loop: a synchronous API over
// an asynchronous client (the operator state kept in PostgreSQL), at the price of blocking this thread per call.
//
// The worker answers on a MessagePort and then raises a flag in shared memory; this thread sleeps on the flag
// (Atomics.wait) and reads the answer with receiveMessageOnPort. A call that outlives its timeout fails; its late
// answer is recognised by its id and dropped. Requests can also be sent without waiting (`send`): the worker
// answers every request in the order sent, and an answer to one of those that a blocking call reads first is
// handed to its promise.
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** What the worker finds in `workerData`, beside the caller's own data. */
export interface BlockingWorkerData<D> {
  port: MessagePort;
  signal: Int32Array;
  data: D;
}

export type BlockingReply<R> =
  { id: number; ok: true; value: R } | { id: number; ok: false; message: string; code: string | null };

/** An error the worker reported, or the silence of a worker past the timeout. */
export class BlockingCallError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null) {
    super(message);
    this.name = 'BlockingCallError';
    this.code = code;
  }
}

export class BlockingWorker<Q, R> {
  readonly #worker: Worker;
  readonly #port: MessagePort;
  readonly #signal: Int32Array;
  readonly #timeoutMs: number;
  #next = 0;
  #exited: string | null = null;
  /** Requests sent without waiting, by id. */
  readonly #pending = new Map<number, { resolve: (value: R) => void; reject: (err: Error) => void }>();

  constructor(file: string, data: unknown, timeoutMs: number) {
    const { port1, port2 } = new MessageChannel();
    this.#port = port1;
    this.#signal = new Int32Array(new SharedArrayBuffer(4));
    this.#timeoutMs = timeoutMs;
    const workerData: BlockingWorkerData<unknown> = { port: port2, signal: this.#signal, data };
    // None of this process's options: a program run with `node -e CODE` would otherwise run CODE in the worker too.
    this.#worker = new Worker(file, { workerData, transferList: [port2], execArgv: [] });
    this.#worker.on('error', (err) => (this.#exited = err.message));
    this.#worker.on('exit', (code) => (this.#exited ??= `it exited with code ${code}`));
    this.#port.on('message', (reply: BlockingReply<R>) => this.#settle(reply));
    // Neither the worker nor its port keeps the process alive: a program that is done may exit.
    this.#worker.unref();
    this.#port.unref();
  }

  /** Sends `request` without blocking: the promise settles with the worker's answer. */
  send(request: Q): Promise<R> {
    if (this.#exited !== null)
      return Promise.reject(new BlockingCallError(`the worker is gone: ${this.#exited}`, null));
    const id = ++this.#next;
    return new Promise<R>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // An answer awaited keeps the process alive, as pending I/O does.
      if (this.#pending.size === 1) this.#port.ref();
      this.#port.postMessage({ id, request });
    });
  }

  /** Hands an answer to the promise of the request sent without waiting; false when it is not one of those. */
  #settle(reply: BlockingReply<R>): boolean {
    const waiting = this.#pending.get(reply.id);
    if (waiting === undefined) return false;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#port.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new BlockingCallError(reply.message, reply.code));
    return true;
  }

  /** Sends `request` and blocks this thread until the answer (or the timeout). */
  call(request: Q): R {
    if (this.#exited !== null) throw new BlockingCallError(`the worker is gone: ${this.#exited}`, null);
    const id = ++this.#next;
    Atomics.store(this.#signal, 0, 0);
    this.#port.postMessage({ id, request });
    const deadline = Date.now() + this.#timeoutMs;
    for (;;) {
      // The flag is lowered before the port is read: an answer posted after the read raises it again.
      Atomics.store(this.#signal, 0, 0);
      const received = receiveMessageOnPort(this.#port) as { message: BlockingReply<R> } | undefined;
      if (received !== undefined) {
        const reply = received.message;
        // An answer sent earlier: to a request sent without waiting, or the late answer of a call that timed out.
        if (reply.id !== id) {
          this.#settle(reply);
          continue;
        }
        if (reply.ok) return reply.value;
        throw new BlockingCallError(reply.message, reply.code);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new BlockingCallError(`no answer within ${this.#timeoutMs} ms`, 'ETIMEDOUT');
      Atomics.wait(this.#signal, 0, 0, left);
    }
  }

  async close(): Promise<void> {
    for (const waiting of this.#pending.values()) waiting.reject(new BlockingCallError('the worker was closed', null));
    this.#pending.clear();
    this.#port.close();
    await this.#worker.terminate();
  }
}

/** The worker's side: answers each request in turn with `handle`, an error as its message and code. */
export function answerBlockingCalls<Q, R>(
  workerData: BlockingWorkerData<unknown>,
  handle: (request: Q) => Promise<R>,
): void {
  const { port, signal } = workerData;
  let queue = Promise.resolve();
  port.on('message', (message: { id: number; request: Q }) => {
    queue = queue.then(async () => {
      let reply: BlockingReply<R>;
      try {
        reply = { id: message.id, ok: true, value: await handle(message.request) };
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        reply = {
          id: message.id,
          ok: false,
          message: err instanceof Error ? err.message : String(err),
          code: typeof code === 'string' ? code : null,
        };
      }
      port.postMessage(reply);
      Atomics.store(signal, 0, 1);
      Atomics.notify(signal, 0);
    });
  });
}
