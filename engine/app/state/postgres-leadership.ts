// A role held by one replica at a time through a PostgreSQL advisory lock: held for as long as the holder's
// connection lives, so a replica killed with kill -9 lets go of it at once (its connection closes), and another
// replica, trying every second, takes it over.
import pg from 'pg';
import type { Leadership, RoleHandlers } from './leadership.js';

export interface PostgresLeadershipOptions {
  /** How often a replica without the role tries to take it, and one with it checks that it still holds it. */
  intervalMs?: number;
  log?: ((line: string) => void) | undefined;
}

export class PostgresLeadership implements Leadership {
  readonly #url: string;
  readonly #intervalMs: number;
  readonly #log: (line: string) => void;

  constructor(url: string, options: PostgresLeadershipOptions = {}) {
    this.#url = url;
    this.#intervalMs = options.intervalMs ?? 1_000;
    this.#log = options.log ?? ((): void => undefined);
  }

  follow(role: string, handlers: RoleHandlers): { stop(): Promise<void> } {
    let client: pg.Client | null = null;
    let leading = false;
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    const drop = async (why: string | null): Promise<void> => {
      const held = client;
      client = null;
      if (leading) {
        leading = false;
        if (why !== null) this.#log(`${role}: lost the role (${why}); another replica takes it over`);
        await handlers.lose();
      }
      await held?.end().catch(() => undefined);
    };
    const attempt = async (): Promise<void> => {
      try {
        if (client === null) {
          const fresh = new pg.Client({
            connectionString: this.#url,
            connectionTimeoutMillis: 5_000,
            keepAlive: true,
            application_name: `unshell ${role}`,
          });
          fresh.on('error', () => void drop('its connection to PostgreSQL was lost'));
          await fresh.connect();
          if (stopped) {
            await fresh.end();
            return;
          }
          client = fresh;
        }
        if (leading) {
          await client.query('SELECT 1'); // still connected, so still holding the lock
          return;
        }
        const { rows } = await client.query<{ held: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended('unshell_role:' || $1, 0)) AS held",
          [role],
        );
        if (rows[0]?.held === true && !stopped) {
          leading = true;
          this.#log(`${role}: this replica holds the role`);
          handlers.lead();
        }
      } catch (err) {
        await drop(err instanceof Error ? err.message : String(err));
      }
    };
    const loop = (): void => {
      timer = setTimeout(() => {
        void attempt().finally(() => {
          if (!stopped) loop();
        });
      }, this.#intervalMs);
      timer.unref();
    };
    void attempt().finally(() => {
      if (!stopped) loop();
    });
    return {
      stop: async () => {
        stopped = true;
        if (timer !== null) clearTimeout(timer);
        await drop(null);
      },
    };
  }
}
