// What an operator-state log offers its store, wherever the log is kept (files in the data directory, or
// PostgreSQL shared by replicas): a state rebuilt from events, commits that are durable when they return, and
// reads of what other processes appended.
import type { z } from 'zod';
import type { PassProgress } from '../runtime/pass-progress.js';

/** How a state is rebuilt from its events, and written back as few events as possible. */
export interface StateMachine<S, E> {
  initial(): S;
  apply(state: S, event: E): void;
  /** Events that rebuild `state` from `initial()`: what compaction writes. */
  compacted(state: S): Iterable<E>;
  /** Called once after a run of `apply` (a replay, a commit of many): work that can wait for the last of them. */
  settle?(state: S): void;
  /**
   * The event as JSON, where the machine has a cheaper way to write it than `JSON.stringify` (parts already written):
   * whole, or in parts that follow one another, which a log writes one after another without joining them first.
   */
  encode?(event: E): EncodedEvent;
}

/**
 * An event's JSON, whole or in parts that follow one another. Each part holds whole characters (no surrogate pair
 * split between two): each is encoded as UTF-8 on its own.
 */
export type EncodedEvent = string | readonly string[];

/** An event's JSON in one string. */
export const joinedJson = (encoded: EncodedEvent): string => (typeof encoded === 'string' ? encoded : encoded.join(''));

/** `fsync`: survives a power cut (keys, payments). `write`: survives a crash of the process (usage counters). */
export type Durability = 'fsync' | 'write';

export interface StateLogOptions {
  /** Compact once this many events have been appended since the last compaction. */
  compactAfter?: number;
  /** Replay only: no lock, no repair, no writes (`unshell keys list` beside a running server). */
  readOnly?: boolean;
  /**
   * The only writer, for as long as it is open: a file log takes its lock once at open and holds it until close,
   * so that a commit is one write(2). A log shared by replicas has no single writer and ignores it.
   */
  exclusive?: boolean;
  /** Told when a torn last line (a write cut off by a crash) is cut from a file log at open. */
  warn?: (message: string) => void;
  /** Meters the replay at open: a long journal takes minutes. */
  progress?: PassProgress;
  /** The name of that pass. */
  label?: string;
  /**
   * Told (on a later turn of the event loop) when another process may have appended to the log: a reader that
   * follows it calls `refresh`. Only logs shared by replicas tell; a file is read at each refresh.
   */
  onMoved?: () => void;
}

export interface StateLog<S, E> {
  /** Where the log is, for messages: a file's path, or a log in a PostgreSQL database. */
  readonly where: string;
  readonly state: Readonly<S>;
  /** Writes the event, then applies it: when this returns, the event survives a crash. */
  commit(event: E, durability?: Durability): void;
  /** Writes the events at once, then applies them: when this returns, every one survives a crash. */
  commitMany(events: readonly E[], durability?: Durability): void;
  /**
   * As `commitMany`, without blocking this thread where the log allows it (one shared by replicas, whose round
   * trip is worth not waiting for); the promise settles once the events are written and applied.
   */
  commitSoon(events: readonly E[], durability?: Durability): Promise<void>;
  /**
   * Reads what every process appended, then asks `decide` for the events to write, holding the log's lock from
   * the read to the write: a check of the state and the write it allows cannot be overtaken by another process
   * (a credit spent once, a payment recorded once). Returns the events written (none when `decide` gave none).
   */
  transact(decide: (state: Readonly<S>) => readonly E[], durability?: Durability): readonly E[];
  /** Reads events other processes appended since the last read. Cheap when there are none. */
  refresh(): void;
  /**
   * Reads every event appended up to now, whether or not this process has heard of it yet: for an answer that must
   * not be stale (a payment made on another replica a moment ago), where `refresh` may still wait for the notice.
   */
  sync(): void;
  /** Rewrites the log as the events that rebuild the current state. */
  compact(): void;
  close(): void;
}

/** Where a service keeps its logs: one place opens every store's log by its name (`keys.log`, `usage.log`, …). */
export interface StateLogs {
  /** The place, for messages: a folder, or a PostgreSQL database. */
  readonly place: string;
  /** Whether other processes on other machines share these logs (replicas): stores then batch what they count. */
  readonly shared: boolean;
  open<S, E>(
    name: string,
    schema: z.ZodType<E>,
    machine: StateMachine<S, E>,
    options?: StateLogOptions,
  ): StateLog<S, E>;
}
