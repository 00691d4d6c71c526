// Officers bulk update file (Product 198): the hand-written fixture with bad records, and the real sample.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { chOfficersDat } from '../../../../snapshots/importers/companies-house/ch-officers-dat.js';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const FIXTURE = fixture('companies-house', 'officers-update.dat');
const SAMPLE = ['companies-house', 'officers', 'prod198_officers_update_sample.dat'];

describe('ch-officers on the fixture', () => {
  it('reads companies, officers and appointments; roles as published, corporate officers as companies', async () => {
    const r = await runImporter(chOfficersDat, FIXTURE);
    assert.deepEqual(
      r.relationships.map((x) => [x.source, x.target, x.role, x.start_date, x.end_date]),
      [
        ['gb-coh-person:30001111', 'gb-coh:09990001', 'director', '2016-03-02', null],
        ['gb-coh-person:30002222', 'gb-coh:09990001', 'corporate-secretary', '2016-03-02', '2023-12-31'],
        ['gb-coh-person:30001111', 'gb-coh:09990002', 'director', '2019-07-14', null],
        ['gb-coh-person:30005555', 'gb-coh:OC099007', 'llp-designated-member', '2020-01-01', null],
      ],
    );
    assert.ok(r.relationships.every((x) => x.kind === 'directorship'));
    const ada = r.entities.find((e) => e.id === 'gb-coh-person:30001111');
    assert.equal(ada?.name, 'ADA FENWICK LOWE');
    assert.equal(ada?.type, 'person');
    assert.equal(ada?.birth_date, '1971-06');
    assert.deepEqual(ada?.nationalities, ['GB']);
    assert.deepEqual(ada?.addresses, ['1 HARBOUR STREET, LEEDS, WEST YORKSHIRE, LS1 4AB, ENGLAND']);
    assert.deepEqual(ada?.identifiers, [{ scheme: 'gb-coh-person-number', value: '300011110001' }]);
    assert.equal(ada?.provenance[0]?.retrieved_at, '2024-01-15', 'the production date of the header');
    assert.equal(r.entities.find((e) => e.id === 'gb-coh-person:30002222')?.type, 'company');
    assert.equal(r.entities.find((e) => e.id === 'gb-coh-person:30005555')?.birth_date, '1988-03-17');
    assert.deepEqual(
      r.entities.filter((e) => e.id.startsWith('gb-coh:')).map((e) => [e.id, e.name]),
      [
        ['gb-coh:09990001', 'NORTHWIND HOLDINGS LIMITED'],
        ['gb-coh:09990002', 'NORTHWIND TRADING LIMITED'],
        ['gb-coh:OC099007', 'HARBOUR PARTNERS LLP'],
      ],
    );
    assert.ok(
      !r.entities.some((e) => e.name.includes('ERROR')),
      'an appointment recorded in error (type 99) is withdrawn',
    );
  });

  it('reports the malformed records with line and field', async () => {
    const r = await runImporter(chOfficersDat, FIXTURE);
    assert.deepEqual(
      r.problems.map((p) => [path.basename(p.at), p.field]),
      [
        ['officers-update.dat:7', 'appointment_date'],
        ['officers-update.dat:8', 'variable_data'],
      ],
    );
  });

  it('throws ImportError naming the file without a trailer or header, or when missing', async () => {
    for (const name of ['officers-update-truncated.dat', 'officers-update-bad-header.dat', 'absent.dat']) {
      const file = fixture('companies-house', name);
      await assert.rejects(
        runImporter(chOfficersDat, file),
        (e: unknown) => e instanceof ImportError && e.file === file,
        name,
      );
    }
  });
});

describe('ch-officers on the real Product 198 sample', () => {
  it(
    'imports every company and appointment record; named appointments as published',
    { skip: skipUnlessShared(...SAMPLE) },
    async () => {
      const file = sharedData(...SAMPLE) as string;
      const lines = readFileSync(file, 'utf8').split('\n').slice(1, -1);
      const companies = lines.filter((l) => l.charAt(8) === '1').length;
      const appointments = lines.filter((l) => l.charAt(8) === '2' && l.slice(17, 19) !== '99').length;
      const r = await runImporter(chOfficersDat, file);
      assert.equal(r.problems.length, 0, JSON.stringify(r.problems.slice(0, 3)));
      assert.equal(r.entities.filter((e) => e.id.startsWith('gb-coh:')).length, companies);
      assert.equal(r.relationships.length, appointments);
      assert.deepEqual([companies, appointments], [73, 133]);

      const hughes = r.relationships.find(
        (x) => x.source === 'gb-coh-person:21658266' && x.target === 'gb-coh:01974210',
      );
      assert.deepEqual([hughes?.role, hughes?.start_date, hughes?.end_date], ['director', '2016-06-29', null]);
      const holbrook = r.relationships.find((x) => x.source === 'gb-coh-person:20020445');
      assert.deepEqual(
        [holbrook?.role, holbrook?.start_date, holbrook?.end_date],
        ['director', '2015-06-24', '2016-07-13'],
      );
      assert.equal(r.entities.find((e) => e.id === 'gb-coh-person:21658266')?.name, 'DESMOND HUGHES');
      const cws = r.relationships.find((x) => x.target === 'gb-coh:02197841');
      assert.equal(cws?.role, 'corporate-director');
      assert.equal(r.entities.find((e) => e.id === cws?.source)?.name, 'CWS (NO.1) LIMITED');
      const koeln = r.entities.find((e) => (e.addresses ?? []).some((a) => a.includes('KÖLN')));
      assert.equal(koeln?.name, 'PETRA MARGRET SCHEIDA');
      assert.equal(r.relationships.find((x) => x.source === koeln?.id)?.role, 'member-of-an-administrative-organ');
    },
  );
});
