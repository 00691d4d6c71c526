// Entity lookup over HTTP with the operator state in PostgreSQL (replicas' UNSHELL_STATE_URL) against the same
// lookup with it in the data directory's files, the two servers taking turns: what sharing the state costs a
// request (a key's rate limit counted locally and reconciled every 100 ms, its usage written in a round trip the
// request does not block on).
import pg from 'pg';
import path from 'node:path';
import { loadConfig } from '../engine/app/config.js';
import { startService } from '../server/service.js';
import { startPostgres } from './peers/postgres-server.js';
import { median } from './stats.js';

export interface SharedStateTurns {
  /** Requests/s of each turn, in order. */
  files: number[];
  postgres: number[];
  /** Median of the PostgreSQL turns over the median of the files'. */
  ratio: number;
  postgres_version: string;
}

/**
 * Starts PostgreSQL on loopback and a second service on the same snapshot with its state there; `measure(base)`
 * runs one turn of wrk against a server and returns its requests/s. `files` is the running service's origin.
 */
export async function sharedStateTurns(options: {
  snapshot: string;
  work: string;
  env: NodeJS.ProcessEnv;
  files: string;
  turns: number;
  measure: (base: string) => Promise<number>;
}): Promise<SharedStateTurns> {
  const server = await startPostgres((line) => process.stderr.write(`${line}\n`), { memory: 'small' });
  try {
    const admin = new pg.Client({ host: server.host, port: server.port, user: server.user, database: 'postgres' });
    await admin.connect();
    await admin.query('CREATE DATABASE unshell_state');
    await admin.end();
    const config = loadConfig(
      { snapshot: options.snapshot, port: '0', host: '127.0.0.1', dataDir: path.join(options.work, 'data-pg') },
      {
        ...options.env,
        UNSHELL_STATE_URL: `postgres://${server.user}@${server.host}:${server.port}/unshell_state`,
      },
    );
    const service = await startService(config, () => undefined);
    try {
      await service.ready;
      const shared = `http://127.0.0.1:${service.port}`;
      await options.measure(shared); // warm-up
      const turns: SharedStateTurns = { files: [], postgres: [], ratio: 0, postgres_version: server.version };
      for (let turn = 0; turn < options.turns; turn++) {
        turns.files.push(await options.measure(options.files));
        turns.postgres.push(await options.measure(shared));
      }
      turns.ratio = median(turns.postgres) / median(turns.files);
      return turns;
    } finally {
      await service.close();
    }
  } finally {
    server.stop();
  }
}
