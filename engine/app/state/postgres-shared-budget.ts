// An outside service's request budget shared by replicas through PostgreSQL: every request sent is a row, and a
// replica sends only when the rows of the last window, every replica's, leave room, for the budget and for the
// caller's share of it. The counts and the row are one statement under the budget's advisory lock, so replicas
// asking at once never overrun either; PostgreSQL's clock dates every row, so the replicas' own clocks do not matter.
import pg from 'pg';
import type { BudgetCaller, SharedBudget, SharedTake } from '../external/shared-budget.js';

const SCHEMA_LOCK = 0x756e736a;
const SCHEMA = `
CREATE TABLE IF NOT EXISTS unshell_request_budget (
  budget text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS unshell_request_budget_by_time ON unshell_request_budget (budget, sent_at);
-- Who asked (an API key or a client address), for each caller's share: kept no longer than the window.
ALTER TABLE unshell_request_budget ADD COLUMN IF NOT EXISTS caller text`;

/**
 * Counts the window's rows of the budget and of the caller and inserts one row when both leave room; answers the
 * two counts as they were before. Parameters: budget, caller (or null), budget limit, caller limit.
 */
const TAKE = `
WITH counts AS (
  SELECT count(*) AS sent, count(*) FILTER (WHERE caller = $2) AS by_caller
  FROM unshell_request_budget WHERE budget = $1
), taken AS (
  INSERT INTO unshell_request_budget (budget, sent_at, caller)
  SELECT $1, now(), $2 FROM counts WHERE sent < $3 AND ($2::text IS NULL OR by_caller < $4)
  RETURNING 1
)
SELECT sent::int, by_caller::int, (SELECT count(*) FROM taken)::int AS taken FROM counts`;

export class PostgresSharedBudget implements SharedBudget {
  readonly #url: string;
  #client: Promise<pg.Client> | null = null;
  /** One transaction at a time on the one connection. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(url: string) {
    this.#url = url;
  }

  take(name: string, limit: number, windowMs: number, caller?: BudgetCaller): Promise<SharedTake> {
    const turn = this.#queue.then(() => this.#take(name, limit, windowMs, caller));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await (await client?.catch(() => null))?.end().catch(() => undefined);
  }

  async #take(name: string, limit: number, windowMs: number, caller: BudgetCaller | undefined): Promise<SharedTake> {
    const c = await this.#connection();
    try {
      await c.query('BEGIN');
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended('unshell_budget:' || $1, 0))", [name]);
      const since = `${windowMs} milliseconds`;
      await c.query('DELETE FROM unshell_request_budget WHERE budget = $1 AND sent_at <= now() - $2::interval', [
        name,
        since,
      ]);
      const row = (
        await c.query<{ sent: number; by_caller: number; taken: number }>(TAKE, [
          name,
          caller?.name ?? null,
          limit,
          caller?.limit ?? 0,
        ])
      ).rows[0];
      await c.query('COMMIT');
      if (row === undefined) throw new Error('the budget count answered no row');
      if (row.taken === 1) return 'taken';
      return row.sent >= limit ? 'budget-spent' : 'caller-spent';
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  /** The connection, made (and the table created) at first use, and made again after it was lost. */
  #connection(): Promise<pg.Client> {
    this.#client ??= (async () => {
      const client = new pg.Client({ connectionString: this.#url, connectionTimeoutMillis: 5_000, keepAlive: true });
      client.on('error', () => (this.#client = null));
      try {
        await client.connect();
        await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
        await client.query(SCHEMA);
        await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      } catch (err) {
        this.#client = null;
        await client.end().catch(() => undefined);
        throw err;
      }
      return client;
    })();
    return this.#client;
  }
}
