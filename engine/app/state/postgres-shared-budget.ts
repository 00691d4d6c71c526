// An outside service's request budget shared by replicas through PostgreSQL: every request sent is a row, and a
// replica sends only when the rows of the last window, every replica's, leave room. The count and the row are one
// transaction under the budget's advisory lock, so replicas asking at once never overrun it; PostgreSQL's clock
// dates every row, so the replicas' own clocks do not matter.
import pg from 'pg';
import type { SharedBudget } from '../external/shared-budget.js';

const SCHEMA_LOCK = 0x756e736a;
const SCHEMA = `
CREATE TABLE IF NOT EXISTS unshell_request_budget (
  budget text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS unshell_request_budget_by_time ON unshell_request_budget (budget, sent_at)`;

export class PostgresSharedBudget implements SharedBudget {
  readonly #url: string;
  #client: Promise<pg.Client> | null = null;
  /** One transaction at a time on the one connection. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(url: string) {
    this.#url = url;
  }

  take(name: string, limit: number, windowMs: number): Promise<boolean> {
    const turn = this.#queue.then(() => this.#take(name, limit, windowMs));
    this.#queue = turn.catch(() => undefined);
    return turn;
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await (await client?.catch(() => null))?.end().catch(() => undefined);
  }

  async #take(name: string, limit: number, windowMs: number): Promise<boolean> {
    const c = await this.#connection();
    try {
      await c.query('BEGIN');
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended('unshell_budget:' || $1, 0))", [name]);
      const since = `${windowMs} milliseconds`;
      await c.query('DELETE FROM unshell_request_budget WHERE budget = $1 AND sent_at <= now() - $2::interval', [
        name,
        since,
      ]);
      const { rowCount } = await c.query(
        `INSERT INTO unshell_request_budget (budget, sent_at)
         SELECT $1, now() WHERE (SELECT count(*) FROM unshell_request_budget WHERE budget = $1) < $2`,
        [name, limit],
      );
      await c.query('COMMIT');
      return rowCount === 1;
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
