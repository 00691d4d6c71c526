// Rate-limit counts reconciled between replicas through PostgreSQL, in batches every 20 ms: each replica adds
// what it let in to a shared row per bucket and window, and reads back what all of them counted. The limiter
// never waits for it (engine/app/accounts/rate-limiter.ts decides from what was last heard), and while the
// database cannot be reached each replica goes on counting alone.
import pg from 'pg';
import type { RateSharing } from '../accounts/rate-sharing.js';

/** The replicas' connections say who they are: counting them counts the replicas sharing the limits. */
const APPLICATION_NAME = 'unshell rate limits';
/** The advisory lock key of the table's creation (replicas start together). */
const SCHEMA_LOCK = 0x756e7369;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS unshell_rate_counts (
  bucket text NOT NULL,
  window_start bigint NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (bucket, window_start)
)`;

/** Adds this replica's counts and reads back the totals of every bucket it follows, in one statement. */
const RECONCILE = `
WITH pushed AS (
  INSERT INTO unshell_rate_counts AS c (bucket, window_start, count)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
  ON CONFLICT (bucket, window_start) DO UPDATE SET count = c.count + EXCLUDED.count
  RETURNING bucket, window_start, count
)
SELECT bucket, window_start::text AS window_start, count::text AS count FROM pushed
UNION ALL
SELECT c.bucket, c.window_start::text, c.count::text FROM unshell_rate_counts c
WHERE c.window_start >= $4 AND c.bucket = ANY($5::text[])
  AND NOT EXISTS (SELECT 1 FROM pushed p WHERE p.bucket = c.bucket AND p.window_start = c.window_start)`;

export interface RateSharingOptions {
  windowMs: number;
  /** How often counts are reconciled. */
  intervalMs?: number;
  log?: ((line: string) => void) | undefined;
}

/**
 * How often counts are reconciled by default. What replicas let in before hearing of each other grows with it: at
 * 100 ms, three replicas on two fast cores let 15-20 % more than a key's limit through in a burst; at 20 ms, within
 * 2.5 %. Each reconciliation is one small statement.
 */
const DEFAULT_INTERVAL_MS = 20;

/** `<window start> <bucket>`: one count of one bucket in one window. */
type Slot = `${number} ${string}`;
const slot = (key: string, start: number): Slot => `${start} ${key}`;

export class PostgresRateSharing implements RateSharing {
  readonly #url: string;
  /** null after its connection was lost: the next reconciliation connects again. */
  #client: pg.Client | null;
  readonly #windowMs: number;
  readonly #log: (line: string) => void;
  /** Counted here, not yet sent. */
  #unsent = new Map<Slot, number>();
  /** Sent, not yet acknowledged. */
  #sending = new Map<Slot, number>();
  /**
   * Acknowledged lately, perhaps not yet read back by every other replica: each reads the totals at its own next
   * reconciliation, up to an interval later. Until then this replica keeps them within its share, or it would let
   * in more against room the others still count as free.
   */
  #acknowledged: Array<{ at: number; counts: Map<Slot, number> }> = [];
  readonly #intervalMs: number;
  /** Counted here and acknowledged: subtracted from the totals to leave the others' part. */
  readonly #mine = new Map<Slot, number>();
  readonly #others = new Map<Slot, number>();
  #replicas = 1;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #lastCensus = 0;
  #failing = false;

  private constructor(url: string, client: pg.Client, options: RateSharingOptions) {
    this.#url = url;
    this.#client = client;
    this.#windowMs = options.windowMs;
    this.#intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    this.#log = options.log ?? ((): void => undefined);
  }

  static async connect(url: string, options: RateSharingOptions): Promise<PostgresRateSharing> {
    const client = await connected(url);
    const sharing = new PostgresRateSharing(url, client, options);
    sharing.#watch(client);
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
      try {
        await client.query(SCHEMA);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]);
      }
      await sharing.#reconcile();
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    sharing.#timer = setInterval(() => {
      sharing.#running ??= sharing.#reconcile().finally(() => (sharing.#running = null));
    }, sharing.#intervalMs);
    sharing.#timer.unref();
    return sharing;
  }

  get replicas(): number {
    return this.#replicas;
  }

  others(key: string, start: number): number {
    return this.#others.get(slot(key, start)) ?? 0;
  }

  unheard(key: string, start: number): number {
    const s = slot(key, start);
    let n = (this.#unsent.get(s) ?? 0) + (this.#sending.get(s) ?? 0);
    for (const batch of this.#acknowledged) n += batch.counts.get(s) ?? 0;
    return n;
  }

  counted(key: string, start: number): void {
    const s = slot(key, start);
    this.#unsent.set(s, (this.#unsent.get(s) ?? 0) + 1);
  }

  /** Sends what is left to send, and stops. */
  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
    await this.#reconcile().catch(() => undefined);
    await this.#client?.end().catch(() => undefined);
    this.#client = null;
  }

  /** A lost connection is let go, and replaced at the next reconciliation. */
  #watch(client: pg.Client): void {
    const lost = (err?: Error): void => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#failed(err ?? new Error('the connection ended'));
    };
    client.on('error', lost);
    client.on('end', () => lost());
  }

  async #connection(): Promise<pg.Client> {
    if (this.#client !== null) return this.#client;
    const client = await connected(this.#url);
    this.#client = client;
    this.#watch(client);
    return client;
  }

  async #reconcile(): Promise<void> {
    const now = Date.now();
    const current = now - (now % this.#windowMs);
    const from = current - this.#windowMs;
    this.#forget(from);
    const batch = this.#unsent;
    this.#unsent = new Map();
    this.#sending = batch;
    const buckets: string[] = [];
    const starts: number[] = [];
    const counts: number[] = [];
    for (const [s, n] of batch) {
      const space = s.indexOf(' ');
      starts.push(Number(s.slice(0, space)));
      buckets.push(s.slice(space + 1));
      counts.push(n);
    }
    const followed = new Set<string>();
    for (const s of this.#mine.keys()) followed.add(s.slice(s.indexOf(' ') + 1));
    try {
      const client = await this.#connection();
      const { rows } = await client.query<{ bucket: string; window_start: string; count: string }>(RECONCILE, [
        buckets,
        starts,
        counts,
        from,
        [...followed],
      ]);
      for (const [s, n] of batch) this.#mine.set(s, (this.#mine.get(s) ?? 0) + n);
      const acknowledgedAt = Date.now();
      // Kept within this replica's share for an interval: by then every other replica has begun a reconciliation and
      // read them back.
      this.#acknowledged = this.#acknowledged.filter((b) => acknowledgedAt - b.at < this.#intervalMs);
      if (batch.size > 0) this.#acknowledged.push({ at: acknowledgedAt, counts: batch });
      for (const row of rows) {
        const s = slot(row.bucket, Number(row.window_start));
        this.#others.set(s, Math.max(0, Number(row.count) - (this.#mine.get(s) ?? 0)));
      }
      if (now - this.#lastCensus >= 1_000) await this.#census(client, now, from);
      if (this.#failing) this.#log('rate limits: reconciling with the other replicas again');
      this.#failing = false;
    } catch (err) {
      // Not sent: counted again with the next batch.
      for (const [s, n] of batch) this.#unsent.set(s, (this.#unsent.get(s) ?? 0) + n);
      this.#failed(err);
    } finally {
      this.#sending = new Map();
    }
  }

  /** How many replicas share the limits; old windows' rows are dropped on the way. */
  async #census(client: pg.Client, now: number, from: number): Promise<void> {
    this.#lastCensus = now;
    const { rows } = await client.query<{ replicas: string }>(
      'SELECT count(*)::text AS replicas FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [APPLICATION_NAME],
    );
    this.#replicas = Math.max(1, Number(rows[0]?.replicas ?? 1));
    await client.query('DELETE FROM unshell_rate_counts WHERE window_start < $1', [from]);
  }

  /** Counts of windows before `from` count for nothing any more. */
  #forget(from: number): void {
    for (const map of [this.#mine, this.#others])
      for (const s of map.keys()) if (Number(s.slice(0, s.indexOf(' '))) < from) map.delete(s);
  }

  #failed(err: unknown): void {
    if (!this.#failing)
      this.#log(
        `rate limits: cannot reconcile with the other replicas (${err instanceof Error ? err.message : String(err)}); counting alone until it can`,
      );
    this.#failing = true;
    this.#replicas = 1;
  }
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    application_name: APPLICATION_NAME,
  });
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return client;
}
