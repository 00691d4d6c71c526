// The worker thread behind the PostgreSQL state logs: one connection, one request at a time, each answered to a
// main thread that waits for it (engine/runtime/blocking-worker.ts).
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { answerBlockingCalls, type BlockingWorkerData } from '../../runtime/blocking-worker.js';
import {
  STATE_CHANNEL,
  type LogPosition,
  type LogRead,
  type PostgresReply,
  type PostgresRequest,
} from './postgres-requests.js';

const { data } = workerData as BlockingWorkerData<{ url: string }>;

/** Two tables: each log's generation and head, and the events. `jsonb`, so an operator can read them with SQL. */
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
);`;

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
    // A replica frozen in the middle of a commit must not hold a log's lock for ever.
    options: '-c lock_timeout=5000 -c statement_timeout=8000 -c idle_in_transaction_session_timeout=10000',
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

async function finish(c: pg.Client, log: string): Promise<LogPosition> {
  const row = (
    await c.query(
      `SELECT generation::text AS generation, head::text AS head,
         pg_notify($2, generation || ' ' || head || ' ' || log) FROM unshell_state_logs WHERE log = $1`,
      [log, STATE_CHANNEL],
    )
  ).rows[0] as { generation: string; head: string };
  await c.query('COMMIT');
  inTransaction = false;
  return { generation: Number(row.generation), head: Number(row.head) };
}

/** Opens a transaction holding the log's lock (a row for the log made first), and reads after the position. */
async function lock(c: pg.Client, log: string, generation: number, after: number): Promise<LogRead> {
  // A transaction a failed round left open (its abort never came) is rolled back, not joined.
  if (inTransaction) await c.query('ROLLBACK');
  await c.query('BEGIN');
  inTransaction = true;
  await c.query("SELECT pg_advisory_xact_lock(hashtextextended('unshell_state:' || $1, 0))", [log]);
  await c.query('INSERT INTO unshell_state_logs (log) VALUES ($1) ON CONFLICT DO NOTHING', [log]);
  return read(c, log, generation, after);
}

/** Appends the events (a JSON array) after the log's head, and commits. */
async function append(c: pg.Client, log: string, events: string, durable: boolean): Promise<LogPosition> {
  // `write` durability: the commit returns before its WAL is flushed (a crash of PostgreSQL may lose it).
  if (!durable) await c.query('SET LOCAL synchronous_commit = off');
  await c.query(
    `INSERT INTO unshell_state_events (log, seq, event)
     SELECT l.log, l.head + t.ord, t.e
     FROM unshell_state_logs l, jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, ord)
     WHERE l.log = $1`,
    [log, events],
  );
  await c.query('UPDATE unshell_state_logs SET head = head + jsonb_array_length($2::jsonb) WHERE log = $1', [
    log,
    events,
  ]);
  return finish(c, log);
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
    case 'append':
      if (!inTransaction) throw new Error('append without the lock');
      return append(c, request.log, request.events, request.durable);
    case 'commit': {
      const before = await lock(c, request.log, request.generation, request.after);
      return { read: before, ...(await append(c, request.log, request.events, request.durable)) };
    }
    case 'replace':
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
      return finish(c, request.log);
    case 'abort':
      if (inTransaction) {
        inTransaction = false;
        await c.query('ROLLBACK');
      }
      return null;
  }
}

answerBlockingCalls(workerData as BlockingWorkerData<unknown>, handle);
