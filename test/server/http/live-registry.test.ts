// Company lookups refreshed from the live registry (a local stand-in speaking its protocol, serving recorded and
// hand-written answers in its format), and answered from the snapshot, with a note, when the registry fails.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCompaniesHouseStandIn, type CompaniesHouseStandIn } from '../../helpers/companies-house-server.js';
import { fixture } from '../../helpers/fixtures.js';
import { sharedData, skipUnlessShared } from '../../helpers/shared-data.js';
import { getJson, investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const REST = ['companies-house', 'api', 'rest'];
const KEY = 'ch-live-test-key';

/** A scenario in the registry's own format: a new company owned by a UK company, whose PSCs are people. */
const ROUTES = {
  '/company/09990001': fixture('companies-house', 'api', 'company_09990001.json'),
  '/company/09990001/officers': fixture('companies-house', 'api', 'officers_09990001.json'),
  '/company/09990001/persons-with-significant-control': fixture('companies-house', 'api', 'psc_09990001.json'),
  '/company/09990002': fixture('companies-house', 'api-live', 'company_09990002.json'),
  '/company/09990002/persons-with-significant-control': fixture('companies-house', 'api-live', 'psc_09990002.json'),
};

interface CompanyAnswer {
  company: { id: string; name: string };
  graph: { nodes: Array<{ id: string; name: string }>; edges: Array<{ source: string; role: string }> };
  live: boolean;
  note: string;
}

const registryEnv = (registry: CompaniesHouseStandIn, extra: Record<string, string> = {}): Record<string, string> => ({
  UNSHELL_CH_API_KEY: KEY,
  UNSHELL_CH_API_BASE: registry.base,
  ...extra,
});

describe('live company lookups', { skip: skipUnlessShared(...REST) }, () => {
  let registry: CompaniesHouseStandIn;
  let server: TestServer;
  before(async () => {
    registry = await startCompaniesHouseStandIn({ samples: sharedData(...REST) ?? '', apiKey: KEY, routes: ROUTES });
    server = await startTestServer(investigationsOnly(), { env: registryEnv(registry) });
  });
  after(async () => {
    await server.stop();
    await registry.stop();
  });

  it('finds a company known only to the registry, live, and climbs its ownership chain', async () => {
    const r = await getJson<CompanyAnswer>(`${server.base}/api/public/company/09990002`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.live, true);
    assert.match(r.body.note, /^Refreshed from the Companies House register at \d{4}-\d{2}-\d{2}T/);
    assert.equal(r.body.company.name, 'NORTHWIND LOGISTICS LIMITED');
    const owner = r.body.graph.nodes.find((n) => n.name === 'NORTHWIND HOLDINGS LIMITED');
    assert.ok(owner !== undefined, 'the corporate PSC is in the graph');
    assert.ok(r.body.graph.edges.some((e) => e.source === owner.id && e.role === 'psc'));

    // The corporate PSC is a UK company: it was refreshed too, so the chain reaches the people who own it.
    const path = await getJson<{ ubos: Array<{ entity: { name: string } }> }>(
      `${server.base}/api/public/ownership-path?root=gb-coh:09990002`,
    );
    assert.equal(path.status, 200);
    assert.ok(
      path.body.ubos.some((u) => u.entity.name === 'Ada Fenwick Lowe'),
      JSON.stringify(path.body.ubos.map((u) => u.entity.name)),
    );
    assert.equal(registry.requests.get('/company/09990001'), 1, 'the parent was fetched in the climb');
  });

  it('reads a real recorded profile, and does not fetch it again within the freshness window', async () => {
    const first = await getJson<CompanyAnswer>(`${server.base}/api/public/company/08957400`);
    assert.equal(first.status, 200);
    assert.equal(first.body.live, true);
    assert.equal(first.body.company.name, 'CANDOUR GROUP LIMITED');
    const again = await getJson<CompanyAnswer>(`${server.base}/api/public/company/08957400`);
    assert.equal(again.body.live, true);
    assert.equal(again.body.note, first.body.note, 'the same refresh, from the window');
    assert.equal(registry.requests.get('/company/08957400'), 1);
    const entity = await getJson<{ entity: { name: string } }>(`${server.base}/api/public/entity/gb-coh:08957400`);
    assert.equal(entity.body.entity.name, 'CANDOUR GROUP LIMITED', 'every operation sees the refreshed company');
  });

  it('answers 404 only when the registry has no such company either', async () => {
    const r = await getJson<{ error: { code: string } }>(`${server.base}/api/public/company/00000042`);
    assert.equal(r.status, 404);
    assert.equal(r.body.error.code, 'not_found');
  });

  it("merges the registry's search hits, adding the companies the snapshot lacks", async () => {
    const r = await getJson<{ hits: Array<{ company_number: string; name: string }>; live: boolean }>(
      `${server.base}/api/public/company/search?q=you&limit=50`,
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.live, true);
    assert.ok(r.body.hits.some((h) => h.company_number === '04475590' && h.name === 'YOU LIMITED'));
  });

  it('shows the registry in /readyz', async () => {
    const r = await getJson<{ live: { registry: { configured: boolean }; journal: { changes: number } } }>(
      `${server.base}/readyz`,
    );
    assert.equal(r.body.live.registry.configured, true);
    assert.ok(r.body.live.journal.changes >= 3);
  });

  it('answers from the snapshot, with a note saying why, once the registry is gone', async () => {
    await registry.stop();
    const started = Date.now();
    const r = await getJson<CompanyAnswer>(`${server.base}/api/public/company/99000200`);
    assert.ok(Date.now() - started < 3_000, `answered in ${Date.now() - started} ms`);
    assert.equal(r.status, 200);
    assert.equal(r.body.live, false);
    assert.match(r.body.note, /^From snapshot .*; not refreshed: Companies House could not be reached/);
    const search = await getJson<{ hits: unknown[]; live: boolean }>(
      `${server.base}/api/public/company/search?q=halden`,
    );
    assert.equal(search.status, 200);
    assert.equal(search.body.live, false, 'the search says it could not ask the register');
    assert.ok(search.body.hits.length > 0, 'and still answers from the corpus');
  });
});

describe('a slow registry and a refused key', { skip: skipUnlessShared(...REST) }, () => {
  it('a registry slower than the deadline leaves the answer to the snapshot, within the deadline', async () => {
    const registry = await startCompaniesHouseStandIn({
      samples: sharedData(...REST) ?? '',
      apiKey: KEY,
      delayMs: 3_000,
    });
    const server = await startTestServer(investigationsOnly(), {
      env: registryEnv(registry, { UNSHELL_CH_DEADLINE_MS: '300' }),
    });
    try {
      const started = Date.now();
      const r = await getJson<CompanyAnswer>(`${server.base}/api/public/company/99000200`);
      assert.ok(Date.now() - started < 2_000);
      assert.equal(r.body.live, false);
      assert.match(r.body.note, /did not answer within 300 ms/);
    } finally {
      await server.stop();
      await registry.stop();
    }
  });

  it('a refused key is said in the note, and the service keeps serving', async () => {
    const registry = await startCompaniesHouseStandIn({ samples: sharedData(...REST) ?? '', apiKey: 'another-key' });
    const server = await startTestServer(investigationsOnly(), { env: registryEnv(registry) });
    try {
      const r = await getJson<CompanyAnswer>(`${server.base}/api/public/company/99000200`);
      assert.equal(r.status, 200);
      assert.equal(r.body.live, false);
      assert.match(r.body.note, /refused the API key/);
    } finally {
      await server.stop();
      await registry.stop();
    }
  });
});
