// A PostgreSQL cluster for the tests of the shared operator state: Debian's package on loopback, installed when
// missing (as the benchmark's peer is), one database per test.
import { after, before } from 'node:test';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../../bench/peers/postgres-server.js';

export interface TestPostgres {
  /** A fresh, empty database, and its URL. */
  database(): Promise<string>;
}

/** Starts one cluster for the test file (before its tests) and stops it after them. */
export function postgresForTests(): TestPostgres {
  let server: PostgresServer | null = null;
  let made = 0;
  before(async () => {
    server = await startPostgres((line) => process.stderr.write(`# ${line}\n`), { memory: 'small' });
  });
  after(() => server?.stop());
  return {
    async database() {
      if (server === null) throw new Error('PostgreSQL did not start');
      const name = `state_${process.pid}_${++made}`;
      const admin = new pg.Client({ host: server.host, port: server.port, user: server.user, database: 'postgres' });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://${server.user}@${server.host}:${server.port}/${name}`;
    },
  };
}
