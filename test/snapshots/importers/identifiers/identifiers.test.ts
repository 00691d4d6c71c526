// Identifier registries: SEC company_tickers.json and INSEE SIRENE StockUniteLegale, fixtures and real samples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { secCompanyTickers } from '../../../../snapshots/importers/identifiers/sec-company-tickers.js';
import { sireneCsv } from '../../../../snapshots/importers/identifiers/sirene-csv.js';
import { runImporter } from '../../../helpers/import.js';
import { fixture } from '../../../helpers/fixtures.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

describe('sec-tickers', () => {
  it('zero-pads the CIK, keeps each ticker, reports a bad row', async () => {
    const out = await runImporter(secCompanyTickers, fixture('identifiers', 'company_tickers.json'));
    assert.equal(out.entities.length, 3);
    assert.deepEqual(out.entities[0]?.identifiers, [
      { scheme: 'sec', value: '0000320193' },
      { scheme: 'ticker', value: 'AAPL' },
    ]);
    assert.equal(out.entities[0]?.id, 'sec:0000320193');
    assert.equal(out.entities.filter((e) => e.id === 'sec:0001652044').length, 2); // two share classes, merged at build
    assert.equal(out.problems[0]?.field, 'cik_str');
    assert.match(out.problems[0]?.at ?? '', /company_tickers\.json#3$/);
  });

  it('real sample: every row of the full list', { skip: skipUnlessShared('identifiers', 'sec-cik') }, async () => {
    const file = sharedData('identifiers', 'sec-cik', 'company_tickers.json') as string;
    const rows = Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object).length;
    const out = await runImporter(secCompanyTickers, file);
    assert.equal(rows, 10_077);
    assert.equal(out.entities.length, rows);
    assert.equal(out.problems.length, 0);
    const apple = out.entities.find((e) => e.identifiers?.some((i) => i.value === 'AAPL'));
    assert.equal(apple?.id, 'sec:0000320193');
    assert.equal(apple?.name, 'Apple Inc.');
  });
});

describe('sirene', () => {
  it('names, status and dates of legal units; a bad SIREN is a problem', async () => {
    const out = await runImporter(sireneCsv, fixture('identifiers', 'StockUniteLegale.csv'));
    assert.equal(out.entities.length, 2);
    const acme = out.entities.find((e) => e.id === 'siren:552100554');
    assert.equal(acme?.name, 'ACME INDUSTRIE FRANCE');
    assert.deepEqual(acme?.aliases, ['ACME']);
    assert.equal(acme?.status, 'active');
    assert.equal(acme?.incorporation_date, '1955-03-01');
    assert.deepEqual(acme?.identifiers, [{ scheme: 'siren', value: '552100554' }]);
    const ceased = out.entities.find((e) => e.id === 'siren:542051180');
    assert.equal(ceased?.status, 'ceased');
    assert.equal(ceased?.dissolution_date, '2019-06-30');
    assert.equal(out.problems[0]?.field, 'siren');
    assert.match(out.problems[0]?.at ?? '', /StockUniteLegale\.csv:4$/);
  });

  it(
    'real sample: the three rows, sole traders as persons',
    { skip: skipUnlessShared('identifiers', 'fr-sirene') },
    async () => {
      const out = await runImporter(
        sireneCsv,
        sharedData('identifiers', 'fr-sirene', 'StockUniteLegale_head_sample.csv') as string,
      );
      assert.equal(out.entities.length, 3);
      const first = out.entities.find((e) => e.id === 'siren:000325175');
      assert.equal(first?.name, 'THIERRY JANOYER');
      assert.equal(first?.type, 'person');
      assert.equal(first?.status, 'active');
      assert.equal(out.entities.find((e) => e.id === 'siren:001807254')?.status, 'ceased');
    },
  );
});
