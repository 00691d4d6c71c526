// UN consolidated list XML: counts against the INDIVIDUAL/ENTITY elements, fields, bad and truncated files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { unXml } from '../../../../snapshots/importers/un/un-xml.js';
import { fixture, truncatedCopy } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const count = (file: string, tag: string): number => readFileSync(file, 'utf8').split(`<${tag}>`).length - 1;

describe('un-xml on the fixture', () => {
  it('reads individuals and entities with aliases, dates, documents and the listing', async () => {
    const r = await runImporter(unXml, fixture('un', 'consolidated.xml'));
    const hamid = r.entities.find((e) => e.id === 'un:QDi.901')!;
    assert.equal(hamid.name, 'HAMID AL-QASIR');
    assert.deepEqual(hamid.aliases, ['Abu Hamza al-Qasir']);
    // The BETWEEN range is skipped for the exact date that follows it.
    assert.equal(hamid.birth_date, '1961-02-03');
    assert.deepEqual(hamid.nationalities, ['SY']);
    assert.deepEqual(hamid.addresses, ['Idlib, Syrian Arab Republic']);
    assert.deepEqual(hamid.identifiers, [{ scheme: 'passport', value: 'N0012345' }]);
    assert.equal(hamid.position, 'Treasurer');
    assert.equal(hamid.provenance[0]?.retrieved_at, '2026-03-01');
    const listing = r.listings.find((l) => l.entity_id === 'un:QDi.901')!;
    assert.deepEqual(
      [listing.list, listing.program, listing.listed_on, listing.reference],
      ['UN', 'Al-Qaida', '2011-07-21', 'QDi.901'],
    );
    assert.equal(r.entities.find((e) => e.id === 'un:QDe.902')?.type, 'company');
  });

  it('reports the entry without a reference number', async () => {
    const r = await runImporter(unXml, fixture('un', 'consolidated.xml'));
    assert.equal(r.entities.length, 2);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0]?.field, 'REFERENCE_NUMBER');
    assert.match(r.problems[0]?.at ?? '', /^consolidated\.xml:\d+$/);
  });

  it('throws ImportError naming a truncated file', async () => {
    const t = truncatedCopy(fixture('un', 'consolidated.xml'));
    try {
      await assert.rejects(
        runImporter(unXml, t.file),
        (err: unknown) => err instanceof ImportError && err.file === t.file,
      );
    } finally {
      t.remove();
    }
  });
});

describe('un-xml on the real consolidated list', () => {
  const file = sharedData('un', 'consolidated_2026-02-27.xml');
  it(
    'imports one entity and one listing per INDIVIDUAL and ENTITY',
    { skip: skipUnlessShared('un', 'consolidated_2026-02-27.xml') },
    async () => {
      const r = await runImporter(unXml, file!);
      assert.equal(r.entities.filter((e) => e.type === 'person').length, count(file!, 'INDIVIDUAL'));
      assert.equal(r.entities.filter((e) => e.type === 'company').length, count(file!, 'ENTITY'));
      assert.equal(r.entities.length, 730 + 273);
      assert.equal(r.listings.length, r.entities.length);
      assert.deepEqual(r.problems, []);
      const kakolele = r.entities.find((e) => e.id === 'un:CDi.002')!;
      assert.equal(kakolele.name, 'FRANK KAKOLELE BWAMBALE');
      assert.ok(kakolele.aliases?.includes('AIGLE BLANC'));
      assert.deepEqual(kakolele.nationalities, ['CD']);
      assert.equal(r.listings.find((l) => l.entity_id === 'un:CDi.002')?.listed_on, '2005-11-01');
      assert.equal(r.entities.find((e) => e.id === 'un:CDi.001')?.birth_date, '1971');
    },
  );
});
