// An account's API keys and credits over real HTTP: made in the settings, used on the public API with the plan's
// limits, seen by the operator's CLI, revoked; the month's credits refused when spent, never overspent at once.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AccountStore } from '../../../engine/app/accounts/account-store.js';
import { KeyStore } from '../../../engine/app/accounts/key-store.js';
import { hashPassword } from '../../../engine/app/accounts/password.js';
import { UsageStore } from '../../../engine/app/accounts/usage-store.js';
import type { ErrorBody } from '../../../engine/errors/service-error.js';
import { signedInAccount } from '../../helpers/account-session.js';
import { runCli } from '../../helpers/cli.js';
import { startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.js';
import {
  buildTestSnapshot,
  getJson,
  investigationsOnly,
  postJson,
  serveOn,
  tempDir,
  type TestServer,
} from '../../helpers/snapshot.js';
import { FileStateLogs } from '../../../engine/state/file-state-logs.js';

interface KeyView {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

const bearer = (key: string): { authorization: string } => ({ authorization: `Bearer ${key}` });

describe("an account's API keys", () => {
  const t = tempDir('account-keys');
  const snapshot = path.join(t.dir, 'snapshot');
  let sink: SmtpSink;
  const servers: TestServer[] = [];
  const serve = async (name: string): Promise<{ server: TestServer; dataDir: string }> => {
    const dataDir = path.join(t.dir, name);
    const server = await serveOn(snapshot, dataDir, { env: { UNSHELL_SMTP_URL: sink.url } });
    servers.push(server);
    return { server, dataDir };
  };

  before(async () => {
    sink = await startSmtpSink();
    await buildTestSnapshot(snapshot, investigationsOnly());
  });
  after(async () => {
    for (const s of servers) await s.stop();
    await sink.stop();
    t.remove();
  });

  it('are made in the settings (shown once), lift the limits, act for the account, and stop at once when revoked', async () => {
    const { server, dataDir } = await serve('keys');
    const api = `${server.base}/api/account`;
    const me = await signedInAccount(server.base, sink, 'kim@example.org');

    const account = await getJson<{ account: { plan: { name: string; keys: number; monthly_credits: number } } }>(api, {
      headers: { cookie: me.cookie },
    });
    assert.deepEqual(
      [account.body.account.plan.name, account.body.account.plan.keys, account.body.account.plan.monthly_credits],
      ['free', 1, 10_000],
    );

    const noCsrf = await postJson<ErrorBody>(`${api}/keys`, { name: 'laptop' }, { cookie: me.cookie });
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.body.error.code, 'invalid_csrf_token');
    const badName = await postJson<ErrorBody>(`${api}/keys`, { name: ' ' }, me.changing);
    assert.deepEqual([badName.status, badName.body.error.param], [400, 'name']);

    const created = await postJson<KeyView & { key: string }>(`${api}/keys`, { name: 'laptop' }, me.changing);
    assert.equal(created.status, 201);
    assert.match(created.body.key, /^unsh_/);
    assert.deepEqual([created.body.name, created.body.revoked_at, created.body.last_used_at], ['laptop', null, null]);
    const key = created.body.key;

    const second = await postJson<ErrorBody>(`${api}/keys`, { name: 'another' }, me.changing);
    assert.equal(second.status, 409);
    assert.equal(second.body.error.code, 'plan_limit_reached');
    assert.match(second.body.error.message, /free plan holds 1 active API key/);

    // On the public API the key has the free plan's limits, above an anonymous caller's.
    const stats = await getJson(`${server.base}/api/public/stats`, { headers: bearer(key) });
    assert.equal(stats.status, 200);
    assert.equal(stats.headers.get('ratelimit-limit'), '300');
    const batch = await postJson(
      `${server.base}/api/public/resolve`,
      { queries: Array.from({ length: 100 }, (_, i) => `query ${i}`) },
      bearer(key),
    );
    assert.equal(batch.status, 200, 'a batch of 100, over the anonymous 25');

    // The key acts for its account on /api/account, with no cookie and no CSRF token.
    const listed = await getJson<{ keys: KeyView[]; allowed: number }>(`${api}/keys`, { headers: bearer(key) });
    assert.equal(listed.status, 200);
    assert.equal(listed.body.allowed, 1);
    assert.equal(listed.body.keys.length, 1);
    assert.ok(!JSON.stringify(listed.body).includes(key), 'the key is never shown again');
    assert.ok(listed.body.keys[0]?.last_used_at !== null, 'last used is known');
    const viaKey = await getJson<{ csrf_token: string | null }>(api, { headers: bearer(key) });
    assert.deepEqual([viaKey.status, viaKey.body.csrf_token], [200, null]);

    const usage = await getJson<{
      used_credits: number;
      remaining_credits: number;
      days: Array<{ day: string; requests: number; credits: number }>;
      keys: Array<{ id: string; requests: number }>;
    }>(`${api}/usage`, { headers: bearer(key) });
    assert.equal(usage.status, 200);
    assert.equal(usage.body.days.length, 30);
    const today = usage.body.days.at(-1);
    assert.equal(today?.day, new Date().toISOString().slice(0, 10));
    assert.equal(today?.requests, 2);
    assert.equal(today?.credits, 2);
    assert.deepEqual([usage.body.used_credits, usage.body.remaining_credits], [2, 9_998]);
    assert.equal(usage.body.keys[0]?.requests, 2);

    // The operator's CLI sees the account's key, with its account and plan.
    const cli = await runCli(['keys', 'list', '--data-dir', dataDir]);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout, new RegExp(`${created.body.id}\\s+laptop\\s+free\\s+${me.accountId}`));

    // Another account cannot see or revoke it.
    const other = await signedInAccount(server.base, sink, 'lee@example.org');
    const foreign = await fetch(`${api}/keys/${created.body.id}`, { method: 'DELETE', headers: other.changing });
    assert.equal(foreign.status, 404);

    const revoked = await fetch(`${api}/keys/${created.body.id}`, { method: 'DELETE', headers: bearer(key) });
    assert.equal(revoked.status, 200);
    assert.ok(((await revoked.json()) as KeyView).revoked_at !== null);
    const refused = await getJson<ErrorBody>(`${server.base}/api/public/stats`, { headers: bearer(key) });
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'invalid_api_key');
    const refusedHere = await getJson<ErrorBody>(api, { headers: bearer(key) });
    assert.equal(refusedHere.status, 401);

    // With the first one revoked, the plan's one key may be made again.
    const again = await postJson(`${api}/keys`, { name: 'new laptop' }, me.changing);
    assert.equal(again.status, 201);
  });

  it('are revoked with their account when it is deleted', async () => {
    const { server } = await serve('deleted');
    const api = `${server.base}/api/account`;
    const me = await signedInAccount(server.base, sink, 'mo@example.org');
    const { key } = (await postJson<{ key: string }>(`${api}/keys`, { name: 'script' }, me.changing)).body;
    assert.equal((await getJson(`${server.base}/api/public/stats`, { headers: bearer(key) })).status, 200);
    const gone = await fetch(api, {
      method: 'DELETE',
      headers: { ...me.changing, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a long enough passphrase' }),
    });
    assert.equal(gone.status, 200);
    const refused = await getJson<ErrorBody>(`${server.base}/api/public/stats`, { headers: bearer(key) });
    assert.deepEqual([refused.status, refused.body.error.code], [401, 'invalid_api_key']);
  });

  it("refuse a request with credits_exhausted once the month's credits are spent, and never spend more at once", async () => {
    // An account whose key has spent all but 10 of the free plan's 10,000 credits this month.
    const dataDir = path.join(t.dir, 'credits');
    const accounts = AccountStore.open(new FileStateLogs(dataDir));
    const account = accounts.create('nia@example.org', await hashPassword('a long enough passphrase'), new Date());
    accounts.verify(account.id, new Date());
    const keys = KeyStore.open(new FileStateLogs(dataDir));
    const { key, record } = keys.create('batch job', 'free', new Date(), account.id);
    keys.close();
    const usage = UsageStore.open(new FileStateLogs(dataDir));
    usage.record(`key:${record.id}`, 9_990, new Date());
    usage.close();

    const server = await serveOn(snapshot, dataDir, { env: { UNSHELL_SMTP_URL: sink.url } });
    servers.push(server);
    // Thirty requests at once, ten credits left: exactly ten are served.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => getJson<ErrorBody>(`${server.base}/api/public/stats`, { headers: bearer(key) })),
    );
    const served = answers.filter((a) => a.status === 200).length;
    assert.equal(served, 10);
    const refused = answers.find((a) => a.status === 429);
    assert.equal(refused?.body.error.code, 'credits_exhausted');
    assert.equal(refused?.headers.get('x-credits-cost'), '0', 'a refused request costs nothing');
    assert.match(
      refused?.body.error.message ?? '',
      /10,000 credits of the month are spent; they start again on \d{4}-\d{2}-01/,
    );
    const pricing = await getJson(`${server.base}/api/public/pricing`, { headers: bearer(key) });
    assert.equal(pricing.status, 200, 'what costs nothing is still served');

    const spent = await getJson<{ used_credits: number; remaining_credits: number }>(
      `${server.base}/api/account/usage`,
      { headers: bearer(key) },
    );
    assert.deepEqual([spent.body.used_credits, spent.body.remaining_credits], [10_000, 0]);

    // With metering on, credits beyond the plan's are served (and billed as metered API).
    accounts.setMetering(account.id, true, new Date());
    accounts.close();
    const metered = await getJson(`${server.base}/api/public/stats`, { headers: bearer(key) });
    assert.equal(metered.status, 200);
  });
});
