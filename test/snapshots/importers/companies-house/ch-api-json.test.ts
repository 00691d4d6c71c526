// Public Data API responses: a fixture folder of one company's resources, and the real saved responses.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { chApiJson } from '../../../../snapshots/importers/companies-house/ch-api-json.js';
import { ImportError, type RecordInput } from '../../../../snapshots/importers/importer.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

type EventInput = Extract<RecordInput, { record: 'event' }>;
const eventsOf = (records: RecordInput[]): EventInput[] => records.filter((r): r is EventInput => r.record === 'event');

describe('ch-api on the fixture folder', () => {
  it('profile with charges from the charges file; officers, PSCs with events, filings as events', async () => {
    const r = await runImporter(chApiJson, fixture('companies-house', 'api'), '2024-02-01');
    const company = r.entities.find((e) => e.id === 'gb-coh:09990001');
    assert.equal(company?.name, 'NORTHWIND HOLDINGS LIMITED');
    assert.equal(company?.status, 'active');
    assert.equal(company?.jurisdiction, 'GB');
    assert.deepEqual(company?.addresses, ['1, Harbour Street, Leeds, LS1 4AB, England']);
    assert.deepEqual(company?.company?.accounts, { last_made_up_to: '2022-12-31', next_due: '2023-09-30' });
    assert.deepEqual(company?.company?.charges, { total: 2, outstanding: 1, satisfied: 1, part_satisfied: 0 });
    assert.deepEqual(company?.company?.former_names, [
      { name: 'NW HOLDCO LIMITED', from: '2016-03-02', to: '2016-09-01' },
    ]);

    const directorships = r.relationships.filter((x) => x.kind === 'directorship');
    assert.deepEqual(
      directorships.map((x) => [x.source, x.role, x.start_date, x.end_date]),
      [
        ['gb-coh-officer:AdaLoweOfficerId01', 'director', '2016-03-02', null],
        ['gb-coh-officer:HarbourSecId00001', 'corporate-secretary', '2016-03-02', '2023-12-31'],
      ],
    );
    const ada = r.entities.find((e) => e.id === 'gb-coh-officer:AdaLoweOfficerId01');
    assert.deepEqual(
      [ada?.name, ada?.birth_date, ada?.provenance[0]?.url],
      [
        'Ada Fenwick LOWE',
        '1971-06',
        'https://find-and-update.company-information.service.gov.uk/officers/AdaLoweOfficerId01/appointments',
      ],
    );
    assert.deepEqual(r.entities.find((e) => e.id === 'gb-coh-officer:HarbourSecId00001')?.identifiers, [
      { scheme: 'gb-coh', value: '09990008' },
    ]);

    const psc = r.relationships.find((x) => x.source === 'gb-coh-psc:09990001/AdaLowePsc0001');
    assert.deepEqual([psc?.kind, psc?.share], ['ownership', { min: 50, max: 75 }]);
    const events = eventsOf(r.records);
    assert.deepEqual(
      events.filter((e) => e.kind === 'ownership').map((e) => [e.type, e.occurred_at]),
      [
        ['psc-notified', '2016-04-06T00:00:00Z'],
        ['psc-notified', '2016-04-06T00:00:00Z'],
        ['psc-ceased', '2020-01-31T00:00:00Z'],
      ],
    );
    assert.deepEqual(
      events.filter((e) => e.kind === 'filing').map((e) => [e.type, e.occurred_at.slice(0, 10), e.id]),
      [
        ['accounts-filed', '2023-09-12', 'gb-coh:09990001/filing-history/TxAccounts2023'],
        ['officer-resigned', '2024-01-08', 'gb-coh:09990001/filing-history/TxTm02Harbour'],
        ['change-of-name', '2016-09-01', 'gb-coh:09990001/filing-history/TxNm01'],
        ['incorporation', '2016-03-02', 'gb-coh:09990001/filing-history/TxNewinc'],
      ],
    );
    assert.equal(new Set(events.map((e) => e.id)).size, events.length, 'event ids are unique');
    assert.deepEqual(
      r.problems.map((p) => [path.basename(p.at), p.field]),
      [['officers_09990001.json#items[2]', 'items[2].appointed_on']],
    );
  });

  it('throws ImportError naming the file for a truncated response or a missing folder', async () => {
    const folder = fixture('companies-house', 'api-truncated');
    await assert.rejects(
      runImporter(chApiJson, folder),
      (e: unknown) => e instanceof ImportError && e.file === path.join(folder, 'company_09990001.json'),
    );
    const absent = fixture('companies-house', 'absent-api');
    await assert.rejects(runImporter(chApiJson, absent), (e: unknown) => e instanceof ImportError && e.file === absent);
  });
});

describe('ch-api on the real saved responses', () => {
  const FOLDER = ['companies-house', 'api', 'rest'];
  it(
    'reads each resource; what it cannot place is a problem naming the file',
    { skip: skipUnlessShared(...FOLDER) },
    async () => {
      const r = await runImporter(chApiJson, sharedData(...FOLDER) as string, '2023-07-28');
      // Independent counts: 7 officers, 5 PSCs, 47 + 3 filings, 3 appointments, 2 captures of one profile.
      assert.equal(r.relationships.filter((x) => x.kind === 'directorship').length, 7 + 3);
      assert.equal(r.relationships.filter((x) => x.role === 'psc').length, 5);
      const events = eventsOf(r.records);
      assert.equal(events.filter((e) => e.kind === 'filing').length, 47 + 3);
      assert.equal(new Set(events.map((e) => e.id)).size, events.length);
      assert.deepEqual(
        r.problems.map((p) => path.basename(p.at)),
        ['charges_pfb_hire.json', 'insolvency_london_airways.json', 'search_result_you.json'],
      );

      const candour = r.entities.filter((e) => e.id === 'gb-coh:08957400');
      assert.equal(candour.length, 2);
      assert.deepEqual(
        candour.map((c) => c.company?.accounts?.next_due),
        ['2021-03-31', '2024-12-31'],
      );
      assert.deepEqual(candour[0]?.company?.sic, ['68100']);
      const nominee = r.relationships.find((x) => x.role === 'nominee-director');
      assert.deepEqual(
        [nominee?.target, nominee?.start_date, nominee?.end_date],
        ['gb-coh:04475590', '2002-07-02', '2002-07-02'],
      );
      const ambulance = r.relationships.find((x) => x.target === 'gb-coh:04053514' && x.kind === 'ownership');
      assert.deepEqual(ambulance?.share, { min: 75, max: 100 });
      const aldi = events.filter((e) => e.entity_id === 'gb-coh:14190543').map((e) => e.type);
      assert.deepEqual(aldi, ['change-of-name', 'psc-cessation-filed', 'incorporation']);
      const pfb = events.filter((e) => e.entity_id === 'gb-coh:07310390');
      assert.equal(pfb.find((e) => e.type === 'dissolution')?.occurred_at, '2019-01-03T00:00:00Z');
      // Seven MR01 and three MG01 filings (one charge was registered twice, so the charges list holds nine).
      assert.equal(pfb.filter((e) => e.type === 'charge-created').length, 10);
      assert.equal(pfb.filter((e) => e.type === 'charge-satisfied').length, 1);
    },
  );
});
