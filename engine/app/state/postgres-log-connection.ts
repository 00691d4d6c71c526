// What one log in PostgreSQL needs of the connection its replica shares among its logs (postgres-state-logs.ts).
import type { CommitReply, LogPosition, LogRead } from './postgres-requests.js';

export interface PostgresLogConnection {
  /** The database, for messages (without its password). */
  readonly place: string;
  /** Whether `log` may hold events past this position. */
  moved(log: string, generation: number, head: number): boolean;
  /** A position a log read or wrote. */
  saw(log: string, generation: number, head: number): void;
  read(log: string, generation: number, after: number): LogRead;
  /** Opens a transaction holding the log's lock, and reads what was appended after the position. */
  lock(log: string, generation: number, after: number): LogRead;
  /** In the transaction `lock` opened: appends `events` (a JSON array) and commits. */
  append(log: string, events: string, durable: boolean): LogPosition;
  /** In the transaction `lock` opened: replaces the log by `events` (a JSON array), as its next generation, and commits. */
  replace(log: string, events: string): LogPosition;
  /** Rolls back the transaction `lock` opened. */
  abort(): void;
  /** A read failed to reach the database: the log answers from what it holds meanwhile. */
  unreachable(err: unknown): void;
  /** `lock` and `append` in one round trip. */
  commit(log: string, generation: number, after: number, events: string, durable: boolean): CommitReply;
  /** As `commit`, without blocking this thread. */
  commitSoon(log: string, generation: number, after: number, events: string, durable: boolean): Promise<CommitReply>;
}
