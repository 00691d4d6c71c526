// Search results as CSV: `format=csv` or `Accept: text/csv`, read back with a CSV parser, the same hits as the JSON.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

let server: TestServer;
const api = (path: string): string => `${server.base}/api/public${path}`;

before(async () => {
  server = await startTestServer(investigationsOnly());
});
after(() => server.stop());

async function csvRows(r: Response): Promise<Record<string, string>[]> {
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'text/csv; charset=utf-8; header=present');
  assert.match(r.headers.get('content-disposition') ?? '', /^attachment; filename="[a-z_]+\.csv"$/);
  return parse<Record<string, string>>(await r.text(), { columns: true });
}

describe('CSV of search results', () => {
  it('gives entity search hits as CSV rows, the same hits as the JSON answer, for format=csv and for Accept', async () => {
    const json = (await (await fetch(api('/entity/search?q=kestrel&limit=10'))).json()) as {
      hits: { id: string; name: string; jurisdiction: string | null; score: number }[];
    };
    assert.ok(json.hits.length >= 2);
    const byFormat = await fetch(api('/entity/search?q=kestrel&limit=10&format=csv'));
    assert.equal(byFormat.headers.get('x-credits-cost'), '1');
    const rows = await csvRows(byFormat);
    assert.deepEqual(
      rows.map((r) => [r['id'], r['name'], r['jurisdiction'], Number(r['score'])]),
      json.hits.map((h) => [h.id, h.name, h.jurisdiction ?? '', h.score]),
    );
    const byAccept = await csvRows(
      await fetch(api('/entity/search?q=kestrel&limit=10'), { headers: { accept: 'text/csv' } }),
    );
    assert.deepEqual(byAccept, rows);
  });

  it('quotes what needs quoting: commas and quotes in company names and addresses survive a round trip', async () => {
    const json = (await (await fetch(api('/company/search?q=kestrel'))).json()) as {
      hits: { id: string; address: string | null }[];
    };
    const rows = await csvRows(await fetch(api('/company/search?q=kestrel&format=csv')));
    assert.deepEqual(
      rows.map((r) => [r['id'], r['address']]),
      json.hits.map((h) => [h.id, h.address ?? '']),
    );
    assert.ok(
      json.hits.some((h) => (h.address ?? '').includes(',')),
      'an address with a comma in the sample',
    );
  });

  it('refuses another format, and answers JSON where an operation has no table', async () => {
    const refused = await fetch(api('/entity/search?q=kestrel&format=xml'));
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as { error: { param: string } }).error.param, 'format');
    const stats = await fetch(api('/stats'), { headers: { accept: 'text/csv' } });
    assert.equal(stats.status, 200);
    assert.match(stats.headers.get('content-type') ?? '', /^application\/json/);
  });
});
