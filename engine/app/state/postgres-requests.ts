// What the state logs ask of their PostgreSQL worker, and what it answers: one request per round of a commit.

/** A log's rows after a cursor, read in one statement (one snapshot of the database). */
export interface LogRead {
  /** Bumped by each compaction: a reader of an older generation reads the log again from its start. */
  generation: number;
  head: number;
  /** Events after the cursor, in order; every event of the log when the generation changed. */
  events: { seq: number; event: unknown }[];
}

export type PostgresRequest =
  /** Creates the tables when missing (once per database, under a lock: replicas start together). */
  | { kind: 'schema' }
  /** What the log holds after `after` of `generation`: a page of it, when it holds more. */
  | { kind: 'read'; log: string; generation: number; after: number }
  /** Opens a transaction holding the log's lock, and reads as `read` does. */
  | { kind: 'lock'; log: string; generation: number; after: number }
  /** In the transaction `lock` opened: appends the events (JSON array), tells listeners, commits. */
  | { kind: 'append'; log: string; events: string; durable: boolean }
  /** In the transaction `lock` opened: replaces the log by the events (JSON array) as a new generation, commits. */
  | { kind: 'replace'; log: string; events: string }
  /** Rolls back the transaction `lock` opened (nothing to write, or the decision failed). */
  | { kind: 'abort' }
  /** `lock`, then `append`, in one round: events that need no decision. */
  | { kind: 'commit'; log: string; generation: number; after: number; events: string; durable: boolean };

/** Where a log stands after a write. */
export interface LogPosition {
  generation: number;
  head: number;
}

/** What a `commit` read before it appended, and where the log stands after. */
export interface CommitReply extends LogPosition {
  read: LogRead;
}

export type PostgresReply = LogRead | LogPosition | CommitReply | null;

/**
 * A `commit` as one statement (the schema's function), so its own transaction. Parameters: log, generation, after,
 * events (a JSON array), durable.
 */
export const COMMIT_CALL = 'SELECT unshell_state_commit($1, $2, $3, $4::jsonb, $5) AS answer';

/** Every state connection's limits: a replica frozen in the middle of a commit must not hold a log's lock for ever. */
export const STATEMENT_LIMITS =
  '-c lock_timeout=5000 -c statement_timeout=8000 -c idle_in_transaction_session_timeout=10000';

/** The channel every commit notifies, with `<generation> <head> <log>` as its payload. */
export const STATE_CHANNEL = 'unshell_state';

/** Parses a notification's payload; null when it is not one of ours. */
export function parseStateNotice(
  payload: string | undefined,
): { log: string; generation: number; head: number } | null {
  const match = /^(\d+) (\d+) (.+)$/s.exec(payload ?? '');
  if (match === null) return null;
  return { generation: Number(match[1]), head: Number(match[2]), log: match[3] ?? '' };
}
