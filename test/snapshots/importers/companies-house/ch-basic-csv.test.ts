// BasicCompanyData CSV: the hand-written fixture (with malformed rows) and the real Product 217 sample.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { chBasicCsv, parseSicText } from '../../../../snapshots/importers/companies-house/ch-basic-csv.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const FIXTURE = fixture('companies-house', 'basic-company-data.csv');
const SAMPLE = ['companies-house', 'basic', 'relately-fixtures', 'prod217_BasicCompanyData_sample.csv'];

describe('ch-basic-csv on the fixture', () => {
  it('reads the good rows and reports the malformed ones with line and column', async () => {
    const r = await runImporter(chBasicCsv, FIXTURE, '2024-01-01');
    assert.deepEqual(
      r.entities.map((e) => e.id),
      ['gb-coh:09990001', 'gb-coh:09990002', 'gb-coh:CE009911', 'gb-coh:SC099003'],
    );
    assert.deepEqual(
      r.problems.map((p) => [p.at.replace(/^.*\//, ''), p.field]),
      [
        ['basic-company-data.csv:4', '(row)'],
        ['basic-company-data.csv:7', 'IncorporationDate'],
      ],
    );
  });

  it('fills the company profile: SIC code and text, deadlines, charges, former names with their dates', async () => {
    const r = await runImporter(chBasicCsv, FIXTURE, '2024-01-01');
    const trading = r.entities.find((e) => e.id === 'gb-coh:09990002');
    assert.ok(trading);
    assert.equal(trading.name, 'NORTHWIND TRADING LIMITED');
    assert.equal(trading.status, 'active-proposal-to-strike-off');
    assert.equal(trading.incorporation_date, '2012-05-10');
    assert.equal(trading.jurisdiction, 'GB');
    assert.deepEqual(trading.addresses, [
      'NORTHWIND HOLDINGS LIMITED, 1 HARBOUR STREET, SECOND FLOOR, LEEDS, WEST YORKSHIRE, LS1 4AB, ENGLAND',
    ]);
    assert.deepEqual(trading.company, {
      company_number: '09990002',
      company_type: 'ltd',
      sic: ['46390', '49410'],
      sic_descriptions: {
        '46390': 'Non-specialised wholesale of food, beverages and tobacco',
        '49410': 'Freight transport by road',
      },
      accounts: { last_made_up_to: '2022-03-31', next_due: '2023-12-31' },
      confirmation_statement: { last_made_up_to: '2023-05-10', next_due: '2024-05-24' },
      former_names: [
        { name: 'NORTHWIND FOODS LIMITED', from: '2015-02-01', to: '2019-07-14' },
        { name: 'NW START-UP 12 LIMITED', from: '2012-05-10', to: '2015-02-01' },
      ],
      charges: { total: 3, outstanding: 1, satisfied: 1, part_satisfied: 1 },
    });
    assert.deepEqual(trading.aliases, ['NORTHWIND FOODS LIMITED', 'NW START-UP 12 LIMITED']);
    assert.deepEqual(trading.provenance, [
      {
        source: 'gb-coh',
        record_id: '09990002',
        url: 'https://find-and-update.company-information.service.gov.uk/company/09990002',
        retrieved_at: '2024-01-01',
      },
    ]);
    const cio = r.entities.find((e) => e.id === 'gb-coh:CE009911');
    assert.equal(cio?.name, '"QUILL" COMMUNITY TRUST');
    assert.deepEqual(cio?.company?.sic, []);
    const dissolved = r.entities.find((e) => e.id === 'gb-coh:SC099003');
    assert.equal(dissolved?.dissolution_date, '2021-06-05');
    assert.equal(dissolved?.status, 'dissolved');
  });

  it('splits SIC text into code and description', () => {
    assert.deepEqual(parseSicText('70100 - Activities of head offices'), {
      code: '70100',
      description: 'Activities of head offices',
    });
    assert.deepEqual(parseSicText('7499 - Non-trading company'), { code: '7499', description: 'Non-trading company' });
    assert.equal(parseSicText('None Supplied'), null);
    assert.equal(parseSicText('Activities of head offices'), undefined);
  });

  it('throws ImportError naming the file for a wrong header, a truncated file, a missing file', async () => {
    for (const name of ['basic-company-data-bad-header.csv', 'basic-company-data-truncated.csv', 'absent.csv']) {
      const file = fixture('companies-house', name);
      await assert.rejects(
        runImporter(chBasicCsv, file),
        (e: unknown) => e instanceof ImportError && e.file === file,
        name,
      );
    }
  });
});

describe('ch-basic-csv on the real Product 217 sample', () => {
  it('imports every row; named records as published', { skip: skipUnlessShared(...SAMPLE) }, async () => {
    const file = sharedData(...SAMPLE) as string;
    // Independent count: records start with a quote at the beginning of a line, after the header.
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => /^"/.test(l)).length;
    const r = await runImporter(chBasicCsv, file, '2023-10-01');
    assert.equal(r.problems.length, 0, JSON.stringify(r.problems));
    assert.equal(r.entities.length, rows);
    assert.equal(rows, 11);
    const heal = r.entities.find((e) => e.id === 'gb-coh:14413082');
    assert.equal(heal?.name, '! HEAL UR TECH LTD');
    assert.equal(heal?.company?.company_type, 'private-limited-guarant-nsc');
    assert.deepEqual(heal?.company?.sic, ['33140', '47421']);
    assert.equal(heal?.company?.sic_descriptions?.['47421'], 'Retail sale of mobile telephones');
    assert.deepEqual(heal?.company?.accounts, { last_made_up_to: null, next_due: '2024-07-12' });
    const xlss = r.entities.find((e) => e.id === 'gb-coh:05861787');
    assert.equal(xlss?.company?.former_names?.length, 5);
    assert.deepEqual(xlss?.company?.former_names?.[0], {
      name: 'XL STAFF SOLUTIONS LTD',
      from: '2015-01-30',
      to: '2017-05-03',
    });
    assert.deepEqual(xlss?.company?.charges, { total: 2, outstanding: 2, satisfied: 0, part_satisfied: 0 });
    const scottish = r.entities.find((e) => e.id === 'gb-coh:SC421617');
    assert.equal(scottish?.status, 'liquidation');
    assert.equal(r.entities.find((e) => e.id === 'gb-coh:CE000952')?.name, '"20-20 VOICE" CANCER');
  });
});
