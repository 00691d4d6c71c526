// /api/public/reconcile as OpenRefine uses it: every answer validated against the Reconciliation Service API 0.2
// JSON Schemas in ../shared/spec, the requests too.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ValidateFunction } from 'ajv';
import { RECONCILIATION_DIR, reconciliationValidators, type SchemaName } from '../../helpers/reconciliation-schemas.js';
import { skipUnlessShared } from '../../helpers/shared-data.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Candidate {
  id: string;
  name: string;
  score: number;
  match: boolean;
  features: Array<{ id: string; value: number }>;
}

describe('the reconciliation service', { skip: skipUnlessSpec() }, () => {
  let server: TestServer;
  let url: string;
  let schema: (name: SchemaName) => ValidateFunction;
  before(async () => {
    schema = reconciliationValidators();
    server = await startTestServer(investigationsOnly());
    url = `${server.base}/api/public/reconcile`;
  });
  after(() => server.stop());

  const valid = (name: SchemaName, value: unknown): void => {
    const validate = schema(name);
    assert.ok(validate(value), `${name}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`);
  };
  const getJson = async (path: string): Promise<{ status: number; body: unknown; headers: Headers }> => {
    const r = await fetch(`${url}${path}`);
    return { status: r.status, body: await r.json(), headers: r.headers };
  };
  const post = async (form: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }> => {
    const r = await fetch(url, { method: 'POST', body: new URLSearchParams(form) });
    return { status: r.status, body: await r.json(), headers: r.headers };
  };

  it('answers its manifest, with absolute service URLs, CORS and no cost', async () => {
    const r = await getJson('');
    assert.equal(r.status, 200);
    valid('manifest', r.body);
    const m = r.body as { suggest: { entity: { service_url: string } }; preview: { url: string } };
    assert.equal(m.suggest.entity.service_url, url);
    assert.match(m.preview.url, /\{\{id\}\}/);
    assert.equal(r.headers.get('access-control-allow-origin'), '*');
    assert.equal(r.headers.get('x-credits-cost'), '0');
  });

  it('reconciles a batch sent as a form, as OpenRefine sends it, with properties and types', async () => {
    const queries = {
      q0: { query: 'Kestrel Wharf Properties Ltd', type: 'Company', properties: [{ pid: 'jurisdiction', v: 'GB' }] },
      q1: { query: 'Arkadiy Volkhonskiy', type: 'Person', limit: 2, properties: [{ pid: 'birthDate', v: '1961' }] },
      q2: { query: 'Zzyzx Nonexistent Holdings' },
      q3: { query: '' },
    };
    valid('reconciliation-query-batch', queries);
    const r = await post({ queries: JSON.stringify(queries) });
    assert.equal(r.status, 200);
    valid('reconciliation-result-batch', r.body);
    const results = r.body as Record<string, { result: Candidate[] }>;
    assert.equal(results['q0']?.result[0]?.id, 'gb-coh:99000001');
    assert.equal(results['q0']?.result[0]?.match, true);
    assert.ok((results['q0']?.result[0]?.score ?? 0) > 90);
    assert.ok(results['q0']?.result[0]?.features.some((f) => f.id === 'name_similarity'));
    assert.equal(results['q1']?.result[0]?.id, 'ofac:9900001');
    assert.ok((results['q1']?.result.length ?? 0) <= 2);
    assert.ok(results['q2']?.result.every((c) => !c.match));
    assert.deepEqual(results['q3']?.result, []);
    assert.equal(r.headers.get('x-credits-cost'), '4');
  });

  it('extends reconciled rows with jurisdiction, risk, identifiers, beneficial owners and sanctions lists', async () => {
    const extend = {
      ids: ['gb-coh:99000001', 'ofac:9900001', 'nobody:1'],
      properties: ['jurisdiction', 'status', 'risk', 'identifiers', 'ubo_names', 'sanctions_lists'].map((id) => ({
        id,
      })),
    };
    valid('data-extension-query', extend);
    const r = await post({ extend: JSON.stringify(extend) });
    assert.equal(r.status, 200);
    valid('data-extension-response', r.body);
    const rows = (r.body as { rows: Record<string, Record<string, Array<{ str?: string }>>> }).rows;
    assert.deepEqual(rows['gb-coh:99000001']?.['jurisdiction'], [{ str: 'GB' }]);
    assert.ok(rows['gb-coh:99000001']?.['ubo_names']?.some((v) => /VOLKHONSK/i.test(v.str ?? '')));
    assert.deepEqual(rows['ofac:9900001']?.['sanctions_lists']?.map((v) => v.str).sort(), ['OFAC', 'UK']);
    assert.deepEqual(rows['nobody:1']?.['risk'], []);
  });

  it('suggests entities, types and properties, and proposes properties to extend by', async () => {
    const entities = await getJson('/suggest/entity?prefix=kestrel');
    valid('suggest-entities-response', entities.body);
    assert.ok((entities.body as { result: Array<{ id: string }> }).result.some((e) => e.id === 'gb-coh:99000001'));
    const types = await getJson('/suggest/type?prefix=comp');
    valid('suggest-types-response', types.body);
    assert.deepEqual(
      (types.body as { result: Array<{ id: string }> }).result.map((t) => t.id),
      ['Company'],
    );
    const properties = await getJson('/suggest/property?prefix=birth');
    valid('suggest-properties-response', properties.body);
    assert.deepEqual(
      (properties.body as { result: Array<{ id: string }> }).result.map((p) => p.id),
      ['birthDate'],
    );
    const proposal = await getJson('/extend/propose?type=Company');
    valid('data-extension-property-proposal', proposal.body);
  });

  it('previews an entity as HTML, and answers JSONP for clients that ask for it', async () => {
    const preview = await fetch(`${url}/preview?id=gb-coh%3A99000001`);
    assert.equal(preview.status, 200);
    assert.match(preview.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await preview.text(), /KESTREL WHARF PROPERTIES LIMITED/);
    const jsonp = await fetch(`${url}/suggest/type?prefix=pers&callback=cb_1`);
    assert.match(await jsonp.text(), /^\/\*\*\/cb_1\(\{"result":\[\{"id":"Person"/);
    const hostile = await fetch(`${url}?callback=alert(1)`);
    assert.equal(hostile.status, 400);
  });

  it('refuses a malformed batch with a 400 that names what is wrong', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ queries: '{"q0": ' }, /queries is not valid JSON/],
      [{ queries: JSON.stringify({ q0: { query: 'x', type: 'Planet' } }) }, /q0\.type: "Planet"/],
      [{ queries: JSON.stringify({ q0: { query: 'x', properties: [{ pid: 'colour', v: 'red' }] } }) }, /"colour"/],
      [{ queries: JSON.stringify({ q0: { query: 'x', limit: 0 } }) }, /limit/],
      [{ extend: JSON.stringify({ ids: ['a'], properties: [{ id: 'shoe_size' }] }) }, /"shoe_size"/],
      [{ extend: '[1,2]' }, /extend|ids/],
    ];
    for (const [form, pattern] of cases) {
      const r = await post(form);
      assert.equal(r.status, 400, JSON.stringify(form));
      assert.match((r.body as { error: { message: string } }).error.message, pattern);
    }
  });
});

function skipUnlessSpec(): string | false {
  return skipUnlessShared('..', 'spec', ...RECONCILIATION_DIR);
}
