// The worker thread behind the PostgreSQL state logs: one connection, one request at a time, each answered to a
// main thread that waits for it (engine/runtime/blocking-worker.ts).
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { answerBlockingCalls, type BlockingWorkerData } from '../../runtime/blocking-worker.js';
import {
  COMMIT_CALL,
  STATE_CHANNEL,
  STATEMENT_LIMITS,
  type CommitReply,
  type LogPosition,
  type LogRead,
  type PostgresReply,
  type PostgresRequest,
} from './postgres-requests.js';

const { data } = workerData as BlockingWorkerData<{ url: string }>;

/**
 * Two tables, each log's generation and head and the events (`jsonb`, so an operator can read them with SQL), and
 * the functions that lock, read and append in one statement: a commit is one round trip, not the nine of its
 * statements sent one by one, which held a request's answer for 4 ms at 20 events a commit.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS unshell_state_logs (
  log text PRIMARY KEY,
  generation bigint NOT NULL DEFAULT 1,
  head bigint NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS unshell_state_events (
  log text NOT NULL REFERENCES unshell_state_logs (log),
  seq bigint NOT NULL,
  event jsonb NOT NULL,
  PRIMARY KEY (log, seq)
);
-- Takes the log's lock for the transaction (its row made first) and reads what it holds after the position: every
-- event when the generation changed. Each statement of a volatile function reads the database anew, so the read
-- sees every commit made before the lock was granted.
CREATE OR REPLACE FUNCTION unshell_state_lock(p_log text, p_generation bigint, p_after bigint)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_generation bigint;
  v_head bigint;
  v_events jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('unshell_state:' || p_log, 0));
  INSERT INTO unshell_state_logs (log) VALUES (p_log) ON CONFLICT DO NOTHING;
  SELECT generation, head INTO v_generation, v_head FROM unshell_state_logs WHERE log = p_log;
  SELECT coalesce(jsonb_agg(jsonb_build_object('seq', seq, 'event', event) ORDER BY seq), '[]'::jsonb)
    INTO v_events
    FROM unshell_state_events
    WHERE log = p_log AND seq > CASE WHEN v_generation = p_generation THEN p_after ELSE 0 END;
  RETURN jsonb_build_object('generation', v_generation, 'head', v_head, 'events', v_events);
END $$;
-- In a transaction holding the log's lock: appends the events after the head and tells the listeners. Not durable:
-- the commit returns before its WAL is flushed (a crash of PostgreSQL may lose it).
CREATE OR REPLACE FUNCTION unshell_state_append(p_log text, p_events jsonb, p_durable boolean)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_generation bigint;
  v_head bigint;
BEGIN
  IF NOT p_durable THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  INSERT INTO unshell_state_events (log, seq, event)
    SELECT l.log, l.head + t.ord, t.e
    FROM unshell_state_logs l, jsonb_array_elements(p_events) WITH ORDINALITY AS t(e, ord)
    WHERE l.log = p_log;
  UPDATE unshell_state_logs SET head = head + jsonb_array_length(p_events) WHERE log = p_log
    RETURNING generation, head INTO v_generation, v_head;
  PERFORM pg_notify('${STATE_CHANNEL}', v_generation || ' ' || v_head || ' ' || p_log);
  RETURN jsonb_build_object('generation', v_generation, 'head', v_head);
END $$;
-- Both in one statement, its own transaction: events that need no decision.
CREATE OR REPLACE FUNCTION unshell_state_commit(
  p_log text, p_generation bigint, p_after bigint, p_events jsonb, p_durable boolean)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_read jsonb;
BEGIN
  v_read := unshell_state_lock(p_log, p_generation, p_after);
  RETURN unshell_state_append(p_log, p_events, p_durable) || jsonb_build_object('read', v_read);
END $$;`;

/** The advisory lock key of the schema's creation; a log's key is hashed from its name. */
const SCHEMA_LOCK = 0x756e7368;

const READ = `
SELECT l.generation::text AS generation, l.head::text AS head, e.seq::text AS seq, e.event
FROM unshell_state_logs l
LEFT JOIN unshell_state_events e
  ON e.log = l.log AND e.seq > CASE WHEN l.generation = $2::bigint THEN $3::bigint ELSE 0 END
WHERE l.log = $1
ORDER BY e.seq
LIMIT $4`;

/** Rows per read outside a transaction: a journal of a million changes replays in pages, not in one answer. */
const READ_PAGE = 20_000;

let client: pg.Client | null = null;
let inTransaction = false;

async function connection(): Promise<pg.Client> {
  if (client !== null) return client;
  const fresh = new pg.Client({
    connectionString: data.url,
    connectionTimeoutMillis: 5_000,
    options: STATEMENT_LIMITS,
  });
  // A lost connection is replaced at the next request; the transaction it held is rolled back by the server.
  fresh.on('error', () => {
    if (client === fresh) client = null;
  });
  await fresh.connect();
  client = fresh;
  return fresh;
}

/** `limit` rows at most (a page of a long log's replay); null: every row (a read under the lock). */
async function read(
  c: pg.Client,
  log: string,
  generation: number,
  after: number,
  limit: number | null = null,
): Promise<LogRead> {
  const rows = (await c.query(READ, [log, generation, after, limit])).rows as {
    generation: string;
    head: string;
    seq: string | null;
    event: unknown;
  }[];
  const first = rows[0];
  if (first === undefined) return { generation: 0, head: 0, events: [] };
  const events = rows.flatMap((r) => (r.seq === null ? [] : [{ seq: Number(r.seq), event: r.event }]));
  return { generation: Number(first.generation), head: Number(first.head), events };
}

/** The one jsonb value a call of one of the schema's functions answers. */
async function call<T>(c: pg.Client, sql: string, values: unknown[]): Promise<T> {
  const row = (await c.query(sql, values)).rows[0] as { answer: T } | undefined;
  if (row === undefined) throw new Error(`no answer to ${sql}`);
  return row.answer;
}

/** Opens a transaction holding the log's lock (a row for the log made first), and reads after the position. */
async function lock(c: pg.Client, log: string, generation: number, after: number): Promise<LogRead> {
  // A transaction a failed round left open (its abort never came) is rolled back, not joined.
  if (inTransaction) await c.query('ROLLBACK');
  await c.query('BEGIN');
  inTransaction = true;
  return call<LogRead>(c, 'SELECT unshell_state_lock($1, $2, $3) AS answer', [log, generation, after]);
}

async function commit(c: pg.Client): Promise<void> {
  await c.query('COMMIT');
  inTransaction = false;
}

/** The position a commit left, told to the listeners with the commit (NOTIFY is sent when the transaction ends). */
async function position(c: pg.Client, log: string): Promise<LogPosition> {
  return call<LogPosition>(
    c,
    `SELECT jsonb_build_object('generation', generation, 'head', head) AS answer,
       pg_notify($2, generation || ' ' || head || ' ' || log)
     FROM unshell_state_logs WHERE log = $1`,
    [log, STATE_CHANNEL],
  );
}

async function handle(request: PostgresRequest): Promise<PostgresReply> {
  const c = await connection();
  try {
    return await run(c, request);
  } catch (err) {
    if (inTransaction) {
      inTransaction = false;
      await c.query('ROLLBACK').catch(() => undefined);
    }
    throw err;
  }
}

async function run(c: pg.Client, request: PostgresRequest): Promise<PostgresReply> {
  switch (request.kind) {
    case 'schema':
      await c.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        await c.query(SCHEMA);
      } finally {
        await c.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      }
      return null;
    case 'read':
      return read(c, request.log, request.generation, request.after, READ_PAGE);
    case 'lock':
      return lock(c, request.log, request.generation, request.after);
    case 'append': {
      if (!inTransaction) throw new Error('append without the lock');
      const at = await call<LogPosition>(c, 'SELECT unshell_state_append($1, $2::jsonb, $3) AS answer', [
        request.log,
        request.events,
        request.durable,
      ]);
      await commit(c);
      return at;
    }
    case 'commit':
      // One statement, so its own transaction: nothing is left open when the connection drops halfway.
      return call<CommitReply>(c, COMMIT_CALL, [
        request.log,
        request.generation,
        request.after,
        request.events,
        request.durable,
      ]);
    case 'replace': {
      if (!inTransaction) throw new Error('replace without the lock');
      await c.query('DELETE FROM unshell_state_events WHERE log = $1', [request.log]);
      await c.query(
        `INSERT INTO unshell_state_events (log, seq, event)
         SELECT $1, t.ord, t.e FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, ord)`,
        [request.log, request.events],
      );
      await c.query(
        'UPDATE unshell_state_logs SET generation = generation + 1, head = jsonb_array_length($2::jsonb) WHERE log = $1',
        [request.log, request.events],
      );
      const at = await position(c, request.log);
      await commit(c);
      return at;
    }
    case 'abort':
      if (inTransaction) {
        inTransaction = false;
        await c.query('ROLLBACK');
      }
      return null;
  }
}

answerBlockingCalls(workerData as BlockingWorkerData<unknown>, handle);
