// OpenSanctions targets.simple.csv: one entity per row, `;`-joined cells, bad rows, the real export.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { opensanctionsTargetsCsv } from '../../../../snapshots/importers/opensanctions/opensanctions-targets-csv.js';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

describe('opensanctions-targets-csv on the fixture', () => {
  it('reads targets and reports the row without a name', async () => {
    const r = await runImporter(opensanctionsTargetsCsv, fixture('opensanctions', 'targets.simple.csv'));
    assert.equal(r.entities.length, 2);
    const vessel = r.entities[0]!;
    assert.deepEqual([vessel.id, vessel.type, vessel.jurisdiction], ['os:NK-vessel1', 'asset', 'MT']);
    assert.deepEqual(vessel.aliases, ['Polar Dawn', 'Dawn']);
    assert.deepEqual(vessel.identifiers, [{ scheme: 'imo', value: '9876543' }]);
    assert.deepEqual(vessel.topics, ['sanction']);
    assert.equal(vessel.description, 'Shadow fleet tanker');
    const pavel = r.entities[1]!;
    assert.equal(pavel.birth_date, '1966-03-02');
    assert.deepEqual(pavel.nationalities, ['RU']);
    assert.deepEqual(
      r.problems.map((p) => `${p.at} ${p.field}`),
      ['targets.simple.csv:4 name'],
    );
  });

  it('throws ImportError for a CSV of another layout', async () => {
    await assert.rejects(runImporter(opensanctionsTargetsCsv, fixture('ofac', 'csv', 'ADD.CSV')), ImportError);
  });
});

describe('opensanctions-targets-csv on the real ua_war_sanctions export', () => {
  const file = sharedData('opensanctions', 'ua_war_sanctions_2026-03-13', 'targets.simple.csv');
  it(
    'imports its 5,600 targets',
    { skip: skipUnlessShared('opensanctions', 'ua_war_sanctions_2026-03-13', 'targets.simple.csv') },
    async () => {
      const r = await runImporter(opensanctionsTargetsCsv, file!);
      assert.equal(r.entities.length, 5600);
      assert.deepEqual(r.problems, []);
      const sun = r.entities.find((e) => e.id === 'os:NK-24ZomtS59XsEEB94Qcqy7S')!;
      assert.equal(sun.name, 'Sun Science International');
      assert.equal(sun.jurisdiction, 'HK');
      assert.deepEqual(sun.identifiers, [{ scheme: 'imo', value: '6495856' }]);
    },
  );
});
