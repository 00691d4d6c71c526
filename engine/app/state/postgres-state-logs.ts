// The operator state in PostgreSQL (UNSHELL_STATE_URL), shared by every replica serving the same snapshot.
//
// Stores keep their synchronous API: each round trip runs in a worker thread that this thread waits for
// (engine/runtime/blocking-worker.ts), which a commit (two round trips on loopback, well under a millisecond) can
// afford and a request's read of a key must not. So reads are local: every commit notifies (LISTEN/NOTIFY) with
// its log's generation and head, one listening connection here keeps the newest it heard of each log, and a store's
// `refresh` goes to the database only when that says its log moved. Without the listener (lost, or a CLI command
// that does not listen) every refresh reads, which is slower but never stale.
import pg from 'pg';
import type { z } from 'zod';
import { BlockingWorker } from '../../runtime/blocking-worker.js';
import { appFile } from '../../runtime/app-files.js';
import type { StateLog, StateLogOptions, StateLogs, StateMachine } from '../../state/state-log.js';
import {
  COMMIT_CALL,
  parseStateNotice,
  STATE_CHANNEL,
  STATEMENT_LIMITS,
  type CommitReply,
  type LogPosition,
  type LogRead,
  type PostgresReply,
  type PostgresRequest,
} from './postgres-requests.js';
import type { PostgresLogConnection } from './postgres-log-connection.js';
import { PostgresStateLog } from './postgres-state-log.js';

/** How long calls fail at once after one failed. */
const FAIL_FAST_MS = 1_000;

export interface PostgresStateOptions {
  /** Follow other replicas' commits as they happen (a server); a one-shot command reads at each refresh instead. */
  listen: boolean;
  /** How long a round trip may take before the store's call fails. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/** The URL without its password, for messages and logs. */
export function describeStateUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (UNSHELL_STATE_URL)';
  }
}

export class PostgresStateLogs implements StateLogs, PostgresLogConnection {
  readonly place: string;
  readonly shared = true;
  readonly #url: string;
  readonly #worker: BlockingWorker<PostgresRequest, PostgresReply>;
  readonly #log: (line: string) => void;
  /** The newest position heard of each log, from notifications and this process's own reads and writes. */
  readonly #heard = new Map<string, LogPosition>();
  /** Who follows each log (`onMoved`). */
  readonly #watchers = new Map<string, Set<() => void>>();
  #listener: pg.Client | null = null;
  /**
   * The last commit sent on the listening connection: the next is sent once it is answered, since a client runs one
   * query at a time (a query sent meanwhile is queued by the driver, which is going away).
   */
  #listenerTurn: Promise<unknown> = Promise.resolve();
  #listening = false;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  /** The last failed round trip, while calls fail fast after it. */
  #failure: { at: number; why: string } | null = null;

  private constructor(url: string, options: PostgresStateOptions) {
    this.#url = url;
    this.place = describeStateUrl(url);
    this.#log = options.log ?? ((): void => undefined);
    this.#worker = new BlockingWorker(
      appFile('engine/app/state/postgres-worker.js'),
      { url },
      options.timeoutMs ?? 10_000,
    );
  }

  /** Connects, creates the tables when missing, and (with `listen`) starts following other replicas' commits. */
  static async connect(url: string, options: PostgresStateOptions): Promise<PostgresStateLogs> {
    const logs = new PostgresStateLogs(url, options);
    try {
      logs.call({ kind: 'schema' });
      if (options.listen) await logs.#listen();
    } catch (err) {
      await logs.close();
      throw err;
    }
    return logs;
  }

  open<S, E>(
    name: string,
    schema: z.ZodType<E>,
    machine: StateMachine<S, E>,
    options: StateLogOptions = {},
  ): StateLog<S, E> {
    const log = new PostgresStateLog(this, name, schema, machine, options);
    const onMoved = options.onMoved;
    if (onMoved !== undefined) {
      const watchers = this.#watchers.get(name) ?? new Set();
      watchers.add(onMoved);
      this.#watchers.set(name, watchers);
    }
    return log;
  }

  /** Whether `log` may hold events past this position: always, while no listener is connected. */
  moved(log: string, generation: number, head: number): boolean {
    if (!this.#listening) return true;
    const heard = this.#heard.get(log);
    return heard !== undefined && (heard.generation !== generation || heard.head > head);
  }

  /** A position a log read or wrote: news older than it is no news. */
  saw(log: string, generation: number, head: number): void {
    const heard = this.#heard.get(log);
    if (heard === undefined || heard.generation !== generation || heard.head < head)
      this.#heard.set(log, { generation, head });
  }

  read(log: string, generation: number, after: number): LogRead {
    return asRead(this.call({ kind: 'read', log, generation, after }));
  }

  /** Opens a transaction holding the log's lock, and reads what was appended after the position. */
  lock(log: string, generation: number, after: number): LogRead {
    return asRead(this.call({ kind: 'lock', log, generation, after }));
  }

  /** Takes the log's lock, reads after the position, appends the events and commits: one round trip. */
  commit(log: string, generation: number, after: number, events: string, durable: boolean): CommitReply {
    return asCommit(this.call(commitRequest(log, generation, after, events, durable)));
  }

  /** As `commit`, without blocking this thread. */
  async commitSoon(
    log: string,
    generation: number,
    after: number,
    events: string,
    durable: boolean,
  ): Promise<CommitReply> {
    this.#closedCircuit();
    const listener = this.#listening ? this.#listener : null;
    try {
      let sent: Promise<PostgresReply>;
      if (listener === null) sent = this.#worker.send(commitRequest(log, generation, after, events, durable));
      else {
        sent = this.#listenerTurn.then(() => commitOn(listener, log, generation, after, events, durable));
        this.#listenerTurn = sent.catch(() => undefined);
      }
      const reply = asCommit(await sent);
      this.#answered();
      return reply;
    } catch (err) {
      this.#failed(err);
      throw err;
    }
  }

  append(log: string, events: string, durable: boolean): LogPosition {
    return asLogPosition(this.call({ kind: 'append', log, events, durable }));
  }

  replace(log: string, events: string): LogPosition {
    return asLogPosition(this.call({ kind: 'replace', log, events }));
  }

  /** Sent even while calls fail fast: a transaction left open would hold its log's lock. */
  abort(): void {
    this.#worker.call({ kind: 'abort' });
  }

  /**
   * One round trip, this thread waiting for it. After a failure, calls fail at once for a second instead of each
   * waiting for a connection that is not coming: the thread that waits is the one that answers every request.
   */
  call(request: PostgresRequest): PostgresReply {
    this.#closedCircuit();
    try {
      const reply = this.#worker.call(request);
      this.#answered();
      return reply;
    } catch (err) {
      this.#failed(err);
      throw err;
    }
  }

  /** A read of what other replicas wrote failed: the store answers from what this replica holds meanwhile. */
  unreachable(err: unknown): void {
    this.#failed(err);
  }

  #closedCircuit(): void {
    if (this.#failure !== null && Date.now() - this.#failure.at < FAIL_FAST_MS)
      throw new Error(`PostgreSQL did not answer a moment ago (${this.#failure.why}); trying again shortly`);
  }

  #failed(err: unknown): void {
    const why = err instanceof Error ? err.message : String(err);
    if (this.#failure === null)
      this.#log(
        `state: cannot reach ${this.place} (${why}): reads answer from what this replica holds, writes are refused until it answers`,
      );
    this.#failure = { at: Date.now(), why };
  }

  #answered(): void {
    if (this.#failure === null) return;
    this.#failure = null;
    this.#log(`state: ${this.place} answers again`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    if (this.#retry !== null) clearTimeout(this.#retry);
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => undefined);
    await this.#worker.close();
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // It also carries commits that the thread does not wait for (`commitSoon`): the worker's limits.
      options: STATEMENT_LIMITS,
    });
    client.on('notification', (n) => {
      const notice = n.channel === STATE_CHANNEL ? parseStateNotice(n.payload) : null;
      if (notice === null) return;
      this.saw(notice.log, notice.generation, notice.head);
      for (const watcher of this.#watchers.get(notice.log) ?? []) watcher();
    });
    const lost = (): void => {
      if (this.#listener !== client) return;
      this.#listener = null;
      this.#listening = false;
      if (this.#closed) return;
      this.#log(
        `state: lost the notification connection to ${this.place}; reading the state at each use until it is back`,
      );
      this.#relisten(1_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${STATE_CHANNEL}`);
    this.#listener = client;
    // What was committed while no one listened is unknown: every log reads once before trusting the silence.
    for (const [log, position] of this.#heard) this.#heard.set(log, { generation: -1, head: position.head });
    this.#listening = true;
    for (const watchers of this.#watchers.values()) for (const watcher of watchers) watcher();
  }

  #relisten(delayMs: number): void {
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#listen().then(
        () => this.#log(`state: following ${this.place} again`),
        () => this.#relisten(Math.min(delayMs * 2, 10_000)),
      );
    }, delayMs);
    this.#retry.unref();
  }
}

function commitRequest(
  log: string,
  generation: number,
  after: number,
  events: string,
  durable: boolean,
): PostgresRequest {
  return { kind: 'commit', log, generation, after, events, durable };
}

/**
 * A commit sent on the listening connection, from this thread: a round trip without the hop to the worker thread
 * and back, which on a busy machine waits for that thread's turn twice.
 */
async function commitOn(
  client: pg.Client,
  log: string,
  generation: number,
  after: number,
  events: string,
  durable: boolean,
): Promise<PostgresReply> {
  const rows = (await client.query(COMMIT_CALL, [log, generation, after, events, durable])).rows as {
    answer: CommitReply;
  }[];
  return rows[0]?.answer ?? null;
}

function asCommit(reply: PostgresReply): CommitReply {
  if (reply === null || !('read' in reply)) throw new Error('the state worker answered a commit without its read');
  return reply;
}

function asRead(reply: PostgresReply): LogRead {
  if (reply === null || !('events' in reply) || 'read' in reply)
    throw new Error('the state worker answered a read without events');
  return reply;
}

function asLogPosition(reply: PostgresReply): LogPosition {
  if (reply === null || 'events' in reply) throw new Error('the state worker answered a write without its position');
  return { generation: reply.generation, head: reply.head };
}
