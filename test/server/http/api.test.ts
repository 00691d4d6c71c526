// The REST API against a real HTTP server: each endpoint's shape, and the errors of CONTRACT.md §2.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { A, B, C } from '../../../snapshots/demo/investigations/all.js';
import { getJson, postJson, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Hit {
  id: string;
  name: string;
  type: string;
  jurisdiction: string | null;
  risk: string;
  source: string;
  score?: number;
}
interface ErrorBody {
  error: { code: string; message: string; param?: string };
}

let server: TestServer;
const api = (path: string): string => `${server.base}/api/public${path}`;

before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.stop();
});

describe('health and readiness', () => {
  it('answers /healthz and /readyz once loaded', async () => {
    assert.equal((await getJson(`${server.base}/healthz`)).status, 200);
    const ready = await getJson<{ status: string; snapshot: { id: string } }>(`${server.base}/readyz`);
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, 'ready');
  });

  it('answers an unknown path with a contract-shaped 404', async () => {
    const r = await getJson<ErrorBody>(api('/nope'));
    assert.equal(r.status, 404);
    assert.equal(r.body.error.code, 'not_found');
  });
});

describe('conventions', () => {
  it('sets X-Credits-Cost and CORS on public routes', async () => {
    const r = await getJson(api(`/entity/search?q=kestrel`));
    assert.equal(r.headers.get('x-credits-cost'), '1');
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    const doc = await getJson(api('/openapi.json'));
    assert.equal(doc.headers.get('x-credits-cost'), '0');
  });

  it('answers OPTIONS preflight', async () => {
    const r = await fetch(api('/resolve'), { method: 'OPTIONS' });
    assert.equal(r.status, 204);
    assert.match(r.headers.get('access-control-allow-methods') ?? '', /POST/);
  });

  it('serves an OpenAPI 3.1 document covering every operation of the registry, documents as their media type', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
    const r = await getJson<{ openapi: string; paths: Record<string, Record<string, Operation>> }>(
      api('/openapi.json'),
    );
    assert.equal(r.body.openapi, '3.1.0');
    for (const c of CAPABILITIES) {
      const documented = r.body.paths[c.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[c.method.toLowerCase()];
      assert.ok(documented, `missing ${c.method} ${c.path}`);
      const success = documented.responses[String(c.status ?? 200)]?.content ?? {};
      assert.deepEqual(
        Object.keys(success),
        [c.produces ?? 'application/json', ...(c.table === undefined ? [] : ['text/csv'])],
        c.path,
      );
    }
    const report = r.body.paths['/api/public/dossier/{id}/report.html']?.get;
    assert.ok(report?.responses['200']?.content?.['text/html'], 'the printable report is a text/html operation');
  });

  it('rejects an unknown API key instead of treating the caller as anonymous', async () => {
    const r = await getJson<ErrorBody>(api('/stats'), { headers: { authorization: 'Bearer nope' } });
    assert.equal(r.status, 401);
    assert.equal(r.body.error.code, 'invalid_api_key');
  });
});

describe('GET /entity/search', () => {
  it('finds an entity by exact name, first', async () => {
    const r = await getJson<{ hits: Hit[]; count: number }>(
      api(`/entity/search?q=${encodeURIComponent('KESTREL WHARF PROPERTIES LIMITED')}`),
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.hits[0]?.id, A.ukProperty);
    assert.equal(r.body.count, r.body.hits.length);
    const hit = r.body.hits[0];
    assert.deepEqual(Object.keys(hit).sort(), ['id', 'jurisdiction', 'name', 'risk', 'score', 'source', 'type']);
  });

  it('finds an entity by identifier', async () => {
    const r = await getJson<{ hits: Hit[] }>(api(`/entity/search?q=gb-coh:99000200`));
    assert.equal(r.body.hits[0]?.id, C.ukSubsidiary);
  });

  it('filters on type, jurisdiction and risk', async () => {
    const r = await getJson<{ hits: Hit[] }>(api(`/entity/search?q=volkhonsky&type=person&risk=HIGH`));
    assert.ok(r.body.hits.length > 0);
    assert.ok(r.body.hits.every((h) => h.type === 'person' && h.risk === 'HIGH'));
    const cy = await getJson<{ hits: Hit[] }>(api(`/entity/search?q=argentum&juris=cy`));
    assert.ok(cy.body.hits.some((h) => h.id === A.cyprusHolding));
    assert.ok(cy.body.hits.every((h) => h.jurisdiction === 'CY'));
  });

  it('returns 200 with zero hits when nothing matches', async () => {
    const r = await getJson<{ hits: Hit[]; count: number }>(api(`/entity/search?q=zzqxjv`));
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 0);
  });

  const bad: Array<[string, string]> = [
    ['limit=51', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['juris=XX1', 'juris'],
    ['juris=QQ', 'juris'],
    ['type=ship', 'type'],
    ['risk=EXTREME', 'risk'],
  ];
  for (const [query, param] of bad) {
    it(`rejects ${query} with 400 naming ${param}`, async () => {
      const r = await getJson<ErrorBody>(api(`/entity/search?q=kestrel&${query}`));
      assert.equal(r.status, 400);
      assert.equal(r.body.error.code, 'invalid_parameter');
      assert.equal(r.body.error.param, param);
    });
  }

  it('rejects a missing q with missing_parameter', async () => {
    const r = await getJson<ErrorBody>(api(`/entity/search`));
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'missing_parameter');
  });
});

describe('GET /entity/{id}', () => {
  it('returns the full record and its connections', async () => {
    const r = await getJson<{
      entity: Record<string, unknown>;
      connections: Array<{ direction: string; role: string; other: Hit; provenance: { url: string } }>;
    }>(api(`/entity/${A.ukProperty}`));
    assert.equal(r.status, 200);
    assert.equal(r.body.entity.id, A.ukProperty);
    for (const k of [
      'cluster_id',
      'identifiers',
      'roles',
      'aliases',
      'addresses',
      'birth_date',
      'nationalities',
      'incorporation_date',
      'dissolution_date',
      'status',
      'sources',
    ]) {
      assert.ok(k in r.body.entity, `entity lacks ${k}`);
    }
    const owner = r.body.connections.find((c) => c.other.id === A.cyprusHolding);
    assert.equal(owner?.direction, 'in');
    assert.match(owner?.provenance.url ?? '', /^https?:\/\//);
  });

  it('accepts any member id of a cluster and reports the cluster', async () => {
    const a = await getJson<{ entity: { cluster_id: string } }>(api(`/entity/${A.ukRecord}`));
    const b = await getJson<{ entity: { cluster_id: string } }>(api(`/entity/${A.beneficialOwner}`));
    assert.equal(a.status, 200);
    assert.equal(a.body.entity.cluster_id, b.body.entity.cluster_id);
  });

  it('answers an unknown id with 404 not_found', async () => {
    const r = await getJson<ErrorBody>(api(`/entity/gb-coh:99999998`));
    assert.equal(r.status, 404);
    assert.equal(r.body.error.code, 'not_found');
  });

  it('answers a malformed id with 400', async () => {
    const r = await getJson<ErrorBody>(api(`/entity/nonsense`));
    assert.equal(r.status, 400);
  });
});

describe('company search and lookup', () => {
  it('finds UK companies by name and marks the answer not live', async () => {
    const r = await getJson<{ hits: Array<{ id: string; company_number: string }>; live: boolean }>(
      api(`/company/search?q=halden precision`),
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.live, false);
    assert.equal(r.body.hits[0]?.company_number, '99000200');
    assert.ok(r.body.hits.every((h) => h.id.startsWith('gb-coh:')));
  });

  it('defaults company search to 8 hits and rejects a limit above 50', async () => {
    const r = await getJson<{ hits: unknown[] }>(api(`/company/search?q=limited`));
    assert.ok(r.body.hits.length <= 8);
    assert.equal((await getJson(api(`/company/search?q=x&limit=51`))).status, 400);
  });

  it('looks up a company with its graph', async () => {
    const r = await getJson<{
      company: { company_number: string; former_names: unknown[] };
      graph: { nodes: Hit[]; edges: Array<{ source: string; target: string; role: string }> };
      live: boolean;
      note: string;
    }>(api(`/company/99000200`));
    assert.equal(r.status, 200);
    assert.equal(r.body.company.company_number, '99000200');
    assert.equal(r.body.company.former_names.length, 2);
    assert.ok(r.body.graph.edges.some((e) => e.source === C.luxParent && e.role === 'direct-parent'));
    assert.ok(r.body.graph.nodes.some((n) => n.id === C.usUltimateParent));
    assert.equal(r.body.live, false);
    assert.match(r.body.note, /snapshot/);
  });

  it('pads a short company number and 404s an unknown one', async () => {
    assert.equal((await getJson<ErrorBody>(api(`/company/123`))).body.error.code, 'not_found');
    assert.equal((await getJson(api(`/company/ZZ!`))).status, 400);
  });
});

describe('GET /by-identifier', () => {
  it('finds an entity by LEI and by company number', async () => {
    const lei = C.luxParent.slice('lei:'.length);
    const r = await getJson<{ scheme: string; value: string; entity: { id: string } }>(
      api(`/by-identifier?scheme=lei&value=${lei}`),
    );
    assert.equal(r.status, 200);
    assert.equal(r.body.entity.id, C.luxParent);
    const n = await getJson<{ entity: { id: string } }>(api(`/by-identifier?scheme=gb-coh&value=99000001`));
    assert.equal(n.body.entity.id, A.ukProperty);
  });

  it('rejects an LEI with wrong check digits and an unknown scheme', async () => {
    const lei = C.luxParent.slice('lei:'.length);
    const wrong = lei.slice(0, 18) + (lei.endsWith('00') ? '01' : '00');
    const r = await getJson<ErrorBody>(api(`/by-identifier?scheme=lei&value=${wrong}`));
    assert.equal(r.status, 400);
    assert.equal(r.body.error.param, 'value');
    assert.equal((await getJson<ErrorBody>(api(`/by-identifier?scheme=foo&value=1`))).status, 400);
  });

  it('404s a valid but unknown identifier', async () => {
    const r = await getJson<ErrorBody>(api(`/by-identifier?scheme=siren&value=732829320`));
    assert.equal(r.status, 404);
  });
});

describe('POST /resolve', () => {
  it('resolves identifiers, exact names and fuzzy names in order, each with its explanations', async () => {
    const r = await postJson<{
      results: Array<{
        query: string;
        id: string | null;
        confidence: number;
        method: string;
        explanations: Record<string, { score: number; detail: string }>;
      }>;
    }>(api('/resolve'), {
      queries: ['gb-coh:99000200', 'Kestrel Wharf Properties Ltd', 'Kestrel Wharf Propertise', 'zzqxjv qqq'],
      threshold: 0.8,
    });
    assert.equal(r.status, 200);
    const [byId, exact, fuzzy, none] = r.body.results;
    assert.equal(byId?.method, 'identifier');
    assert.equal(byId?.confidence, 1);
    assert.equal(byId?.explanations['identifier']?.score, 1);
    assert.equal(exact?.method, 'exact');
    assert.equal(exact?.id, A.ukProperty);
    assert.equal(fuzzy?.method, 'fuzzy');
    assert.equal(fuzzy?.id, A.ukProperty);
    assert.ok((fuzzy?.confidence ?? 1) < (exact?.confidence ?? 0));
    assert.ok((fuzzy?.explanations['name_similarity']?.score ?? 1) < 1);
    assert.match(fuzzy?.explanations['name_similarity']?.detail ?? '', /Kestrel Wharf Propertise/);
    assert.equal(none?.method, 'none');
    assert.equal(none?.id, null);
    for (const result of r.body.results) assert.ok(result.explanations !== undefined, result.query);
  });

  it('takes a typing slip at the default threshold, answers null below a stricter one, and keeps what it compared', async () => {
    type Resolved = { results: Array<{ id: string | null; explanations: Record<string, unknown> }> };
    const lenient = await postJson<Resolved>(api('/resolve'), { queries: ['Kestrel Wharf Propertise'] });
    assert.equal(lenient.body.results[0]?.id, A.ukProperty);
    const strict = await postJson<Resolved>(api('/resolve'), {
      queries: ['Kestrel Wharf Propertise', 'Kestrel Wharf Properties Ltd'],
      threshold: 0.999,
    });
    assert.equal(strict.body.results[0]?.id, null);
    assert.ok(Object.keys(strict.body.results[0]?.explanations ?? {}).length > 0);
    assert.equal(strict.body.results[1]?.id, A.ukProperty);
    const bad = await postJson<ErrorBody>(api('/resolve'), { queries: ['x'], threshold: 1.5 });
    assert.equal(bad.status, 400);
  });

  it('resolves a listed person to the canonical id of the cluster', async () => {
    const r = await postJson<{ results: Array<{ id: string }> }>(api('/resolve'), {
      queries: ['ofac:9900001', 'uk:DEM0001'],
    });
    assert.equal(r.body.results[0]?.id, r.body.results[1]?.id);
  });

  it('answers a batch of 26 anonymous queries with 413', async () => {
    const r = await postJson<ErrorBody>(api('/resolve'), {
      queries: Array.from({ length: 26 }, (_, i) => `name ${i}`),
    });
    assert.equal(r.status, 413);
    assert.equal(r.body.error.code, 'batch_too_large');
  });

  it('answers malformed JSON with 400', async () => {
    const r = await postJson<ErrorBody>(api('/resolve'), '{"queries": [');
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'invalid_parameter');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const r = await postJson<ErrorBody>(api('/resolve'), { queries: ['x'.repeat(1024 * 1024 + 10)] });
    assert.equal(r.status, 413);
    assert.equal(r.body.error.code, 'payload_too_large');
  });
});

describe('GET /stats', () => {
  it('reports live counts', async () => {
    const r = await getJson<{
      entities: number;
      relationships: number;
      high_risk_entities: number;
      by_type: Record<string, number>;
      sources: Array<{ code: string }>;
      snapshot: { id: string };
    }>(api('/stats'));
    assert.equal(r.status, 200);
    assert.ok(r.body.entities > 2000);
    assert.ok(r.body.relationships > 0);
    assert.ok(r.body.high_risk_entities > 0);
    assert.equal(r.body.by_type.company! + r.body.by_type.person! + r.body.by_type.asset!, r.body.entities);
    assert.ok(r.body.sources.some((s) => s.code === 'demo'));
  });
});

describe('formation-agent network', () => {
  it('lists the agent as corporate director of its companies', async () => {
    const r = await getJson<{ connections: Array<{ role: string; direction: string }>; connections_total: number }>(
      api(`/entity/${B.agent}`),
    );
    assert.ok(r.body.connections.filter((c) => c.role === 'corporate-director' && c.direction === 'out').length >= 30);
  });
});

describe('intelligence endpoints over HTTP', () => {
  it('answers dossier, ownership path, sanctions and offshore exposure for investigation A', async () => {
    const paths = [
      `/dossier/${A.ukProperty}`,
      `/ownership-path?root=${A.ukProperty}`,
      `/sanctions/${A.ukProperty}`,
      `/offshore-exposure/${A.ukProperty}`,
    ];
    for (const p of paths) {
      const r = await getJson<{ sources: unknown[] }>(api(p));
      assert.equal(r.status, 200, p);
      assert.ok(r.body.sources.length > 0, p);
    }
    const e = await getJson<{ level: string; flags: { secrecy_hops: number } }>(
      api(`/offshore-exposure/${A.ukProperty}?max_depth=3`),
    );
    assert.equal(e.body.level, 'HIGH');
  });

  it('rejects offshore-exposure max_depth over 6 and 404s an unknown entity', async () => {
    const deep = await getJson<ErrorBody>(api(`/offshore-exposure/${A.ukProperty}?max_depth=7`));
    assert.equal(deep.status, 400);
    assert.equal(deep.body.error.param, 'max_depth');
    const unknown = await getJson<ErrorBody>(api(`/offshore-exposure/gb-coh:99999998`));
    assert.equal(unknown.status, 404);
  });
});
