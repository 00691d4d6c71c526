import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { z } from 'zod';
import { KeyStore } from '../../../../engine/app/accounts/key-store.js';
import { PaymentStore, type Session } from '../../../../engine/app/billing/payment-store.js';
import { loadConfig } from '../../../../engine/app/config.js';
import { openStateLogs } from '../../../../engine/app/state/open-state-logs.js';
import { PostgresStateLogs } from '../../../../engine/app/state/postgres-state-logs.js';
import { PostgresSharedBudget } from '../../../../engine/app/state/postgres-shared-budget.js';
import { BudgetExhausted, RequestBudget } from '../../../../engine/app/external/request-budget.js';
import { StateLogError } from '../../../../engine/state/state-log-error.js';
import type { StateMachine } from '../../../../engine/state/state-log.js';
import { postgresForTests } from '../../../helpers/postgres.js';

const db = postgresForTests();

function checkoutSession(id: string, now: Date): Session {
  return {
    id,
    entity_id: 'uk:ch:00000001',
    cluster_id: 'cl_1',
    tier: 'standard',
    amount: 39,
    currency: 'EUR',
    provider: 'test',
    provider_ref: null,
    checkout_url: `http://127.0.0.1/checkout/test/${id}`,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
  };
}

/** A budget of 3 that each `spend` takes one of, never below zero. */
const Spend = z.object({ spend: z.string() });
type Spend = z.infer<typeof Spend>;
const budget: StateMachine<{ spent: string[] }, Spend> = {
  initial: () => ({ spent: [] }),
  apply: (state, e) => void state.spent.push(e.spend),
  compacted: (state) => state.spent.map((spend) => ({ spend })),
};
const BUDGET = 3;

async function until(check: () => boolean, ms = 2_000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await delay(2);
  }
  return Date.now() - start;
}

describe('the operator state in PostgreSQL', () => {
  it('shows a key made on one replica to another, and its revocation, as soon as it is committed', async () => {
    const url = await db.database();
    const [a, b] = await Promise.all([
      PostgresStateLogs.connect(url, { listen: true }),
      PostgresStateLogs.connect(url, { listen: true }),
    ]);
    try {
      const onA = KeyStore.open(a);
      const onB = KeyStore.open(b);
      const { key, record } = onA.create('shared', 'keyed');
      await until(() => onB.lookup(key).ok);
      onA.revoke(record.id);
      const refusedAfter = await until(() => !onB.lookup(key).ok, 1_000);
      assert.equal(onB.lookup(key).ok, false);
      assert.ok(refusedAfter < 1_000);
      // A replica that opens later replays the same keys.
      assert.deepEqual(
        KeyStore.open(b)
          .list()
          .map((k) => [k.id, k.revoked_at !== null]),
        [[record.id, true]],
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('finds a key or a payment made on another replica a moment ago, before the notice of it arrives', async () => {
    const url = await db.database();
    const [a, b] = await Promise.all([
      PostgresStateLogs.connect(url, { listen: true }),
      PostgresStateLogs.connect(url, { listen: true }),
    ]);
    try {
      const keysOnA = KeyStore.open(a);
      const keysOnB = KeyStore.open(b);
      const paymentsOnA = new PaymentStore(a);
      const paymentsOnB = new PaymentStore(b);
      keysOnB.list();
      paymentsOnB.session('none');
      // No await between the write on one and the read on the other: the listener cannot have heard of it yet.
      const { key } = keysOnA.create('made a moment ago', 'keyed');
      assert.equal(keysOnB.lookup(key).ok, true);
      const now = new Date();
      paymentsOnA.addSession(checkoutSession('chk_now', now));
      assert.equal(paymentsOnB.session('chk_now')?.id, 'chk_now');
      paymentsOnA.markPaid({
        id: 'grant_now',
        session_id: 'chk_now',
        cluster_id: 'cl_1',
        tier: 'standard',
        paid_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      });
      assert.equal(paymentsOnB.grant('chk_now')?.id, 'grant_now');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('decides a write on the state every replica wrote, so a budget is never overspent', async () => {
    const url = await db.database();
    const replicas = await Promise.all([0, 1, 2].map(() => PostgresStateLogs.connect(url, { listen: false })));
    try {
      const logs = replicas.map((r) => r.open('budget.log', Spend, budget));
      let granted = 0;
      // Each replica tries in turn with the state it last read: only the lock's read-then-decide keeps to 3.
      for (let round = 0; round < 3; round++)
        for (const [i, log] of logs.entries())
          granted += log.transact((s) => (s.spent.length < BUDGET ? [{ spend: `r${i}-${round}` }] : [])).length;
      assert.equal(granted, BUDGET);
      for (const log of logs) {
        log.refresh();
        assert.equal(log.state.spent.length, BUDGET);
      }
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('applies a write sent without waiting once, even when a blocking write read it first', async () => {
    const url = await db.database();
    // Without a listening connection, a write sent without waiting goes through the worker too, in the order sent.
    const logs = await PostgresStateLogs.connect(url, { listen: false });
    try {
      const log = logs.open('budget.log', Spend, budget);
      const soon = log.commitSoon([{ spend: 'soon-1' }, { spend: 'soon-2' }], 'write');
      log.commit({ spend: 'now' });
      assert.deepEqual(log.state.spent, ['soon-1', 'soon-2', 'now'], 'the blocking write read the earlier one');
      await soon;
      assert.deepEqual(log.state.spent, ['soon-1', 'soon-2', 'now']);
      assert.deepEqual(logs.open('budget.log', Spend, budget).state.spent, ['soon-1', 'soon-2', 'now']);
    } finally {
      await logs.close();
    }
  });

  it('applies each event once when a write sent on the listening connection and a blocking write race', async () => {
    const url = await db.database();
    const logs = await PostgresStateLogs.connect(url, { listen: true });
    try {
      const log = logs.open('budget.log', Spend, budget);
      for (let round = 0; round < 20; round++) {
        const soon = log.commitSoon([{ spend: `soon-${round}` }], 'write');
        log.commit({ spend: `now-${round}` });
        await soon;
      }
      const written = logs.open('budget.log', Spend, budget).state.spent;
      assert.equal(written.length, 40);
      assert.equal(new Set(written).size, 40);
      assert.deepEqual(log.state.spent, written, 'this replica holds the log in the order PostgreSQL numbered it');
    } finally {
      await logs.close();
    }
  });

  it('lets a decision that throws write nothing and release the lock', async () => {
    const url = await db.database();
    const logs = await PostgresStateLogs.connect(url, { listen: false });
    try {
      const log = logs.open('budget.log', Spend, budget);
      assert.throws(() => log.transact(() => assert.fail('refused')), /refused/);
      log.commit({ spend: 'after' });
      assert.deepEqual(log.state.spent, ['after']);
    } finally {
      await logs.close();
    }
  });

  it('replays a compacted log from its start on the replicas that read the older one', async () => {
    const url = await db.database();
    const [a, b] = await Promise.all([
      PostgresStateLogs.connect(url, { listen: true }),
      PostgresStateLogs.connect(url, { listen: true }),
    ]);
    try {
      const onA = a.open('budget.log', Spend, budget, { compactAfter: 4 });
      const onB = b.open('budget.log', Spend, budget);
      for (const n of [1, 2, 3, 4, 5]) onA.commit({ spend: `s${n}` });
      await until(() => {
        onB.refresh();
        return onB.state.spent.length === 5;
      });
      assert.deepEqual(onB.state.spent, ['s1', 's2', 's3', 's4', 's5']);
      const rows = new pg.Client({ connectionString: url });
      await rows.connect();
      const { rows: logRows } = await rows.query<{ generation: string; head: string }>(
        "SELECT generation::text, head::text FROM unshell_state_logs WHERE log = 'budget.log'",
      );
      await rows.end();
      assert.equal(logRows[0]?.generation, '2', 'compacted once, after the fourth event');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses a log holding an event its store cannot read, naming the log and the event', async () => {
    const url = await db.database();
    const logs = await PostgresStateLogs.connect(url, { listen: false });
    try {
      logs.open('budget.log', Spend, budget).commit({ spend: 'fine' });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`INSERT INTO unshell_state_events (log, seq, event) VALUES ('budget.log', 2, '{"spend": 7}')`);
      await client.query("UPDATE unshell_state_logs SET head = 2 WHERE log = 'budget.log'");
      await client.end();
      assert.throws(
        () => logs.open('budget.log', Spend, budget),
        (err: unknown) =>
          err instanceof StateLogError && /log budget\.log .* corrupt at event 2 \(field "spend"/.test(err.message),
      );
    } finally {
      await logs.close();
    }
  });

  /** Two replicas' budgets of one registry key, kept in the test's database; `ask` sends request i on replica i % 2. */
  async function twoReplicasBudget(limit: number, callerShare: number) {
    const url = await db.database();
    const shared = [new PostgresSharedBudget(url), new PostgresSharedBudget(url)];
    const replicas = shared.map(
      (budget) => new RequestBudget({ limit, windowMs: 60_000, callerShare, shared: { budget, name: 'registry:k' } }),
    );
    return {
      ask: (i: number, caller?: string): Promise<void> =>
        (replicas[i % 2] as RequestBudget).acquire({
          priority: 'interactive',
          deadlineMs: 600,
          ...(caller === undefined ? {} : { caller }),
        }),
      close: () => Promise.all(shared.map((b) => b.close())),
    };
  }

  it("shares an outside service's request budget between replicas: never more than its limit, whichever asks", async () => {
    const budget = await twoReplicasBudget(10, 1);
    try {
      const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => budget.ask(i)));
      const sent = outcomes.filter((o) => o.status === 'fulfilled').length;
      assert.equal(sent, 10, 'ten requests between the two replicas, though each alone would let ten out');
      for (const o of outcomes)
        if (o.status === 'rejected') assert.ok(o.reason instanceof BudgetExhausted, String(o.reason));
    } finally {
      await budget.close();
    }
  });

  it('holds one caller to its share of the budget across replicas, whichever it asks', async () => {
    // A share of 10 % of 20: two requests per caller in the window, on both replicas together.
    const budget = await twoReplicasBudget(20, 0.1);
    try {
      const greedy = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => budget.ask(i, 'key:greedy')));
      assert.equal(greedy.filter((o) => o.status === 'fulfilled').length, 2, 'each replica alone would let two out');
      for (const o of greedy)
        if (o.status === 'rejected') assert.match(String(o.reason), /this caller has used its share/);
      const other = await Promise.allSettled([budget.ask(0, 'key:other'), budget.ask(1, 'key:other')]);
      assert.deepEqual(
        other.map((o) => o.status),
        ['fulfilled', 'fulfilled'],
        'another caller still has its own share',
      );
    } finally {
      await budget.close();
    }
  });

  it('answers reads from what it holds while PostgreSQL is away, refuses writes, and goes on once it is back', async () => {
    const url = await db.database();
    const database = new URL(url).pathname.slice(1);
    const logs = await PostgresStateLogs.connect(url, { listen: true });
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    try {
      const keys = KeyStore.open(logs);
      const { key } = keys.create('before', 'keyed');
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
      await delay(200); // the listener hears its connection end
      assert.equal(keys.lookup(key).ok, true, 'a key known before is still known');
      assert.throws(() => keys.create('during', 'keyed'), StateLogError);
      await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
      await until(() => {
        try {
          keys.create('after', 'keyed');
          return true;
        } catch {
          return false;
        }
      }, 5_000);
      assert.deepEqual(
        KeyStore.open(logs)
          .list()
          .map((k) => k.name),
        ['before', 'after'],
      );
    } finally {
      await admin.end();
      await logs.close();
    }
  });

  it('fails at the start, naming the database without its password, when PostgreSQL cannot be reached', async () => {
    const config = loadConfig({}, { UNSHELL_STATE_URL: 'postgres://me:secret@127.0.0.1:1/none' });
    await assert.rejects(openStateLogs(config, { listen: true }), (err: unknown) => {
      assert.ok(err instanceof StateLogError);
      assert.match(err.message, /cannot open the operator state in PostgreSQL postgres:\/\/me@127\.0\.0\.1:1\/none/);
      assert.ok(!err.message.includes('secret'));
      return true;
    });
  });
});
