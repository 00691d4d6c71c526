// Semantic search and similar entities through a real HTTP server: contract shapes, errors and filters.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { getJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Hit {
  id: string;
  name: string;
  type: string;
  jurisdiction: string | null;
  risk: string;
  source: string;
  score: number;
}
interface Coverage {
  embedded: number;
  total: number;
  ratio: number;
  scope: string;
}
interface SearchBody {
  hits: Hit[];
  coverage: Coverage;
  error?: { code: string; message: string; param?: string };
}

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.stop();
});

const api = (path: string) =>
  getJson<SearchBody & { id?: string; embedded?: boolean }>(`${server.base}/api/public${path}`);

describe('GET /api/public/semantic-search', () => {
  it('answers ranked hits with the live coverage, at a credit', async () => {
    const r = await api('/semantic-search?q=offshore+holding+company+in+Cyprus&k=5');
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-credits-cost'), '1');
    assert.equal(r.body.hits.length, 5);
    for (const h of r.body.hits)
      assert.deepEqual(Object.keys(h).sort(), ['id', 'jurisdiction', 'name', 'risk', 'score', 'source', 'type']);
    assert.equal(r.body.coverage.total, r.body.coverage.embedded);
    assert.equal(r.body.coverage.ratio, 1);
  });

  it('filters by kind=Company and by juris', async () => {
    const r = await api('/semantic-search?q=sanctioned+Russian&kind=Company&k=20');
    assert.equal(r.status, 200);
    assert.ok(r.body.hits.length > 0);
    assert.ok(r.body.hits.every((h) => h.type === 'company'));
    const ru = await api('/semantic-search?q=sanctioned&juris=RU&kind=person');
    assert.ok(ru.body.hits.every((h) => h.jurisdiction === 'RU' && h.type === 'person'));
  });

  it('answers 400 for k=51, an unknown kind and a missing q, naming the parameter', async () => {
    const k = await api('/semantic-search?q=bank&k=51');
    assert.equal(k.status, 400);
    assert.equal(k.body.error?.code, 'invalid_parameter');
    assert.equal(k.body.error?.param, 'k');
    const kind = await api('/semantic-search?q=bank&kind=Vessel');
    assert.equal(kind.status, 400);
    assert.equal(kind.body.error?.param, 'kind');
    const missing = await api('/semantic-search');
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error?.code, 'missing_parameter');
  });
});

describe('GET /api/public/similar/{id}', () => {
  it('answers the peers of an embedded entity', async () => {
    const r = await api(`/similar/${encodeURIComponent(A.ukRecord)}?k=4`);
    assert.equal(r.status, 200);
    assert.equal(r.body.id, A.ukRecord);
    assert.equal(r.body.embedded, true);
    assert.equal(r.body.hits.length, 4);
    assert.ok(r.body.coverage.total > 0);
  });

  it('answers 404 for an unknown id and 400 for k=51', async () => {
    const unknown = await api('/similar/demo:no-such-entity');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error?.code, 'not_found');
    const k = await api(`/similar/${encodeURIComponent(A.ukRecord)}?k=51`);
    assert.equal(k.status, 400);
    assert.equal(k.body.error?.code, 'invalid_parameter');
  });
});
