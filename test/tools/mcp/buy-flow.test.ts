// The buy flow over MCP with a real client: in-process (the tool server serves its own test-mode page) and remote.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { callTool, errorOf, spawnMcp, type SpawnedMcp } from '../../helpers/mcp.js';
import {
  buildTestSnapshot,
  investigationsOnly,
  startTestServer,
  tempDir,
  type TestServer,
} from '../../helpers/snapshot.js';

interface Result<T> {
  body: T;
}
async function call<T>(client: Client, tool: string, args: Record<string, unknown>): Promise<Result<T>> {
  const r = await callTool(client, tool, args);
  assert.notEqual(r.isError, true, `${tool}: ${JSON.stringify(r.content).slice(0, 300)}`);
  return { body: r.structuredContent as T };
}

/** What an agent does, following get_pricing's buy_flow, with a person pressing pay on the page in between. */
async function buyFlow(client: Client, pageOrigin: (url: URL) => void): Promise<void> {
  const pricing = (
    await call<{ buy_flow: { tool: string }[]; dossiers: { tier: string; price: number }[] }>(client, 'get_pricing', {})
  ).body;
  assert.deepEqual(
    pricing.buy_flow.map((s) => s.tool).filter((t) => t !== '(none)'),
    ['get_pricing', 'search_entities', 'buy_dossier', 'claim_dossier', 'get_dossier'],
  );
  const hits = (
    await call<{ hits: { id: string }[] }>(client, 'search_entities', { q: 'Kestrel Wharf Properties', limit: 1 })
  ).body.hits;
  const id = hits[0]?.id;
  assert.equal(id, A.ukProperty);

  const opened = (
    await call<{ session_id: string; checkout_url: string; amount: number; mode: string }>(client, 'buy_dossier', {
      entity_id: id,
      tier: 'enhanced',
    })
  ).body;
  assert.equal(opened.amount, 99);
  assert.equal(opened.mode, 'test');
  pageOrigin(new URL(opened.checkout_url));

  const early = await callTool(client, 'claim_dossier', { session_id: opened.session_id });
  assert.equal(errorOf(early).code, 'payment_required');

  const page = await (await fetch(opened.checkout_url)).text();
  assert.match(page, /TEST MODE/);
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  assert.ok(action);
  assert.equal((await fetch(new URL(action, opened.checkout_url), { method: 'POST' })).status, 200);

  const claimed = (
    await call<{ access_token: string; tier: string }>(client, 'claim_dossier', { session_id: opened.session_id })
  ).body;
  assert.equal(claimed.tier, 'enhanced');
  const again = (await call<{ access_token: string }>(client, 'claim_dossier', { session_id: opened.session_id })).body;
  assert.equal(again.access_token, claimed.access_token, 'claiming twice is idempotent');

  const locked = (await call<{ report: unknown; locked: string[] }>(client, 'get_dossier', { id })).body;
  assert.equal(locked.report, null);
  const unlocked = (
    await call<{ report: { tier: string; screening: unknown[] | null } | null; locked: string[] }>(
      client,
      'get_dossier',
      { id, access_token: claimed.access_token },
    )
  ).body;
  assert.equal(unlocked.report?.tier, 'enhanced');
  assert.ok(Array.isArray(unlocked.report.screening));
  assert.deepEqual(unlocked.locked, []);

  const other = await callTool(client, 'get_dossier', { id: A.cyprusHolding, access_token: claimed.access_token });
  assert.equal(errorOf(other).code, 'invalid_access_token');
}

describe('the buy flow over MCP', () => {
  let tmp: ReturnType<typeof tempDir>;
  let rest: TestServer;
  let local: SpawnedMcp;
  let remote: SpawnedMcp;

  before(async () => {
    tmp = tempDir('mcp-buy');
    const snapshot = path.join(tmp.dir, 'snapshot');
    await buildTestSnapshot(snapshot, investigationsOnly());
    local = await spawnMcp({ UNSHELL_SNAPSHOT: snapshot, UNSHELL_DATA_DIR: path.join(tmp.dir, 'mcp-data') });
    rest = await startTestServer(investigationsOnly());
    remote = await spawnMcp({ SERVICE_API_BASE: rest.base, UNSHELL_DATA_DIR: path.join(tmp.dir, 'remote-data') });
  });
  after(async () => {
    await local.client.close();
    await remote.client.close();
    await rest.stop();
    tmp.remove();
  });

  it('in-process: the tool server serves the test-mode page itself, on a loopback port', async () => {
    await buyFlow(local.client, (url) => {
      assert.equal(url.hostname, '127.0.0.1');
      assert.match(url.pathname, /^\/checkout\/test\/chk_/);
    });
    assert.match(local.stderr(), /test-mode checkout pages at http:\/\/127\.0\.0\.1:\d+/);
    assert.deepEqual(local.protocolErrors, []);
  });

  it("remote: the checkout page is the REST server's", async () => {
    await buyFlow(remote.client, (url) => assert.equal(url.origin, rest.base));
  });
});
