// iXBRL accounts: formats, scale, sign and dimensions on the fixture; the real bulk accounts and test accounts.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { chIxbrl } from '../../../../snapshots/importers/companies-house/ch-ixbrl.js';
import { factValue } from '../../../../snapshots/importers/companies-house/ixbrl-numbers.js';
import { ImportError, type RecordInput } from '../../../../snapshots/importers/importer.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

type Financials = Extract<RecordInput, { record: 'financials' }>;
const financialsOf = (records: RecordInput[]): Financials[] =>
  records.filter((r): r is Financials => r.record === 'financials');

describe('iXBRL number transforms', () => {
  it('applies format, scale and sign', () => {
    assert.equal(factValue('12,345', 'numdotdecimal', '3', false), 12_345_000);
    assert.equal(factValue('1.234,5', 'num-comma-decimal', '0', false), 1234.5);
    assert.equal(factValue('1,234', 'numcommadot', null, true), -1234);
    assert.equal(factValue('-', 'zerodash', '0', false), 0);
    assert.equal(factValue('-', 'numdash', null, true), -0);
    assert.equal(factValue('nil', 'fixed-zero', null, false), 0);
    assert.equal(factValue('25', null, '-2', false), 0.25);
    assert.equal(factValue(' 1 920 ', null, null, false), 1920);
    assert.throws(() => factValue('n/a', 'numdotdecimal', null, false));
  });
});

describe('ch-ixbrl on the fixture', () => {
  it('one financials record per period, current by date; dimensional contexts skipped; any ix prefix', async () => {
    const r = await runImporter(chIxbrl, fixture('companies-house', 'accounts'), '2023-06-01');
    assert.deepEqual(
      r.entities.map((e) => [e.id, e.name]),
      [['gb-coh:09990002', 'NORTHWIND TRADING LIMITED']],
      'ix:exclude text is not part of the name',
    );
    const [current, prior, ...rest] = financialsOf(r.records);
    assert.equal(rest.length, 0, 'the opening balance of the prior year is not a period');
    assert.deepEqual(current, {
      record: 'financials',
      entity_id: 'gb-coh:09990002',
      period_start: '2022-04-01',
      period_end: '2023-03-31',
      currency: 'GBP',
      turnover: 12_345_000,
      profit: -1_234_000,
      net_assets: 5_432_000,
      cash: 9876.54,
      employees: 42,
      provenance: {
        source: 'gb-coh',
        record_id: 'Prod223_0001_09990002_20230331.html#2023-03-31',
        url: 'https://find-and-update.company-information.service.gov.uk/company/09990002/filing-history',
        retrieved_at: '2023-06-01',
      },
    });
    assert.deepEqual(
      [prior?.period_end, prior?.turnover, prior?.profit, prior?.net_assets, prior?.cash],
      ['2022-03-31', 10_987_500, 0, 0, null],
    );
    assert.deepEqual(
      r.problems.map((p) => [path.basename(p.at), p.field]),
      [['Prod223_0001_09990002_20230331.html:41', 'CashBankOnHand']],
    );
  });

  it('throws ImportError naming the file when it is cut short or missing', async () => {
    for (const name of ['ixbrl-truncated.html', 'absent.html']) {
      const file = fixture('companies-house', name);
      await assert.rejects(
        runImporter(chIxbrl, file),
        (e: unknown) => e instanceof ImportError && e.file === file,
        name,
      );
    }
  });
});

describe('ch-ixbrl on the real accounts', () => {
  const FOLDER = ['companies-house', 'accounts'];
  it(
    'reads every file: one company and its current and prior period each; named figures as filed',
    { skip: skipUnlessShared(...FOLDER) },
    async () => {
      const root = sharedData(...FOLDER) as string;
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(x?html|xml)$/.test(f));
      const r = await runImporter(chIxbrl, root, '2021-05-11');
      assert.equal(files.length, 22);
      assert.equal(r.entities.length, files.length);
      const periods = financialsOf(r.records);
      assert.equal(periods.length, 2 * files.length);
      // The one anonymised test file that refers to a context it never defines.
      assert.deepEqual(
        [...new Set(r.problems.map((p) => path.basename(p.at).replace(/:\d+$/, '')))],
        ['account_4.html'],
      );

      const of = (id: string, end: string): Financials | undefined =>
        periods.find((p) => p.entity_id === id && p.period_end === end);
      const challenge = of('gb-coh:04415655', '2020-12-31');
      assert.deepEqual(
        [
          challenge?.period_start,
          challenge?.turnover,
          challenge?.profit,
          challenge?.net_assets,
          challenge?.cash,
          challenge?.employees,
        ],
        ['2020-01-01', 11_603_544, 311_708, 990_129, 23_883, 62],
      );
      assert.equal(of('gb-coh:04415655', '2019-12-31')?.turnover, 10_326_319);
      assert.equal(of('gb-coh:04184222', '2020-02-29')?.profit, -4_661_730, 'sign="-" on a loss');
      const mazars = of('gb-coh:05380971', '2020-08-31');
      assert.deepEqual([mazars?.turnover, mazars?.profit, mazars?.employees], [105_758_329, 3_879_534, 1920]);
      assert.equal(of('gb-coh:12040362', '2020-12-31')?.net_assets, -3_450_397);
      // Not zero-padded in the file ("390616"); the Sage file uses the 2008 inline XBRL namespace.
      assert.equal(r.entities.find((e) => e.id === 'gb-coh:00390616')?.name, 'MAURICE CROUCH (GROWERS) LTD');
      assert.equal(of('gb-coh:05078870', '2020-09-30')?.profit, 989_528);
      // A group that tags profit only per consolidated/company member: no non-dimensional figure, so null, not 0.
      assert.equal(of('gb-coh:11010959', '2020-06-30')?.profit, null);
    },
  );
});
