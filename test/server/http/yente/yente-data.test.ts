// GET /api/public/yente/{search,entities,catalog,algorithms}: yente's data-access routes over unshell's sources.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { YENTE_OPERATIONS, YENTE_PREFIX } from '../../../../engine/app/yente/yente-operations.js';
import { investigationsSource } from '../../../../snapshots/demo/demo-corpus.js';
import { importSource } from '../../../../snapshots/importers/import-source.js';
import { opensanctionsFtm } from '../../../../snapshots/importers/opensanctions/opensanctions-ftm.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { getJson, startTestServer, type TestServer } from '../../../helpers/snapshot.js';
import { assertEntityShape } from '../../../helpers/yente-shapes.js';

const ZALA = ['opensanctions', 'yente-fixture-zala', 'entities.ftm.json'];
const ZAKHAROV = 'os:NK-aU5ybkbRFJucf8YMwsJvDw';

interface Entity {
  id: string;
  schema: string;
  caption: string;
  referents: string[];
  datasets: string[];
  target: boolean;
  properties: Record<string, Array<string | Entity>>;
}
interface Search {
  results: Entity[];
  total: { value: number; relation: string };
  facets: Record<string, { label: string; values: Array<{ name: string; label: string; count: number }> }>;
  limit: number;
  offset: number;
  detail?: string;
}

describe('yente data access', { skip: skipUnlessShared(...ZALA) }, () => {
  let server: TestServer;
  let base: string;
  before(async () => {
    server = await startTestServer([
      investigationsSource(),
      importSource(opensanctionsFtm, sharedData(...ZALA) ?? '', { retrievedAt: '2026-05-01' }),
    ]);
    base = `${server.base}/api/public/yente`;
  });
  after(() => server.stop());

  it('searches names with yente filters and facets', async () => {
    const r = await getJson<Search>(`${base}/search/default?q=zakharov`);
    assert.equal(r.status, 200);
    assert.ok(r.body.results.some((e) => e.id === ZAKHAROV));
    for (const e of r.body.results) assertEntityShape(e);
    assert.deepEqual(Object.keys(r.body.facets).sort(), ['countries', 'datasets', 'topics']);
    assert.ok(r.body.facets['countries']?.values.some((v) => v.name === 'ru' && v.label === 'Russia'));
    assert.equal(r.body.limit, 10);
    const companies = await getJson<Search>(`${base}/search/default?q=zakharov&schema=Company`);
    assert.ok(companies.body.results.every((e) => e.schema === 'Company'));
    const paged = await getJson<Search>(`${base}/search/default?q=zakharov&limit=1&offset=1`);
    assert.equal(paged.body.results[0]?.id, r.body.results[1]?.id);
    const other = await getJson<Search>(`${base}/search/demo?q=zakharov`);
    assert.equal(other.body.results.length, 0);
    const bad = await getJson<Search>(`${base}/search/default?q=x&schema=Nope`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.detail ?? '', /Invalid schema: Nope/);
    const tooMany = await getJson<Search>(`${base}/search/default?q=x&limit=501`);
    assert.equal(tooMany.status, 400);
  });

  it('answers an entity with its links nested, as yente does by default', async () => {
    const r = await getJson<Entity>(`${base}/entities/${ZAKHAROV}`);
    assert.equal(r.status, 200);
    assertEntityShape(r.body);
    assert.equal(r.body.target, true);
    const sanctions = r.body.properties['sanctions'] as Entity[];
    assert.ok(sanctions.length > 0 && sanctions.every((s) => s.schema === 'Sanction'));
    const owned = r.body.properties['ownershipOwner'] as Entity[];
    assert.ok(owned.length > 0);
    const asset = owned[0]?.properties['asset']?.[0] as Entity;
    assert.equal(typeof asset, 'object');
    assert.ok(asset.id.startsWith('os:'));
    // The link hangs under the property that points back, and does not name the entity again.
    assert.equal(owned[0]?.properties['owner'], undefined);
    const flat = await getJson<Entity>(`${base}/entities/${ZAKHAROV}?nested=false`);
    assert.equal(flat.body.properties['sanctions'], undefined);
  });

  it('answers a merged record with its cluster, canonical id and referents', async () => {
    const r = await getJson<Entity>(`${base}/entities/uk:DEM0001`);
    assert.equal(r.status, 200);
    const members = [r.body.id, ...r.body.referents].sort();
    assert.deepEqual(members, ['demo:p-volkhonsky', 'ofac:9900001', 'uk:DEM0001']);
    if (r.body.id !== 'uk:DEM0001')
      assert.equal(r.headers.get('content-location'), `/api/public/yente/entities/${encodeURIComponent(r.body.id)}`);
    const missing = await getJson<{ detail: string }>(`${base}/entities/os:nobody`);
    assert.equal(missing.status, 404);
    assert.match(missing.body.detail, /os:nobody/);
  });

  it("lists unshell's sources as the catalog, default holding them all", async () => {
    const r = await getJson<{
      datasets: Array<{ name: string; children: string[]; load: boolean; entity_count: number }>;
      current: string[];
      outdated: string[];
      index_stale: boolean;
    }>(`${base}/catalog`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-credits-cost'), '0');
    const all = r.body.datasets.find((d) => d.name === 'default');
    assert.deepEqual(all?.children.sort(), ['demo', 'opensanctions']);
    assert.deepEqual(r.body.current.sort(), ['demo', 'opensanctions']);
    assert.equal(r.body.index_stale, false);
  });

  it('documents its one algorithm and every feature it explains', async () => {
    const r = await getJson<{
      algorithms: Array<{ name: string; features: Record<string, { description: string; coefficient: number }> }>;
      default: string;
      best: string;
    }>(`${base}/algorithms`);
    assert.equal(r.body.default, r.body.best);
    const algorithm = r.body.algorithms.find((a) => a.name === r.body.best);
    for (const feature of ['identifier', 'name_similarity', 'birth_date', 'country', 'legal_form'])
      assert.ok(algorithm?.features[feature]?.description, feature);
  });

  it('is described in the OpenAPI document, every operation with its error shape', async () => {
    const doc = await getJson<{
      paths: Record<string, Record<string, { tags: string[]; responses: Record<string, unknown> }>>;
    }>(`${server.base}/api/public/openapi.json`);
    for (const op of YENTE_OPERATIONS) {
      const documented =
        doc.body.paths[`${YENTE_PREFIX}${op.path.replace(/:([a-z]+)/g, '{$1}')}`]?.[op.method.toLowerCase()];
      assert.ok(documented, op.id);
      assert.deepEqual(documented.tags, ['yente']);
      assert.ok(documented.responses['400'] && documented.responses['200']);
    }
  });

  it('answers an unknown path under the prefix in its error shape', async () => {
    const r = await getJson<{ detail: string }>(`${base}/nothing-here`);
    assert.equal(r.status, 404);
    assert.match(r.body.detail, /not found/);
  });
});
