// GET /api/public/export/{id}: FollowTheMoney entities read back by FollowTheMoney's own model, BODS statements
// validated against the BODS 0.4 schema, GEXF and GraphML read by networkx and by graphology's own GEXF parser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ftm from '@alephdata/followthemoney';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MultiDirectedGraph } from 'graphology';
import { parse as parseGexf } from 'graphology-gexf';
import { BODS_DIR, bodsValidator } from '../../helpers/bods-schema.js';
import { networkxMissing, readWithNetworkx, type NetworkxGraph } from '../../helpers/networkx.js';
import { skipUnlessShared } from '../../helpers/shared-data.js';
import { investigationsOnly, startTestServer, tempDir, type TestServer } from '../../helpers/snapshot.js';

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
      ['/gb-coh%3A99000001?format=gexf&depth=0', 400],
      ['/gb-coh%3A99000001?depth=9', 400],
    ] as const) {
      const r = await fetch(`${url}${path}`);
      assert.equal(r.status, status, path);
      assert.equal(typeof ((await r.json()) as { error: { message: string } }).error.message, 'string');
    }
  });

  describe('the network as GEXF and GraphML', { skip: networkxMissing() ?? false }, () => {
    const tmp = tempDir('export-network');
    after(() => tmp.remove());

    async function download(format: 'gexf' | 'graphml'): Promise<{ file: string; text: string; type: string }> {
      const r = await fetch(`${url}/gb-coh%3A99000100?format=${format}&depth=2`);
      assert.equal(r.status, 200, format);
      assert.equal(r.headers.get('x-credits-cost'), '1');
      const text = await r.text();
      const file = path.join(tmp.dir, `network.${format}`);
      writeFileSync(file, text);
      return { file, text, type: r.headers.get('content-type') ?? '' };
    }

    const edgeKeys = (g: NetworkxGraph): string[] => g.edges.map((e) => `${e.id} ${e.source}>${e.target}`).sort();

    it("writes the same network in both formats, as networkx reads them, with the FtM export's records and links", async () => {
      const gexf = await download('gexf');
      const graphml = await download('graphml');
      assert.equal(gexf.type, 'application/gexf+xml');
      assert.equal(graphml.type, 'application/graphml+xml');
      const [fromGexf, fromGraphml] = await Promise.all([
        readWithNetworkx(gexf.file, 'gexf'),
        readWithNetworkx(graphml.file, 'graphml'),
      ]);
      assert.ok(fromGexf.directed && fromGraphml.directed);
      assert.deepEqual(Object.keys(fromGexf.nodes).sort(), Object.keys(fromGraphml.nodes).sort());
      assert.deepEqual(edgeKeys(fromGexf), edgeKeys(fromGraphml));
      assert.ok(fromGraphml.edges.length > 30, `a formation agent's network: ${fromGraphml.edges.length} edges`);

      // The attributes survive, typed: a label and a boolean on nodes, a share in numbers on ownership edges.
      const agent = fromGraphml.nodes['gb-coh:99000100'];
      assert.equal(agent?.['label'], 'LANTERN COMPANY SERVICES LIMITED');
      assert.equal(agent?.['sanctioned'], false);
      assert.equal(fromGexf.nodes['gb-coh:99000100']?.['label'], 'LANTERN COMPANY SERVICES LIMITED');
      const owned = fromGraphml.edges.find((e) => e.attributes['relation'] === 'ownership');
      assert.ok(owned !== undefined && typeof owned.attributes['share_min'] === 'number', JSON.stringify(owned));

      // The same records as the FollowTheMoney export of the neighbourhood, and every link of it an edge.
      const ftmLines = (await (await fetch(`${url}/gb-coh%3A99000100?format=ftm&depth=2`)).text()).trim().split('\n');
      const model = new ftm.Model(ftm.defaultModel);
      const entities = ftmLines.map((l) => model.getEntity(JSON.parse(l) as ftm.IEntityDatum));
      const records = entities.filter((e) => !e.schema.isA('Interval')).map((e) => e.id);
      assert.deepEqual(Object.keys(fromGraphml.nodes).sort(), records.sort());
      const pairs = new Set(fromGraphml.edges.map((e) => `${e.source}>${e.target}`));
      for (const link of entities.filter((e) =>
        ['Ownership', 'Directorship', 'Family', 'UnknownLink'].includes(e.schema.name),
      )) {
        const [from, to] = Object.entries((link.toJSON() as { properties: Record<string, string[]> }).properties)
          .filter(([prop]) => link.schema.getProperty(prop).type.name === 'entity')
          .map(([, values]) => values[0] ?? '');
        assert.ok(pairs.has(`${from}>${to}`) || pairs.has(`${to}>${from}`), `${link.schema.name} ${from} ${to}`);
      }
    });

    it("opens in graphology's own GEXF parser with the same nodes and edges", async () => {
      const gexf = await download('gexf');
      const parsed = parseGexf(MultiDirectedGraph, gexf.text);
      const byNetworkx = await readWithNetworkx(gexf.file, 'gexf');
      assert.deepEqual(parsed.nodes().sort(), Object.keys(byNetworkx.nodes).sort());
      assert.deepEqual(
        parsed.mapEdges((edge, _a, source, target) => `${edge} ${source}>${target}`).sort(),
        edgeKeys(byNetworkx),
      );
    });
  });
});
