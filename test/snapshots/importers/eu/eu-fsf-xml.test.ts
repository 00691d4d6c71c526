// EU FSF XML: the primary name among translated aliases, fields, bad and truncated files, the real extract.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { euFsfXml } from '../../../../snapshots/importers/eu/eu-fsf-xml.js';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { fixture, truncatedCopy } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

describe('eu-xml on the fixture', () => {
  it('reads the English name as primary and the rest of the entry', async () => {
    const r = await runImporter(euFsfXml, fixture('eu', 'fsf.xml'));
    const zimin = r.entities.find((e) => e.id === 'eu:880001')!;
    assert.equal(zimin.name, 'Dmitry ZIMIN');
    assert.deepEqual(zimin.aliases, ['Dmitrij Zimin', 'Дмитрий Зимин']);
    assert.equal(zimin.birth_date, '1968-11-30');
    assert.deepEqual(zimin.nationalities, ['RU']);
    assert.deepEqual(zimin.addresses, ['Tverskaya 5, 125009, Moscow, RUSSIAN FEDERATION']);
    assert.ok(zimin.identifiers?.some((i) => i.scheme === 'passport' && i.value === '753300112'));
    assert.equal(zimin.position, 'Owner of Zimin Logistics');
    assert.equal(zimin.description, 'Owner of a logistics group.');
    assert.equal(zimin.provenance[0]?.retrieved_at, '2026-04-02');
    const listing = r.listings.find((l) => l.entity_id === 'eu:880001')!;
    assert.deepEqual([listing.program, listing.listed_on, listing.reference], ['UKR', '2022-03-09', 'EU.9001.1']);
    const trust = r.entities.find((e) => e.id === 'eu:880002')!;
    assert.ok(trust.identifiers?.some((i) => i.scheme === 'un' && i.value === 'QDe.902'));
  });

  it('reports the entry whose logicalId is not a number', async () => {
    const r = await runImporter(euFsfXml, fixture('eu', 'fsf.xml'));
    assert.equal(r.entities.length, 2);
    assert.deepEqual(
      r.problems.map((p) => p.field),
      ['logicalId'],
    );
    assert.match(r.problems[0]?.at ?? '', /^fsf\.xml:\d+$/);
  });

  it('throws ImportError naming a truncated file', async () => {
    const t = truncatedCopy(fixture('eu', 'fsf.xml'));
    try {
      await assert.rejects(
        runImporter(euFsfXml, t.file),
        (err: unknown) => err instanceof ImportError && err.file === t.file,
      );
    } finally {
      t.remove();
    }
  });
});

describe('eu-xml on the real extract', () => {
  const file = sharedData('eu', 'eu_fsf_export_extract_5_entities.xml');
  it(
    'imports its five entities',
    { skip: skipUnlessShared('eu', 'eu_fsf_export_extract_5_entities.xml') },
    async () => {
      const r = await runImporter(euFsfXml, file!);
      assert.equal(r.entities.length, readFileSync(file!, 'utf8').split('<sanctionEntity ').length - 1);
      assert.deepEqual(r.problems, []);
      const ksm = r.entities.find((e) => e.id === 'eu:191')!;
      assert.equal(ksm.name, 'Khalid Sheikh MOHAMMED');
      assert.ok(ksm.aliases?.includes('Ali Salem'));
      assert.equal(ksm.birth_date, '1965-04-14');
      assert.equal(r.listings.find((l) => l.entity_id === 'eu:191')?.program, 'TERR');
      assert.equal(r.listings.find((l) => l.entity_id === 'eu:521')?.listed_on, '2001-01-25');
      const parchin = r.entities.find((e) => e.id === 'eu:3822')!;
      assert.equal(parchin.name, 'Parchin Chemical Industries (PCI)');
      assert.ok(parchin.addresses?.some((a) => a.includes('Tehran')));
      assert.deepEqual(r.entities.find((e) => e.id === 'eu:521')?.nationalities, ['AF']);
    },
  );
});
