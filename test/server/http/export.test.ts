// GET /api/public/export/{id}: FollowTheMoney entities read back by FollowTheMoney's own model, BODS statements
// validated against the BODS 0.4 schema.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ftm from '@alephdata/followthemoney';
import { BODS_DIR, bodsValidator } from '../../helpers/bods-schema.js';
import { skipUnlessShared } from '../../helpers/shared-data.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

interface Statement {
  recordId: string;
  recordType: string;
  declarationSubject: string;
  recordDetails: { subject?: string; interestedParty?: string; interests?: Array<{ type: string; share?: object }> };
}

describe('GET /api/public/export/{id}', () => {
  let server: TestServer;
  let url: string;
  before(async () => {
    server = await startTestServer(investigationsOnly());
    url = `${server.base}/api/public/export`;
  });
  after(() => server.stop());

  it('writes FollowTheMoney JSON lines that its own model reads, every link among the entities written', async () => {
    const r = await fetch(`${url}/gb-coh%3A99000001?format=ftm&depth=3`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
    assert.equal(r.headers.get('x-credits-cost'), '1');
    const model = new ftm.Model(ftm.defaultModel);
    const lines = (await r.text()).trim().split('\n');
    // The model's reader refuses a schema or property it does not know.
    const entities = lines.map((l) => model.getEntity(JSON.parse(l) as ftm.IEntityDatum));
    const ids = new Set(entities.map((e) => e.id));
    assert.ok(ids.has('gb-coh:99000001'));
    const schemata = new Set(entities.map((e) => e.schema.name));
    for (const s of ['Company', 'Person', 'Ownership', 'Directorship', 'Sanction']) assert.ok(schemata.has(s), s);
    for (const e of entities.filter((x) => x.schema.isA('Interval')))
      for (const [prop, values] of Object.entries((e.toJSON() as { properties: Record<string, string[]> }).properties))
        if (e.schema.getProperty(prop).type.name === 'entity')
          for (const v of values) assert.ok(ids.has(v), `${e.schema.name} ${e.id} names ${v}, not exported`);
    const owned = entities.find((e) => e.schema.name === 'Ownership' && e.getFirst('asset') === 'gb-coh:99000001');
    assert.ok(owned !== undefined, 'the company is owned');
    assert.equal(new Set(entities.map((e) => e.id)).size, entities.length, 'each entity once');
  });

  it(
    'writes BODS 0.4 statements that validate, each relationship between statements written',
    { skip: skipUnlessShared('..', 'spec', ...BODS_DIR) },
    async () => {
      const r = await fetch(`${url}/gb-coh%3A99000001?format=bods&depth=3`);
      assert.equal(r.status, 200);
      const statements = (await r.json()) as Statement[];
      const validate = bodsValidator();
      assert.ok(validate(statements), JSON.stringify(validate.errors?.slice(0, 5)));
      const records = new Set(statements.filter((s) => s.recordType !== 'relationship').map((s) => s.recordId));
      const relationships = statements.filter((s) => s.recordType === 'relationship');
      assert.ok(relationships.length > 0);
      for (const s of relationships) {
        assert.ok(records.has(s.recordDetails.subject ?? ''), `subject ${s.recordDetails.subject}`);
        assert.ok(records.has(s.recordDetails.interestedParty ?? ''), `party ${s.recordDetails.interestedParty}`);
      }
      assert.ok(statements.every((s) => s.declarationSubject === 'gb-coh:99000001'));
      assert.ok(
        relationships.some((s) =>
          s.recordDetails.interests?.some((i) => i.type === 'shareholding' && i.share !== undefined),
        ),
      );
    },
  );

  it('refuses an unknown entity, format or depth', async () => {
    for (const [path, status] of [
      ['/nobody%3A1', 404],
      ['/gb-coh%3A99000001?format=csv', 400],
      ['/gb-coh%3A99000001?depth=9', 400],
    ] as const) {
      const r = await fetch(`${url}${path}`);
      assert.equal(r.status, status, path);
      assert.equal(typeof ((await r.json()) as { error: { message: string } }).error.message, 'string');
    }
  });
});
