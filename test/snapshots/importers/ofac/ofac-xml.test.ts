// OFAC sdnList XML: Record_Count against the entries imported, fields of named entries, bad and truncated files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { ofacXml } from '../../../../snapshots/importers/ofac/ofac-xml.js';
import { fixture, truncatedCopy } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const declaredCount = (file: string): number =>
  Number(/<Record_Count>(\d+)<\/Record_Count>/.exec(readFileSync(file, 'utf8'))?.[1]);

describe('ofac-xml on the fixture', () => {
  it('reads names, aliases, programs, the main birth date, identifiers and the publication date', async () => {
    const r = await runImporter(ofacXml, fixture('ofac', 'sdn.xml'));
    const marta = r.entities.find((e) => e.id === 'ofac:7101')!;
    assert.equal(marta.name, 'VOLKOVA, Marta');
    assert.deepEqual(marta.aliases, ['VOLKOVA, Marta Sergeyevna']);
    assert.equal(marta.birth_date, '1970-03-12');
    assert.deepEqual(marta.nationalities, ['RU']);
    assert.deepEqual(marta.addresses, ['Saint Petersburg, Russia']);
    // The secondary-sanctions note in idList is not an identifier.
    assert.deepEqual(marta.identifiers, [{ scheme: 'passport', value: '720011223' }]);
    assert.equal(marta.provenance[0]?.retrieved_at, '2026-03-14');
    assert.deepEqual(
      r.listings.filter((l) => l.entity_id === 'ofac:7101').map((l) => l.program),
      ['RUSSIA-EO14024', 'UKRAINE-EO13661'],
    );
    const baltic = r.entities.find((e) => e.id === 'ofac:7102')!;
    assert.equal(baltic.jurisdiction, 'CY');
    assert.ok(baltic.identifiers?.some((i) => i.scheme === 'lei'));
  });

  it('imports the good entries and reports the one without a lastName', async () => {
    const r = await runImporter(ofacXml, fixture('ofac', 'sdn.xml'));
    assert.equal(r.entities.length, 2);
    assert.equal(r.problems.length, 1);
    assert.equal(r.problems[0]?.field, 'lastName');
    assert.match(r.problems[0]?.at ?? '', /^sdn\.xml:\d+$/);
  });

  it('throws ImportError naming a truncated file', async () => {
    const t = truncatedCopy(fixture('ofac', 'sdn.xml'));
    try {
      await assert.rejects(
        runImporter(ofacXml, t.file),
        (err: unknown) => err instanceof ImportError && err.file === t.file,
      );
    } finally {
      t.remove();
    }
  });

  it('throws ImportError for a document of another format', async () => {
    await assert.rejects(runImporter(ofacXml, fixture('un', 'consolidated.xml')), ImportError);
  });
});

describe('ofac-xml on the real consolidated.xml', () => {
  const file = sharedData('ofac', 'consolidated_nonsdn_2025-06-30.xml');
  it(
    'imports exactly Record_Count entries',
    { skip: skipUnlessShared('ofac', 'consolidated_nonsdn_2025-06-30.xml') },
    async () => {
      const r = await runImporter(ofacXml, file!);
      assert.equal(r.entities.length, declaredCount(file!));
      assert.equal(r.entities.length, 443);
      assert.deepEqual(r.problems, []);
      const abuTeir = r.entities.find((e) => e.id === 'ofac:9640')!;
      assert.equal(abuTeir.name, 'ABU TEIR, Mohammed');
      assert.ok(abuTeir.aliases?.includes('ABU TAIR, Mohammed Mahmud'));
      assert.equal(abuTeir.birth_date, '1951');
      assert.equal(abuTeir.provenance[0]?.retrieved_at, '2025-06-30');
      assert.equal(r.listings.find((l) => l.entity_id === 'ofac:9640')?.program, 'NS-PLC');
    },
  );
});
