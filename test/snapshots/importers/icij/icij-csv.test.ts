// ICIJ Offshore Leaks CSV: a fixture folder in the current layout, and the real current and 2016 samples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { icijCsv } from '../../../../snapshots/importers/icij/icij-csv.js';
import { runImporter } from '../../../helpers/import.js';
import { fixture } from '../../../helpers/fixtures.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const byId = (out: Awaited<ReturnType<typeof runImporter>>, id: string) => out.entities.find((e) => e.id === id);

describe('icij-csv', () => {
  it('current layout: parties, addresses through registered_address, and a malformed row as a problem', async () => {
    const out = await runImporter(icijCsv, fixture('icij', 'current'));
    assert.equal(out.entities.length, 7);
    assert.equal(out.problems.length, 1);
    assert.equal(out.problems[0]?.field, 'node_id');
    assert.match(out.problems[0]?.at ?? '', /nodes-officers\.csv:4$/);
    const harbour = byId(out, 'icij:90000001');
    assert.equal(harbour?.type, 'company');
    assert.equal(harbour?.jurisdiction, 'VG'); // ICIJ's BVI
    assert.equal(harbour?.incorporation_date, '2006-03-23');
    assert.equal(harbour?.dissolution_date, '2013-02-18');
    assert.deepEqual(harbour?.topics, ['offshore-leaks']);
    assert.deepEqual(harbour?.addresses, ['12 Esplanade, St Helier, Jersey JE1 1AA']);
    assert.match(harbour?.description ?? '', /Panama Papers; jurisdiction: British Virgin Islands/);
    assert.equal(harbour?.provenance[0]?.url, 'https://offshoreleaks.icij.org/nodes/90000001');
    assert.equal(byId(out, 'icij:90000101')?.type, 'person');
    assert.equal(byId(out, 'icij:90000102')?.type, 'company'); // legal form in the name
    assert.equal(byId(out, 'icij:90000103')?.name, 'Pedro Alvarez');
    assert.deepEqual(byId(out, 'icij:90000201')?.topics, ['offshore-leaks', 'formation-agent']);
  });

  it('current layout: link text decides the kind and stays the role', async () => {
    const out = await runImporter(icijCsv, fixture('icij', 'current'));
    const kinds = out.relationships.map((r) => `${r.source} ${r.kind} ${r.role} ${r.target}`).sort();
    assert.deepEqual(kinds, [
      'icij:90000001 identity same company as icij:90000002',
      'icij:90000101 ownership shareholder of icij:90000001',
      'icij:90000102 directorship nominee director of icij:90000001',
      'icij:90000103 association similar name and address as icij:90000101',
      'icij:90000201 intermediary intermediary of icij:90000001',
      'icij:90000401 control beneficiary of icij:90000002',
    ]);
    const nominee = out.relationships.find((r) => r.role === 'nominee director of');
    assert.equal(nominee?.end_date, '2010-12-31');
    assert.equal(out.relationships.find((r) => r.kind === 'ownership')?.share ?? null, null);
  });

  it('a folder without ICIJ files throws ImportError', async () => {
    await assert.rejects(runImporter(icijCsv, fixture('gleif')), ImportError);
  });

  it(
    'real current sample: every intermediary row',
    { skip: skipUnlessShared('icij', 'offshoreleaks-full-oldb') },
    async () => {
      const dir = sharedData('icij', 'offshoreleaks-full-oldb') as string;
      const rows = parse<Record<string, string>>(readFileSync(path.join(dir, 'nodes-intermediaries.csv')), {
        columns: true,
        relax_quotes: true,
      }).length;
      const out = await runImporter(icijCsv, dir);
      assert.equal(rows, 26_768);
      assert.equal(out.entities.length + out.problems.length, rows);
      assert.equal(out.problems.length, 1); // node 123327 has no name
      const first = byId(out, 'icij:11000001');
      assert.equal(first?.name, 'MICHAEL PAPAGEORGE, MR.');
      assert.equal(first?.jurisdiction, 'ZA');
      assert.ok(first?.topics?.includes('formation-agent'));
      assert.equal(byId(out, 'icij:11000002')?.type, 'company'); // CORFIDUCIA ANSTALT
    },
  );

  it(
    'real 2016 sample: node files with the other column order, and all_edges',
    { skip: skipUnlessShared('icij', 'panama-papers-2016-format') },
    async () => {
      const out = await runImporter(icijCsv, sharedData('icij', 'panama-papers-2016-format') as string);
      assert.equal(out.problems.length, 0);
      assert.equal(out.entities.length, 13 + 31 + 32);
      assert.equal(out.relationships.length, 69);
      assert.ok(out.relationships.every((r) => r.kind === 'intermediary'));
      const tiansheng = byId(out, 'icij:10000001');
      assert.equal(tiansheng?.name, 'TIANSHENG INDUSTRY AND TRADING CO., LTD.');
      assert.equal(tiansheng?.jurisdiction, 'WS'); // SAM, Samoa
      assert.equal(tiansheng?.incorporation_date, '2006-03-23'); // 23-Mar-06
      assert.equal(byId(out, 'icij:12000001')?.name, 'KIM SOO IN');
    },
  );
});
