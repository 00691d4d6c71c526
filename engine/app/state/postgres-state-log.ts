// One store's log in PostgreSQL, shared by every replica: the same contract as a log file (a state replayed from
// events, commits durable when they return, check-then-write under the log's lock), kept in two tables.
//
// A commit takes the log's advisory lock in a transaction, reads what other replicas appended since this one last
// read, lets the store decide, appends and commits: the state it decided on is the state every replica sees. A
// read between commits costs nothing unless a notification said the log moved (postgres-state-logs.ts).
import type { z } from 'zod';
import { StateLogError } from '../../state/state-log-error.js';
import {
  joinedJson,
  type Durability,
  type StateLog,
  type StateLogOptions,
  type StateMachine,
} from '../../state/state-log.js';
import type { CommitReply, LogPosition, LogRead } from './postgres-requests.js';
import type { PostgresLogConnection } from './postgres-log-connection.js';

export class PostgresStateLog<S, E> implements StateLog<S, E> {
  readonly where: string;
  readonly #logs: PostgresLogConnection;
  readonly #name: string;
  readonly #schema: z.ZodType<E>;
  readonly #machine: StateMachine<S, E>;
  readonly #compactAfter: number;
  readonly #readOnly: boolean;
  #state: S;
  #generation = 0;
  #head = 0;
  #appended = 0;
  #deciding = false;

  constructor(
    logs: PostgresLogConnection,
    name: string,
    schema: z.ZodType<E>,
    machine: StateMachine<S, E>,
    options: StateLogOptions,
  ) {
    this.where = `log ${name} in ${logs.place}`;
    this.#logs = logs;
    this.#name = name;
    this.#schema = schema;
    this.#machine = machine;
    this.#compactAfter = options.compactAfter ?? 10_000;
    this.#readOnly = options.readOnly ?? false;
    this.#state = machine.initial();
    const first = this.#ask('read', (logs) => logs.read(name, 0, 0));
    const meter = options.progress?.(options.label ?? name, first.head, 'events') ?? null;
    try {
      this.#apply(first, () => meter?.advance(1));
      this.#readRest(first.head, () => meter?.advance(1));
    } finally {
      meter?.finish();
    }
  }

  /** Reads page after page until the head a read said the log had. */
  #readRest(head: number, each?: () => void): void {
    while (this.#head < head) {
      const page = this.#ask('read', (logs) => logs.read(this.#name, this.#generation, this.#head));
      if (page.events.length === 0) return;
      this.#apply(page, each);
    }
  }

  get state(): Readonly<S> {
    return this.#state;
  }

  commit(event: E, durability: Durability = 'fsync'): void {
    this.commitMany([event], durability);
  }

  commitMany(events: readonly E[], durability: Durability = 'fsync'): void {
    if (events.length === 0) return;
    this.#writable();
    const done = this.#ask('write', (logs) =>
      logs.commit(this.#name, this.#generation, this.#head, this.#json(events), durability === 'fsync'),
    );
    this.#apply(done.read);
    this.#written(done, events);
  }

  /** As `commitMany`, in one round trip that this thread does not wait for: the promise settles when it is done. */
  async commitSoon(events: readonly E[], durability: Durability = 'fsync'): Promise<void> {
    if (events.length === 0) return;
    this.#writable();
    let done: CommitReply;
    try {
      done = await this.#logs.commitSoon(
        this.#name,
        this.#generation,
        this.#head,
        this.#json(events),
        durability === 'fsync',
      );
    } catch (err) {
      throw this.#failed('write', err);
    }
    this.#apply(done.read);
    this.#written(done, events);
  }

  transact(decide: (state: Readonly<S>) => readonly E[], durability: Durability = 'fsync'): readonly E[] {
    this.#writable();
    const read = this.#ask('write', (logs) => logs.lock(this.#name, this.#generation, this.#head));
    let events: readonly E[];
    try {
      this.#apply(read);
      this.#deciding = true;
      try {
        events = decide(this.#state);
      } finally {
        this.#deciding = false;
      }
    } catch (err) {
      this.#abort();
      throw err;
    }
    if (events.length === 0) {
      this.#abort();
      return events;
    }
    this.#written(
      this.#ask('write', (logs) => logs.append(this.#name, this.#json(events), durability === 'fsync')),
      events,
    );
    return events;
  }

  /**
   * Reads what other replicas appended. While the database does not answer, the log keeps what it holds (a read of
   * a key answers as it stood); a bad event read is still an error, never skipped.
   */
  refresh(): void {
    if (this.#deciding || !this.#logs.moved(this.#name, this.#generation, this.#head)) return;
    this.#catchUp();
  }

  /** Reads from the database whatever the notices said: a commit on another replica may not have been heard yet. */
  sync(): void {
    if (this.#deciding) return;
    this.#catchUp();
  }

  /** The events as one JSON array, each written as the machine writes it. */
  #json(events: readonly E[]): string {
    const encode = this.#machine.encode?.bind(this.#machine);
    return encode === undefined ? JSON.stringify(events) : `[${events.map((e) => joinedJson(encode(e))).join(',')}]`;
  }

  #catchUp(): void {
    for (;;) {
      let read: LogRead;
      try {
        read = this.#logs.read(this.#name, this.#generation, this.#head);
      } catch (err) {
        this.#logs.unreachable(err);
        return;
      }
      this.#apply(read);
      // A long catch-up comes in pages, up to the head the database had.
      if (read.events.length === 0 || this.#head >= read.head) return;
    }
  }

  compact(): void {
    if (this.#readOnly) throw new StateLogError(`${this.where} is open read-only`);
    const read = this.#ask('write', (logs) => logs.lock(this.#name, this.#generation, this.#head));
    try {
      this.#apply(read);
    } catch (err) {
      this.#abort();
      throw err;
    }
    const done = this.#ask('write', (logs) =>
      logs.replace(this.#name, this.#json([...this.#machine.compacted(this.#state)])),
    );
    this.#generation = done.generation;
    this.#head = done.head;
    this.#logs.saw(this.#name, done.generation, done.head);
    this.#appended = 0;
  }

  close(): void {
    // The connection is the logs' own, closed with them.
  }

  /** Compaction after a commit: the commit is already durable, so a failure here only leaves the log longer. */
  #compactSoftly(): void {
    try {
      this.compact();
    } catch {
      this.#appended = 0; // tried again after as many events more
    }
  }

  #abort(): void {
    try {
      this.#logs.abort();
    } catch {
      // The connection is gone, and its transaction with it.
    }
  }

  #writable(): void {
    if (this.#readOnly) throw new StateLogError(`${this.where} is open read-only`);
    if (this.#deciding) throw new StateLogError(`${this.where}: a write was started inside another write's decision`);
  }

  /**
   * Applies what a read returned: from the start when the log was compacted (a newer generation) since. Events at
   * or before the head are skipped: a write sent without waiting may be answered after a later read saw it.
   */
  #apply(read: LogRead, each?: () => void): void {
    if (read.generation < this.#generation) return; // an answer from before a compaction this log already read
    if (read.generation > this.#generation) {
      this.#state = this.#machine.initial();
      this.#head = 0;
      this.#generation = read.generation;
    }
    let applied = 0;
    for (const { seq, event } of read.events) {
      if (seq <= this.#head) continue;
      const parsed = this.#schema.safeParse(event);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new StateLogError(
          `${this.where} is corrupt at event ${seq} (field "${issue?.path.join('.') ?? '?'}": ${issue?.message ?? 'invalid'}); restore it from a backup, or delete that row knowingly`,
        );
      }
      this.#machine.apply(this.#state, parsed.data);
      this.#head = seq;
      applied++;
      each?.();
    }
    if (applied > 0) this.#machine.settle?.(this.#state);
    this.#logs.saw(this.#name, this.#generation, this.#head);
  }

  /** Applies this log's own events, just appended: the last `events.length` before `done.head`. */
  #written(done: LogPosition, events: readonly E[]): void {
    if (done.generation === this.#generation) {
      const first = done.head - events.length + 1;
      let applied = 0;
      for (const [i, event] of events.entries()) {
        if (first + i <= this.#head) continue;
        this.#machine.apply(this.#state, event);
        applied++;
      }
      this.#head = Math.max(this.#head, done.head);
      if (applied > 0) this.#machine.settle?.(this.#state);
      this.#logs.saw(this.#name, done.generation, done.head);
    }
    this.#appended += events.length;
    if (this.#appended >= this.#compactAfter) this.#compactSoftly();
  }

  /** Runs one round trip to the database, its failure said as this log's. */
  #ask<T>(what: 'read' | 'write', round: (logs: PostgresLogConnection) => T): T {
    try {
      return round(this.#logs);
    } catch (err) {
      throw this.#failed(what, err);
    }
  }

  #failed(what: 'read' | 'write', err: unknown): StateLogError {
    const reason = err instanceof Error ? err.message : String(err);
    return new StateLogError(
      what === 'read'
        ? `cannot read state ${this.where}: ${reason}`
        : `cannot write state ${this.where}: ${reason}; the change may not have been recorded`,
    );
  }
}
