// GLEIF golden-copy JSON and API v1 JSON: fixtures in the real layouts, and the real samples.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { gleifApiJson } from '../../../../snapshots/importers/gleif/gleif-api-json.js';
import { gleifGoldenJson } from '../../../../snapshots/importers/gleif/gleif-golden-json.js';
import { runImporter } from '../../../helpers/import.js';
import { fixture } from '../../../helpers/fixtures.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { tempDir } from '../../../helpers/snapshot.js';

const GOLDEN = fixture('gleif', '20250301-0000-gleif-goldencopy-lei2-golden-copy.json');

describe('gleif-golden-json', () => {
  it('streams the records, dated by the file name, one malformed as a problem', async () => {
    const out = await runImporter(gleifGoldenJson, GOLDEN);
    assert.equal(out.entities.length, 2);
    assert.equal(out.problems.length, 1);
    assert.equal(out.problems[0]?.field, 'LEI');
    const quay = out.entities.find((e) => e.id === 'lei:213800NWGOLDEN000E68');
    assert.deepEqual(quay?.aliases, ['Golden Quay']); // a lone element is an object, not a one-item array
    assert.deepEqual(quay?.addresses, ['2 Quay Side, Unit 4, Dock Road, Bristol, BS1 4AA, GB']);
    assert.deepEqual(quay?.identifiers?.[1], { scheme: 'gb-coh', value: '09876545' });
    assert.equal(quay?.incorporation_date, '2012-03-04');
    assert.equal(quay?.provenance[0]?.retrieved_at, '2025-03-01');
    const kai = out.entities.find((e) => e.id === 'lei:213800NWGOLDEN000F65');
    assert.equal(kai?.name, 'Goldener Kai "Nord" GmbH');
    assert.deepEqual(kai?.aliases, ['GOLDENER KAI NORD GMBH']);
  });

  it('throws ImportError naming a truncated file', async () => {
    const t = tempDir('golden');
    try {
      const file = path.join(t.dir, 'cut.json');
      writeFileSync(file, readFileSync(GOLDEN, 'utf8').slice(0, 900));
      await assert.rejects(
        runImporter(gleifGoldenJson, file),
        (e: unknown) => e instanceof ImportError && e.file === file,
      );
    } finally {
      t.remove();
    }
  });

  it(
    'real sample: all 577 records of the delta file',
    { skip: skipUnlessShared('gleif', 'golden-copy-json') },
    async () => {
      const file = sharedData(
        'gleif',
        'golden-copy-json',
        '20240505-0000-gleif-goldencopy-lei2-intra-day.json',
      ) as string;
      const independent = (JSON.parse(readFileSync(file, 'utf8')) as { records: unknown[] }).records.length;
      const out = await runImporter(gleifGoldenJson, file);
      assert.equal(out.entities.length, independent);
      assert.equal(out.entities.length, 577);
      assert.equal(out.problems.length, 0);
      const alfa = out.entities.find((e) => e.id === 'lei:097900BID10000147476');
      assert.equal(alfa?.name, 'ALFA REY s.r.o.');
      assert.deepEqual(alfa?.aliases, ['ALFA REY SRO']);
      assert.equal(alfa?.jurisdiction, 'SK');
      assert.equal(alfa?.incorporation_date, '2017-09-20');
      assert.equal(alfa?.provenance[0]?.retrieved_at, '2024-05-05');
      assert.ok(out.entities.some((e) => e.identifiers?.some((i) => i.scheme === 'gb-coh')));
    },
  );
});

describe('gleif-api-json', () => {
  it('reads LEI records, relationship records and reporting exceptions from a folder', async () => {
    const out = await runImporter(gleifApiJson, fixture('gleif', 'api'));
    assert.equal(out.entities.length, 1);
    assert.deepEqual(out.entities[0]?.identifiers, [
      { scheme: 'lei', value: '213800NWTRADLTD0BB02' },
      { scheme: 'gb-coh', value: '09876544' },
      { scheme: 'swift-bic', value: 'NWTRGB2LXXX' },
    ]);
    assert.equal(out.relationships[0]?.role, 'ultimate-parent');
    assert.equal(out.relationships[0]?.source, 'lei:213800NWHOLDPLC0AA68');
    assert.equal(out.records.filter((r) => r.record === 'statement').length, 1);
    assert.equal(out.problems.length, 1);
    assert.equal(out.problems[0]?.field, 'LegalName');
    assert.match(out.problems[0]?.at ?? '', /lei-records\.json#213800NWBADREC00DD50$/);
  });

  it(
    'real sample: every record of every response, and named records',
    { skip: skipUnlessShared('gleif', 'api-v1-json') },
    async () => {
      const dir = sharedData('gleif', 'api-v1-json') as string;
      const byType: Record<string, number> = {};
      for (const name of readdirSync(dir, { recursive: true }) as string[]) {
        if (!name.endsWith('.json')) continue;
        const data = (JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { data: unknown }).data;
        for (const item of Array.isArray(data) ? data : [data]) {
          const type = (item as { type: string }).type;
          byType[type] = (byType[type] ?? 0) + 1;
        }
      }
      const out = await runImporter(gleifApiJson, dir);
      assert.equal(out.problems.length, 0);
      assert.equal(out.entities.length, byType['lei-records']);
      assert.equal(out.relationships.length, byType['relationship-records']);
      const statements = out.records.filter((r) => r.record === 'statement');
      assert.equal(statements.length, byType['reporting-exceptions']);
      const shell = out.entities.find((e) => e.id === 'lei:21380068P1DRHMJ8KU70');
      assert.equal(shell?.name, 'SHELL PLC');
      assert.deepEqual(shell?.aliases, ['ROYAL DUTCH SHELL PLC']);
      assert.deepEqual(shell?.identifiers?.[1], { scheme: 'gb-coh', value: '04366849' });
      const parent = out.relationships.find(
        (r) => r.target === 'lei:549300O897ZC5H7CY412' && r.role === 'direct-parent',
      );
      assert.equal(parent?.source, 'lei:549300OWK6ZGNYP4G142');
      assert.equal(parent?.start_date, '2006-08-08');
      const shellUltimate = statements.find(
        (s) => s.entity_id === 'lei:21380068P1DRHMJ8KU70' && s.summary.includes('ultimate'),
      );
      assert.equal(shellUltimate?.code, 'NO_KNOWN_PERSON');
    },
  );
});
