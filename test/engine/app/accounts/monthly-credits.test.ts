// An account's monthly credits spent by three replicas sharing their state in PostgreSQL: however their requests
// interleave, together they never set aside more than the month includes, and a replica that stops being asked
// gives back what it held.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { CreditLeases } from '../../../../engine/app/accounts/credit-leases.js';
import { KeyStore } from '../../../../engine/app/accounts/key-store.js';
import { MonthlyCredits, monthStart } from '../../../../engine/app/accounts/monthly-credits.js';
import { UsageStore, type Subject } from '../../../../engine/app/accounts/usage-store.js';
import { PostgresStateLogs } from '../../../../engine/app/state/postgres-state-logs.js';
import { ServiceError } from '../../../../engine/errors/service-error.js';
import { postgresForTests } from '../../../helpers/postgres.js';

const db = postgresForTests();
const ACCOUNT = 'acct_month';
const INCLUDED = 1_000;
/** Not a divisor of INCLUDED: the month ends with credits left that one request cannot use. */
const COST = 7;
const SPENDABLE = INCLUDED - (INCLUDED % COST);

interface Replica {
  logs: PostgresStateLogs;
  keys: KeyStore;
  usage: UsageStore;
  credits: MonthlyCredits;
}

async function replicas(n: number): Promise<Replica[]> {
  const url = await db.database();
  const all = await Promise.all(Array.from({ length: n }, () => PostgresStateLogs.connect(url, { listen: true })));
  return all.map((logs) => {
    const keys = KeyStore.open(logs);
    const usage = UsageStore.open(logs);
    return { logs, keys, usage, credits: new MonthlyCredits(usage, keys, CreditLeases.open(logs)) };
  });
}

async function closeAll(all: readonly Replica[]): Promise<void> {
  for (const r of all) {
    r.credits.close();
    r.usage.close();
    r.keys.close();
  }
  await Promise.all(all.map((r) => r.logs.close()));
}

/** Asks the replicas in turn, many requests at once, and counts what was let in, written and refused. */
class Spender {
  setAside = 0;
  written = 0;
  refusedInARow = 0;
  readonly #pending = new Set<Promise<void>>();
  readonly #subject: Subject;

  constructor(subject: Subject) {
    this.#subject = subject;
  }

  ask(replica: Replica, now: Date): void {
    let lease: string | null;
    try {
      lease = replica.credits.reserve(ACCOUNT, COST, INCLUDED, false, now);
    } catch (err) {
      assert.ok(err instanceof ServiceError && err.code === 'credits_exhausted', String(err));
      this.refusedInARow++;
      return;
    }
    this.refusedInARow = 0;
    this.setAside += COST;
    assert.ok(lease !== null, 'replicas sharing their state spend from leases');
    assert.ok(this.setAside <= INCLUDED, `${this.setAside} credits set aside of ${INCLUDED}`);
    const written = replica.usage.recordSoon(this.#subject, COST, now, lease).then(() => {
      this.written += COST;
      replica.credits.release(ACCOUNT, COST, lease, true);
    });
    this.#pending.add(written);
    void written.finally(() => this.#pending.delete(written));
  }

  async settled(): Promise<void> {
    await Promise.all(this.#pending);
  }
}

describe('monthly credits across replicas', () => {
  it('never sets aside more than the month includes, however the replicas are asked at once', async () => {
    const all = await replicas(3);
    try {
      const { record } = (all[0] as Replica).keys.create('desk', 'keyed', new Date(), ACCOUNT);
      const spender = new Spender(`key:${record.id}`);
      const now = new Date();
      for (let turn = 0; spender.refusedInARow < 30; turn++) {
        // Ten requests in one turn of the event loop, none of them written yet when the next is let in.
        for (let i = 0; i < 10; i++) spender.ask(all[(turn + i) % 3] as Replica, now);
        await delay(spender.refusedInARow > 0 ? 20 : 1);
      }
      await spender.settled();
      assert.equal(spender.written, SPENDABLE);
      for (const r of all) {
        r.usage.sync();
        assert.equal(r.usage.creditsSince(`key:${record.id}`, monthStart(now)), SPENDABLE);
        assert.equal(r.credits.used(ACCOUNT, now), SPENDABLE);
      }
    } finally {
      await closeAll(all);
    }
  });

  it('gives back the credits of a replica that is no longer asked, for the others to spend', async () => {
    const all = await replicas(2);
    try {
      const [idle, busy] = all as [Replica, Replica];
      const { record } = idle.keys.create('desk', 'keyed', new Date(), ACCOUNT);
      const spender = new Spender(`key:${record.id}`);
      const now = new Date();
      // The first request takes a lease of many credits and spends one request's.
      spender.ask(idle, now);
      await spender.settled();
      const started = Date.now();
      while (spender.written < SPENDABLE) {
        assert.ok(Date.now() - started < 5_000, `${spender.written} credits written after 5 s`);
        spender.ask(busy, now);
        await spender.settled();
        if (spender.refusedInARow > 0) await delay(50);
      }
      spender.ask(busy, now);
      assert.equal(spender.refusedInARow, 1, 'nothing is left once the month is spent');
      assert.equal(spender.written, SPENDABLE);
    } finally {
      await closeAll(all);
    }
  });
});
