// GLEIF LEI-CDF, RR-CDF and Repex XML: the fixtures in the real layouts, and the real LEI-CDF sample.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { gleifLeiCdfXml } from '../../../../snapshots/importers/gleif/gleif-lei-cdf-xml.js';
import { gleifRepexXml } from '../../../../snapshots/importers/gleif/gleif-repex-xml.js';
import { gleifRrXml } from '../../../../snapshots/importers/gleif/gleif-rr-xml.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { fixture } from '../../../helpers/fixtures.js';

const PARENT = 'lei:213800NWHOLDPLC0AA68';
const CHILD = 'lei:213800NWTRADLTD0BB02';
const SWEDISH = 'lei:549300NORDVINDAB0C02';

describe('gleif-xml', () => {
  it('reads every record the header declares, the malformed one as a problem naming its field', async () => {
    const file = fixture('gleif', 'lei-cdf.xml');
    const out = await runImporter(gleifLeiCdfXml, file);
    assert.equal(out.entities.length + out.problems.length, 4);
    assert.equal(out.problems.length, 1);
    assert.equal(out.problems[0]?.field, 'LegalName');
    assert.match(out.problems[0]?.at ?? '', /lei-cdf\.xml:\d+$/);
  });

  it('maps names, jurisdiction, address, status and the Companies House number', async () => {
    const { entities } = await runImporter(gleifLeiCdfXml, fixture('gleif', 'lei-cdf.xml'));
    const parent = entities.find((e) => e.id === PARENT);
    assert.equal(parent?.name, 'NORTHWIND HOLDINGS PLC');
    assert.deepEqual(parent?.aliases, ['NORTHWIND GROUP PLC']);
    assert.equal(parent?.jurisdiction, 'GB');
    assert.deepEqual(parent?.identifiers, [
      { scheme: 'lei', value: '213800NWHOLDPLC0AA68' },
      { scheme: 'gb-coh', value: '09876543' },
    ]);
    assert.deepEqual(parent?.addresses, ['1 HARBOUR STREET, LONDON, E1 1AA, GB-LND, GB']);
    assert.equal(parent?.incorporation_date, '2001-04-02');
    assert.deepEqual(parent?.provenance, [
      {
        source: 'gleif',
        record_id: '213800NWHOLDPLC0AA68',
        url: 'https://search.gleif.org/#/record/213800NWHOLDPLC0AA68',
        retrieved_at: '2025-03-01',
      },
    ]);
    const swedish = entities.find((e) => e.id === SWEDISH);
    assert.deepEqual(swedish?.aliases, ['NORDVIND HANDEL GOTEBORG AB']);
    assert.deepEqual(swedish?.identifiers?.[1], { scheme: 'registration-number', value: '556000-1234' });
    assert.equal(swedish?.status, 'inactive');
    assert.equal(swedish?.dissolution_date, '2023-06-30');
  });

  it('throws ImportError naming a truncated file', async () => {
    const file = fixture('gleif', 'lei-cdf-truncated.xml');
    await assert.rejects(
      runImporter(gleifLeiCdfXml, file),
      (e: unknown) => e instanceof ImportError && e.file === file && e.line !== null,
    );
  });

  it(
    'real sample: the declared RecordCount, and a named record',
    { skip: skipUnlessShared('gleif', 'lei-cdf-xml') },
    async () => {
      const file = sharedData('gleif', 'lei-cdf-xml', '20180901-gleif-concatenated-file-lei2-Top10.xml') as string;
      const declared = Number(/<lei:RecordCount>(\d+)<\/lei:RecordCount>/.exec(readFileSync(file, 'utf8'))?.[1]);
      const out = await runImporter(gleifLeiCdfXml, file);
      assert.equal(out.entities.length, declared);
      assert.equal(out.problems.length, 0);
      const afrinvest = out.entities.find((e) => e.id === 'lei:029200013A5N6ZD0F605');
      assert.equal(afrinvest?.name, 'AFRINVEST SECURITIES LIMITED');
      assert.equal(afrinvest?.jurisdiction, 'NG'); // LegalJurisdiction NG-LA, a subdivision
      assert.deepEqual(afrinvest?.identifiers?.[1], { scheme: 'registration-number', value: 'RC603315' });
      assert.equal(afrinvest?.provenance[0]?.retrieved_at, '2018-09-01');
    },
  );
});

describe('gleif-rr', () => {
  it('turns consolidation records into parent links from parent to child', async () => {
    const out = await runImporter(gleifRrXml, fixture('gleif', 'rr.xml'));
    assert.equal(out.relationships.length, 3);
    const direct = out.relationships.find((r) => r.role === 'direct-parent' && r.target === CHILD);
    assert.equal(direct?.source, PARENT);
    assert.equal(direct?.kind, 'parent');
    assert.equal(direct?.start_date, '2016-05-01');
    assert.equal(direct?.end_date, null);
    assert.deepEqual(direct?.natures, ['IS_DIRECTLY_CONSOLIDATED_BY', 'ACCOUNTING_STANDARD:IFRS']);
    assert.ok(out.relationships.some((r) => r.role === 'ultimate-parent' && r.source === PARENT && r.target === CHILD));
  });

  it('gives an inactive relationship an end date, and reports a bad node', async () => {
    const out = await runImporter(gleifRrXml, fixture('gleif', 'rr.xml'));
    assert.equal(out.relationships.find((r) => r.target === SWEDISH)?.end_date, '2023-07-01');
    assert.equal(out.problems.length, 1);
    assert.equal(out.problems[0]?.field, 'StartNode.NodeID');
  });
});

describe('gleif-exceptions', () => {
  it('turns exceptions into statements with the published code and a plain summary', async () => {
    const out = await runImporter(gleifRepexXml, fixture('gleif', 'repex.xml'));
    const statements = out.records.filter((r) => r.record === 'statement');
    assert.equal(statements.length, 3);
    const ultimate = statements.find((s) => s.entity_id === PARENT && s.summary.includes('ultimate'));
    assert.equal(ultimate?.code, 'NATURAL_PERSONS');
    assert.equal(ultimate?.kind, 'reporting-exception');
    assert.equal(ultimate?.summary, 'Reports no ultimate parent: the entity is controlled by natural persons.');
    assert.equal(out.problems[0]?.field, 'ExceptionReason');
  });
});
