// OpenSanctions FtM JSON lines: entities, relation entities as edges, Sanctions as listings only for OFAC/EU/UN/UK.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { opensanctionsFtm } from '../../../../snapshots/importers/opensanctions/opensanctions-ftm.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

describe('ftm on the fixture', () => {
  it('reads persons and companies, with addresses and the OFAC uid of the source URL', async () => {
    const r = await runImporter(opensanctionsFtm, fixture('opensanctions', 'entities.ftm.json'));
    assert.deepEqual(
      r.entities.map((e) => e.id),
      ['os:NK-person1', 'os:NK-company1', 'os:NK-person2'],
    );
    const viktor = r.entities[0]!;
    assert.equal(viktor.name, 'Viktor Granov');
    assert.deepEqual(viktor.aliases, ['Виктор Гранов', 'Vic Granov']);
    assert.equal(viktor.birth_date, '1959-08-17');
    assert.deepEqual(viktor.nationalities, ['RU']);
    assert.deepEqual(viktor.addresses, ['Tverskaya 1, Moscow, Russia']);
    assert.ok(viktor.identifiers?.some((i) => i.scheme === 'ofac' && i.value === '7301'));
    assert.equal(viktor.provenance[0]?.url, 'https://www.opensanctions.org/entities/NK-person1/');
    assert.equal(r.entities[1]?.incorporation_date, '2004-05-06');
  });

  it('writes a listing for the OFAC sanction and keeps the Australian one as a topic and description', async () => {
    const r = await runImporter(opensanctionsFtm, fixture('opensanctions', 'entities.ftm.json'));
    assert.equal(r.listings.length, 1);
    const l = r.listings[0]!;
    assert.deepEqual(
      [l.entity_id, l.list, l.program, l.listed_on, l.reference],
      ['os:NK-person1', 'OFAC', 'US-RUSHAR', '2022-04-06', '7301'],
    );
    const elena = r.entities.find((e) => e.id === 'os:NK-person2')!;
    assert.deepEqual(elena.topics, ['sanction']);
    assert.match(elena.description ?? '', /Department of Foreign Affairs and Trade/);
  });

  it('turns Ownership and Family entities into edges', async () => {
    const r = await runImporter(opensanctionsFtm, fixture('opensanctions', 'entities.ftm.json'));
    const own = r.relationships.find((e) => e.kind === 'ownership')!;
    assert.deepEqual(
      [own.source, own.target, own.share, own.start_date],
      ['os:NK-person1', 'os:NK-company1', { min: 75, max: 75 }, '2010-01-01'],
    );
    const fam = r.relationships.find((e) => e.kind === 'family')!;
    assert.deepEqual([fam.source, fam.target, fam.role], ['os:NK-person1', 'os:NK-person2', 'spouse']);
  });

  it('reports the Directorship without an organization and the line that is not JSON', async () => {
    const r = await runImporter(opensanctionsFtm, fixture('opensanctions', 'entities.ftm.json'));
    assert.deepEqual(
      r.problems.map((p) => `${p.at} ${p.field}`),
      ['entities.ftm.json:6 properties.organization', 'entities.ftm.json:10 (line)'],
    );
  });

  it('throws ImportError for a missing file', async () => {
    await assert.rejects(runImporter(opensanctionsFtm, fixture('opensanctions', 'absent.json')), ImportError);
  });
});

describe('ftm on the real Zala cluster', () => {
  const file = sharedData('opensanctions', 'yente-fixture-zala', 'entities.ftm.json');
  it(
    'imports its people, companies and links',
    { skip: skipUnlessShared('opensanctions', 'yente-fixture-zala', 'entities.ftm.json') },
    async () => {
      const r = await runImporter(opensanctionsFtm, file!);
      const schemas = readFileSync(file!, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { schema: string }).schema);
      const n = (s: string): number => schemas.filter((x) => x === s).length;
      assert.equal(r.entities.length, n('Person') + n('Company'));
      assert.equal(r.relationships.length, n('Ownership') + n('Directorship') + n('Family'));
      assert.deepEqual(r.problems, []);
      assert.ok(r.listings.every((l) => ['OFAC', 'EU', 'UN', 'UK'].includes(l.list)));
      const zakharov = r.entities.find((e) => e.id === 'os:NK-aU5ybkbRFJucf8YMwsJvDw')!;
      assert.equal(zakharov.type, 'person');
      assert.ok(r.listings.some((l) => l.entity_id === zakharov.id && l.list === 'EU' && l.listed_on === '2025-02-24'));
    },
  );
});
