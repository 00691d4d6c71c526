// API keys, rate limits, batch limits and metering against a real server, with keys managed by the real CLI.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey, runCli } from '../../helpers/cli.js';
import { callTool, errorOf, spawnMcp } from '../../helpers/mcp.js';
import {
  buildTestSnapshot,
  getJson,
  investigationsOnly,
  postJson,
  serveOn,
  tempDir,
  type TestServer,
} from '../../helpers/snapshot.js';

interface ErrorBody {
  error: { code: string; message: string };
}

/** The contract's default limits (the test helper's servers are otherwise unlimited). */
const DEFAULTS = { UNSHELL_RATE_ANONYMOUS: '60', UNSHELL_RATE_KEYED: '600' };

let tmp: ReturnType<typeof tempDir>;
let snapshot: string;
let dirs = 0;
const servers: TestServer[] = [];

/** A server over the shared snapshot with a data directory of its own (or the one given). */
async function serve(
  env: Record<string, string>,
  dataDir = path.join(tmp.dir, `data-${++dirs}`),
): Promise<{ server: TestServer; dataDir: string }> {
  const server = await serveOn(snapshot, dataDir, { env });
  servers.push(server);
  return { server, dataDir };
}

const bearer = (key: string): { headers: Record<string, string> } => ({ headers: { authorization: `Bearer ${key}` } });
const queries = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `gb-coh:${String(99000001 + (i % 3)).padStart(8, '0')}`);

before(async () => {
  tmp = tempDir('access');
  snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
});
after(async () => {
  for (const s of servers) await s.stop();
  tmp.remove();
});

describe('API keys', () => {
  it('refuses unknown and malformed keys with 401, never answering as anonymous', async () => {
    const { server } = await serve(DEFAULTS);
    for (const authorization of [
      'Bearer unsh_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'Bearer nope',
      'Basic dXNlcjpwYXNz',
      'Bearer ',
    ]) {
      const r = await getJson<ErrorBody>(`${server.base}/api/public/stats`, { headers: { authorization } });
      assert.equal(r.status, 401, authorization);
      assert.equal(r.body.error.code, 'invalid_api_key');
      assert.equal(r.headers.get('x-credits-cost'), '0');
      assert.ok(r.headers.get('ratelimit-remaining') !== null, 'a refused key still counts against the IP');
    }
  });

  it('accepts a key created by the CLI while the server runs, and refuses it once revoked by the CLI', async () => {
    const { server, dataDir } = await serve(DEFAULTS);
    const { key, id } = await createKey(dataDir, 'analyst');
    const ok = await getJson(`${server.base}/api/public/stats`, bearer(key));
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('ratelimit-limit'), '600');

    const listed = await runCli(['keys', 'list', '--data-dir', dataDir]);
    assert.equal(listed.code, 0);
    assert.match(listed.stdout, new RegExp(`${id}\\s+analyst\\s+keyed`));
    assert.ok(!listed.stdout.includes(key), 'list never shows the key');

    const revoked = await runCli(['keys', 'revoke', id, '--data-dir', dataDir]);
    assert.equal(revoked.code, 0, revoked.stderr);
    const refused = await getJson<ErrorBody>(`${server.base}/api/public/stats`, bearer(key));
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'invalid_api_key');
    assert.match(refused.body.error.message, /revoked/);
    assert.equal((await runCli(['keys', 'revoke', 'key_000000000000', '--data-dir', dataDir])).code, 1);
  });

  it('refuses a bad plan name and a missing name at the CLI', async () => {
    const dataDir = path.join(tmp.dir, 'cli-errors');
    assert.equal((await runCli(['keys', 'create', '--name', 'x', '--plan', 'gold', '--data-dir', dataDir])).code, 2);
    assert.equal((await runCli(['keys', 'create', '--data-dir', dataDir])).code, 2);
  });
});

describe('rate limits', () => {
  it('gives an anonymous IP 60 requests a minute, counting down, then 429 with Retry-After', async () => {
    const { server } = await serve(DEFAULTS);
    let last = 60;
    for (let i = 1; i <= 60; i++) {
      const r = await getJson(`${server.base}/api/public/entity/search?q=kestrel`);
      assert.equal(r.status, 200, `request ${i}`);
      assert.equal(r.headers.get('ratelimit-limit'), '60');
      const remaining = Number(r.headers.get('ratelimit-remaining'));
      assert.ok(remaining < last, `remaining ${remaining} after ${last}`);
      last = remaining;
      assert.ok(Number(r.headers.get('ratelimit-reset')) > 0);
    }
    const refused = await getJson<ErrorBody>(`${server.base}/api/public/entity/search?q=kestrel`);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal(refused.headers.get('ratelimit-remaining'), '0');
    // Health is outside the public prefix and never limited.
    assert.equal((await getJson(`${server.base}/healthz`)).status, 200);
  });

  it('gives a keyed caller the keyed limit and batch, and an anonymous one the anonymous batch', async () => {
    const { server, dataDir } = await serve(DEFAULTS);
    const { key } = await createKey(dataDir, 'bulk');
    for (let i = 1; i <= 61; i++) {
      const r = await getJson(`${server.base}/api/public/stats`, bearer(key));
      assert.equal(r.status, 200, `keyed request ${i}`);
    }
    const big = await postJson<{ results: unknown[] }>(
      `${server.base}/api/public/resolve`,
      { queries: queries(100) },
      bearer(key).headers,
    );
    assert.equal(big.status, 200);
    assert.equal(big.body.results.length, 100);

    const anonymous = await postJson<ErrorBody>(`${server.base}/api/public/resolve`, { queries: queries(26) });
    assert.equal(anonymous.status, 413);
    assert.equal(anonymous.body.error.code, 'batch_too_large');
    assert.equal((await postJson(`${server.base}/api/public/resolve`, { queries: queries(25) })).status, 200);

    // Any key lifts the anonymous limits: a key on the free plan gets 300 a minute and batches of 100.
    const free = await createKey(dataDir, 'trial', 'free');
    const lifted = await postJson(
      `${server.base}/api/public/resolve`,
      { queries: queries(100) },
      bearer(free.key).headers,
    );
    assert.equal(lifted.status, 200);
    const r = await getJson(`${server.base}/api/public/stats`, bearer(free.key));
    assert.equal(r.headers.get('ratelimit-limit'), '300');
  });

  it('ignores X-Forwarded-For unless UNSHELL_TRUST_PROXY is set', async () => {
    const env = { UNSHELL_RATE_ANONYMOUS: '3' };
    const hit = (base: string, ip: string): Promise<{ status: number }> =>
      getJson(`${base}/api/public/stats`, { headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` } });

    const direct = (await serve(env)).server;
    assert.deepEqual(
      [
        await hit(direct.base, '203.0.113.1'),
        await hit(direct.base, '203.0.113.2'),
        await hit(direct.base, '203.0.113.3'),
      ].map((r) => r.status),
      [200, 200, 200],
    );
    assert.equal((await hit(direct.base, '203.0.113.4')).status, 429, 'one socket address, one limit');

    const { server: proxied, dataDir } = await serve({ ...env, UNSHELL_TRUST_PROXY: 'true' });
    for (let i = 0; i < 3; i++) assert.equal((await hit(proxied.base, '203.0.113.1')).status, 200);
    assert.equal((await hit(proxied.base, '203.0.113.1')).status, 429);
    assert.equal((await hit(proxied.base, '203.0.113.2')).status, 200, 'another client behind the proxy');
    // IPv6 clients are counted per /64, the block one subscriber usually holds.
    for (const ip of ['2001:db8:1:2::a', '2001:db8:1:2:0:0:0:b', '2001:0db8:0001:0002:ffff::1'])
      assert.equal((await hit(proxied.base, ip)).status, 200, ip);
    assert.equal((await hit(proxied.base, '2001:db8:1:2::c')).status, 429, 'same /64');
    assert.equal((await hit(proxied.base, '2001:db8:1:3::a')).status, 200, 'another /64');
    const usage = await runCli(['keys', 'usage', '--data-dir', dataDir]);
    assert.match(usage.stdout, /ip:203\.0\.113\.1\s+3\s+3/);
    assert.match(usage.stdout, /ip:2001:db8:1:2::\/64\s+3\s+3/);
    assert.doesNotMatch(usage.stdout, /10\.0\.0\.1|127\.0\.0\.1/);
  });
});

describe('the MCP tool server in remote mode', () => {
  it('forwards SERVICE_API_KEY: a known key gets the keyed batch, an unknown one the tool error invalid_api_key', async () => {
    const { server, dataDir } = await serve(DEFAULTS);
    const { key } = await createKey(dataDir, 'agent');
    const keyed = await spawnMcp({ SERVICE_API_BASE: server.base, SERVICE_API_KEY: key });
    const bogus = await spawnMcp({
      SERVICE_API_BASE: server.base,
      SERVICE_API_KEY: 'unsh_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    try {
      const ok = await callTool(keyed.client, 'resolve', { queries: queries(100) });
      assert.notEqual(ok.isError, true);
      assert.equal((ok.structuredContent as { results: unknown[] }).results.length, 100);
      const refused = await callTool(bogus.client, 'resolve', { queries: queries(1) });
      assert.equal(refused.isError, true);
      assert.equal(errorOf(refused).code, 'invalid_api_key');
    } finally {
      await keyed.client.close();
      await bogus.client.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('declares the optional bearer key and the rate-limit headers', async () => {
    const { server } = await serve(DEFAULTS);
    const doc = await getJson<{
      security: unknown[];
      components: {
        securitySchemes: Record<string, { scheme: string }>;
        responses: Record<string, { headers?: Record<string, unknown> }>;
      };
      paths: Record<string, { get?: { responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    }>(`${server.base}/api/public/openapi.json`);
    assert.equal(doc.headers.get('ratelimit-limit'), '60', 'the document is counted too');
    assert.deepEqual(doc.body.security, [{}, { apiKey: [] }]);
    assert.equal(doc.body.components.securitySchemes.apiKey?.scheme, 'bearer');
    const responses = doc.body.paths['/api/public/stats']?.get?.responses;
    assert.ok(responses?.['200']?.headers?.['RateLimit-Remaining']);
    // The error answers are reusable responses, referred to by status.
    assert.deepEqual(responses?.['429'], { $ref: '#/components/responses/RateLimited' });
    const rateLimited = doc.body.components.responses['RateLimited'];
    assert.ok(rateLimited?.headers?.['Retry-After']);
  });
});

describe('metering', () => {
  it('meters requests and credits per key and per IP, and the counts survive a restart', async () => {
    const first = await serve(DEFAULTS);
    const { key, id } = await createKey(first.dataDir, 'metered');
    for (let i = 0; i < 3; i++)
      assert.equal((await getJson(`${first.server.base}/api/public/stats`, bearer(key))).status, 200);
    assert.equal((await getJson(`${first.server.base}/api/public/entity/search?q=kestrel`)).status, 200);
    assert.equal((await getJson(`${first.server.base}/api/public/entity/search`)).status, 400);
    await first.server.stop();

    const second = await serve(DEFAULTS, first.dataDir);
    assert.equal((await getJson(`${second.server.base}/api/public/stats`, bearer(key))).status, 200);
    const r = await runCli(['keys', 'usage', '--json', '--data-dir', first.dataDir]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { subject: string; total: { requests: number; credits: number } }[];
    const of = (subject: string): unknown => report.find((u) => u.subject === subject)?.total;
    assert.deepEqual(of(`key:${id}`), { requests: 4, credits: 4 });
    // An invalid request is still an answered call, charged as its X-Credits-Cost says.
    assert.deepEqual(of('ip:127.0.0.1'), { requests: 2, credits: 2 });
    const table = await runCli(['keys', 'usage', '--data-dir', first.dataDir]);
    assert.match(table.stdout, new RegExp(`key:${id}\\s+metered\\s+4\\s+4\\s`));
  });
});
