// Every durable log kept in PostgreSQL, as replicas keep them, under kill -9 at random points during acknowledged
// writes: nothing acknowledged is lost or doubled, and a killed writer leaves no lock that stops the next one.
import { describe, it } from 'node:test';
import { DURABLE_LOGS, type DurableLogName } from '../../../helpers/durable-logs.js';
import { assertExactlyOnce, killNineRounds, readBack } from '../../../helpers/fault-harness.js';
import { fuzzSeed } from '../../../helpers/fuzz-inputs.js';
import { postgresForTests } from '../../../helpers/postgres.js';

const db = postgresForTests();
/** Kills per log; a longer hunt sets UNSHELL_FAULT_ROUNDS. */
const ROUNDS = /^[1-9]\d*$/.test(process.env.UNSHELL_FAULT_ROUNDS ?? '') ? Number(process.env.UNSHELL_FAULT_ROUNDS) : 2;
const seed = fuzzSeed();

describe('the logs in PostgreSQL under kill -9', () => {
  for (const log of Object.keys(DURABLE_LOGS) as DurableLogName[]) {
    it(`${log}: every acknowledged write is present exactly once after ${ROUNDS} kills`, async () => {
      const url = await db.database();
      const rounds = await killNineRounds(log, url, { rounds: ROUNDS, seed });
      assertExactlyOnce(rounds.acked, await readBack(log, url, [...rounds.tried, ...rounds.acked]), log);
    });
  }
});
