// Three `unshell serve` replicas on one snapshot, their operator state in one PostgreSQL (UNSHELL_STATE_URL): a
// revoked key is refused by all within a second, a key's rate limit holds across them, an account's unlocks and
// monthly credits are spent once, a purchase paid on one is claimed on another, and kill -9 of one loses and
// doubles nothing.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { signedInAccount, type SignedIn } from '../helpers/account-session.js';
import { runCli, spawnServe, type ServingChild } from '../helpers/cli.js';
import { postgresForTests } from '../helpers/postgres.js';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { buildTestSnapshot, getJson, investigationsOnly, postJson, tempDir } from '../helpers/snapshot.js';
import { startStreamStandIn, type StreamStandIn } from '../helpers/companies-house-stream-server.js';
import { sharedData, skipUnlessShared } from '../helpers/shared-data.js';
import { filingsInFeed, manyFilings } from '../helpers/stream-events.js';
import { C } from '../../snapshots/demo/investigations/all.js';
import { CH_STREAMS } from '../../engine/app/external/companies-house-stream.js';

const db = postgresForTests();
/** The keyed limit of the test, per minute. */
const KEYED_RATE = 300;
const STREAMING = ['companies-house', 'api', 'streaming'];
/** The free plan's credits a month, and its largest batch. */
const FREE_CREDITS = 10_000;
const BATCH = 100;
const STREAM_KEY = 'ch-stream-test-key';
/** Before every event the stream brings. */
const FEED_START = '2026-11-23T00:00:00Z';

interface Readyz {
  live: { streams: Array<{ stream: string; applied: number }> };
}

interface Unlock {
  cluster_id: string;
}
interface Dossiers {
  dossiers: Unlock[];
  allowances: Array<{ left: number }>;
}

/** Entities of the test snapshot, found by the distinctive words of their names. */
async function entities(base: string): Promise<string[]> {
  const words = ['halden', 'kestrel', 'lantern', 'heron', 'argentum', 'volkhonsky', 'oakenshaw', 'prytherch'];
  const ids = new Set<string>();
  for (const word of [...words, 'pendlebarrow', 'marchbanks', 'reutershan', 'theophanides']) {
    const found = await getJson<{ hits: Array<{ id: string }> }>(`${base}/api/public/entity/search?q=${word}`);
    for (const hit of found.body.hits) ids.add(hit.id);
  }
  return [...ids];
}

describe('three replicas sharing their state in PostgreSQL', () => {
  const t = tempDir('replicas');
  const snapshot = path.join(t.dir, 'snapshot');
  let url = '';
  let sink: SmtpSink;
  let stand: StreamStandIn;
  const replicas: ServingChild[] = [];
  const env = (): Record<string, string> => ({
    UNSHELL_STATE_URL: url,
    UNSHELL_SMTP_URL: sink.url,
    UNSHELL_RATE_KEYED: String(KEYED_RATE),
    UNSHELL_EMBED_BACKGROUND: 'off',
    UNSHELL_CH_STREAM_KEY: STREAM_KEY,
    UNSHELL_CH_STREAM_BASE: stand.base,
  });
  const start = (i: number): Promise<ServingChild> => spawnServe(snapshot, path.join(t.dir, `data-${i}`), env());
  const cli = async (...args: string[]): Promise<Record<string, unknown>> => {
    const r = await runCli([...args, '--data-dir', path.join(t.dir, 'cli'), '--json'], { UNSHELL_STATE_URL: url });
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  };
  const newKey = async (name: string): Promise<{ key: string; id: string }> => {
    const made = await cli('keys', 'create', '--name', name);
    return { key: String(made['key']), id: String(made['id']) };
  };
  const bearer = (key: string): { headers: Record<string, string> } => ({
    headers: { authorization: `Bearer ${key}` },
  });

  before(async () => {
    sink = await startSmtpSink();
    // The registry's streams, with nothing published yet: the follower waits on them.
    stand = await startStreamStandIn({
      key: STREAM_KEY,
      lines: Object.fromEntries(CH_STREAMS.map((name) => [`/${name}`, []])),
      heartbeatMs: 20,
    });
    await buildTestSnapshot(snapshot, investigationsOnly());
    url = await db.database();
    replicas.push(...(await Promise.all([0, 1, 2].map(start))));
  });
  after(async () => {
    for (const r of replicas) r.child.kill('SIGKILL');
    await sink?.stop();
    await stand?.stop();
    t.remove();
  });

  it('refuses a revoked key on every replica within a second', async (ctx) => {
    const { key, id } = await newKey('revoked');
    for (const r of replicas) assert.equal((await fetch(`${r.base}/api/public/stats`, bearer(key))).status, 200);
    await cli('keys', 'revoke', id);
    const revokedAt = Date.now();
    const refused = await Promise.all(
      replicas.map(async (r) => {
        while ((await fetch(`${r.base}/api/public/stats`, bearer(key))).status !== 401) {
          if (Date.now() - revokedAt > 5_000) assert.fail(`${r.base} still accepts the revoked key after 5 s`);
          await delay(5);
        }
        return Date.now() - revokedAt;
      }),
    );
    const slowest = Math.max(...refused);
    ctx.diagnostic(`revocation: refused by all 3 replicas ${slowest} ms after it was committed`);
    assert.ok(slowest < 1_000, `refused after ${slowest} ms`);
  });

  it("holds a key's rate limit across the replicas within 5 %", async (ctx) => {
    const { key } = await newKey('busy');
    // The windows are the clock's minutes: a run across the turn of one (it takes a few seconds) would count two.
    const second = new Date().getUTCSeconds();
    if (second > 52) await delay((61 - second) * 1000);
    let allowed = 0;
    let refused = 0;
    let sent = 0;
    const attempts = KEYED_RATE * 1.6;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (sent < attempts) {
          const r = replicas[sent++ % replicas.length] as ServingChild;
          const status = (await fetch(`${r.base}/api/public/stats`, bearer(key))).status;
          if (status === 200) allowed++;
          else if (status === 429) refused++;
          else assert.fail(`status ${status}`);
        }
      }),
    );
    const off = (allowed - KEYED_RATE) / KEYED_RATE;
    ctx.diagnostic(
      `rate limit: ${allowed} of ${sent} requests let in across 3 replicas for a limit of ${KEYED_RATE}/min (${(off * 100).toFixed(1)} %), ${refused} refused`,
    );
    assert.ok(Math.abs(off) <= 0.05, `${allowed} let in for a limit of ${KEYED_RATE}`);
  });

  it("spends an account's unlocks once, however the replicas are asked at once", async () => {
    const [r0, r1, r2] = replicas as [ServingChild, ServingChild, ServingChild];
    const me: SignedIn = await signedInAccount(r0.base, sink, 'desk@example.org');
    // The session made on one replica is good on the others; the purchase paid on a third.
    const bought = await postJson<{ checkout_url: string; status: string }>(
      `${r1.base}/api/account/checkout`,
      { pack: 'standard-10' },
      me.changing,
    );
    assert.equal(bought.status, 201, JSON.stringify(bought.body));
    const payPath = `${new URL(bought.body.checkout_url).pathname}/pay`;
    assert.equal((await fetch(`${r2.base}${payPath}`, { method: 'POST' })).status, 200);
    const ids = await entities(r0.base);
    assert.ok(ids.length >= 12, `${ids.length} entities to unlock`);
    const answers = await Promise.all(
      ids.map((id, i) =>
        postJson<Unlock>(
          `${(replicas[i % 3] as ServingChild).base}/api/account/dossiers/${encodeURIComponent(id)}/unlock`,
          {},
          me.changing,
        ),
      ),
    );
    for (const a of answers) assert.ok(a.status === 200 || a.status === 402, `status ${a.status}`);
    const clusters = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.cluster_id));
    assert.equal(clusters.size, 10, 'ten unlocks bought, ten clusters unlocked');
    for (const r of replicas) {
      const held = await getJson<Dossiers>(`${r.base}/api/account/dossiers`, { headers: { cookie: me.cookie } });
      assert.equal(held.body.dossiers.length, 10);
      assert.equal(
        held.body.allowances.reduce((sum, a) => sum + a.left, 0),
        0,
      );
    }
  });

  it("spends an account's monthly credits once, however the replicas are asked at once", async (ctx) => {
    const me: SignedIn = await signedInAccount((replicas[0] as ServingChild).base, sink, 'ledger@example.org');
    const made = await postJson<{ key: string }>(
      `${(replicas[1] as ServingChild).base}/api/account/keys`,
      { name: 'ledger' },
      me.changing,
    );
    assert.equal(made.status, 201, JSON.stringify(made.body));
    // A reconciliation batch costs a credit a query: a hundred of them spend the free plan's month.
    const names = ['Halden', 'Kestrel', 'Lantern', 'Heron', 'Argentum'];
    const queries = Object.fromEntries(
      Array.from({ length: BATCH }, (_, i) => [`q${i}`, { query: names[i % names.length] ?? '' }]),
    );
    const body = new URLSearchParams({ queries: JSON.stringify(queries) }).toString();
    let answered = 0;
    let sent = 0;
    const ask = async (base: string): Promise<number> => {
      const res = await fetch(`${base}/api/public/reconcile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${made.body.key}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const text = await res.text();
      if (res.status === 200) answered++;
      else assert.ok(res.status === 429 && text.includes('credits_exhausted'), `${res.status} ${text}`);
      return res.status;
    };
    // Six callers at once across the three replicas, until every replica has refused for a while: credits a
    // replica held when its callers moved on are given back within a second of its last use.
    let refusedSince: number | null = null;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (refusedSince === null || Date.now() - refusedSince < 2_500) {
          const status = await ask((replicas[sent++ % 3] as ServingChild).base);
          if (status === 200) refusedSince = null;
          else refusedSince ??= Date.now();
          if (status !== 200) await delay(250);
        }
      }),
    );
    ctx.diagnostic(`monthly credits: ${answered} batches of ${BATCH} answered of ${sent} sent across 3 replicas`);
    assert.equal(answered * BATCH, FREE_CREDITS, 'the month spent once, to the last credit');
    for (const r of replicas) {
      const usage = await getJson<{ used_credits: number; remaining_credits: number }>(`${r.base}/api/account/usage`, {
        headers: { cookie: me.cookie },
      });
      assert.equal(usage.body.used_credits, FREE_CREDITS);
      assert.equal(usage.body.remaining_credits, 0);
    }
  });

  it('claims on one replica a dossier bought on another and paid on a third, once', async () => {
    const [r0, r1, r2] = replicas as [ServingChild, ServingChild, ServingChild];
    const entity = (await entities(r0.base))[0] ?? assert.fail('an entity to buy');
    const opened = await postJson<{ session_id: string; checkout_url: string }>(`${r0.base}/api/public/checkout`, {
      entity_id: entity,
      tier: 'standard',
    });
    assert.equal(opened.status, 201);
    const claim = `/api/public/checkout/${opened.body.session_id}/claim`;
    assert.equal((await postJson(`${r2.base}${claim}`, '')).status, 402, 'not paid yet');
    const paid = await fetch(`${r1.base}${new URL(opened.body.checkout_url).pathname}/pay`, { method: 'POST' });
    assert.equal(paid.status, 200);
    const claims = await Promise.all(replicas.map((r) => postJson<{ access_token: string }>(`${r.base}${claim}`, '')));
    assert.deepEqual(
      claims.map((c) => c.status),
      [200, 200, 200],
    );
    assert.equal(new Set(claims.map((c) => c.body.access_token)).size, 1, 'one grant, one token');
    const dossier = await getJson<{ report: unknown }>(
      `${r2.base}/api/public/dossier/${encodeURIComponent(entity)}?access_token=${claims[0]?.body.access_token ?? ''}`,
    );
    assert.ok(dossier.body.report !== null, 'the token of one replica opens the report on another');
  });

  it('loses and doubles no answered request when one replica is killed with kill -9', async (ctx) => {
    const { key, id } = await newKey('counted');
    const answered = [0, 0, 0];
    let unanswered = 0;
    let sent = 0;
    const victim = replicas[1] as ServingChild;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (sent < 240) {
          const i = sent++ % 3;
          if (sent === 120) victim.child.kill('SIGKILL');
          try {
            const res = await fetch(`${(replicas[i] as ServingChild).base}/api/public/stats`, bearer(key));
            await res.arrayBuffer();
            if (res.status === 200) answered[i] = (answered[i] ?? 0) + 1;
            else assert.fail(`status ${res.status}`);
          } catch {
            unanswered++; // the killed replica's connection, refused or cut
          }
        }
      }),
    );
    const counted = await cli('keys', 'usage');
    const usage = (counted as unknown as Array<{ subject: string; total: { requests: number } }>).find(
      (u) => u.subject === `key:${id}`,
    );
    const total = answered.reduce((a, b) => a + b, 0);
    ctx.diagnostic(
      `kill -9: ${total} requests answered (${answered.join(' + ')}), ${unanswered} cut, ${usage?.total.requests ?? 0} counted`,
    );
    assert.ok((usage?.total.requests ?? 0) >= total, 'no answered request lost its count');
    assert.ok((usage?.total.requests ?? 0) <= total + unanswered, 'no request counted twice');
    // The killed replica held no lock the others wait for, and comes back with the same state.
    const { key: later } = await newKey('after the kill');
    replicas[1] = await start(1);
    for (const r of replicas) assert.equal((await fetch(`${r.base}/api/public/stats`, bearer(later))).status, 200);
  });

  it(
    'follows the streams on one replica at a time; another takes over a kill -9 within 10 s, losing and doubling nothing',
    { skip: skipUnlessShared(...STREAMING) },
    async (ctx) => {
      const following = async (): Promise<number[]> => {
        const ready = await Promise.all(
          replicas.map((r) =>
            getJson<Readyz>(`${r.base}/readyz`).then(
              (x) => x.body,
              () => null, // killed
            ),
          ),
        );
        return ready.flatMap((x, i) => ((x?.live.streams.length ?? 0) > 0 ? [i] : []));
      };
      let leaders = await following();
      for (let i = 0; i < 100 && leaders.length !== 1; i++) {
        await delay(50);
        leaders = await following();
      }
      assert.equal(leaders.length, 1, `one follower, not ${leaders.length}`);
      const leader = leaders[0] ?? 0;
      const filings = manyFilings(sharedData(...STREAMING) ?? '', C.ukSubsidiary.slice('gb-coh:'.length), 300);
      stand.append('/filings', filings);
      const victim = replicas[leader] as ServingChild;
      const applied = async (): Promise<number> =>
        (await getJson<Readyz>(`${victim.base}/readyz`)).body.live.streams.find((s) => s.stream === 'filings')
          ?.applied ?? 0;
      while ((await applied()) < 60) await delay(10);
      victim.child.kill('SIGKILL');
      const killedAt = Date.now();
      let next: number[] = [];
      while (next.length === 0) {
        if (Date.now() - killedAt > 15_000) assert.fail('no replica took the streams over in 15 s');
        await delay(50);
        next = (await following()).filter((i) => i !== leader);
      }
      const failover = Date.now() - killedAt;
      ctx.diagnostic(`failover: replica ${next[0]} follows the streams ${failover} ms after the follower was killed`);
      assert.ok(failover < 10_000, `taken over after ${failover} ms`);
      replicas[leader] = await start(leader);
      // Every replica, the one restarted included, shows every filing once. Polled with a key: an anonymous client
      // polling this often meets its rate limit on a slow machine.
      const { key: polling } = await newKey('polls the feed');
      for (const r of replicas) {
        let seen: string[] = [];
        for (let i = 0; i < 400 && seen.length < filings.length; i++) {
          seen = await filingsInFeed(r.base, FEED_START, bearer(polling));
          if (seen.length < filings.length) await delay(25);
        }
        assert.equal(seen.length, filings.length, `${r.base}: every filing, none lost and none twice`);
        assert.equal(new Set(seen).size, seen.length);
      }
    },
  );
});
