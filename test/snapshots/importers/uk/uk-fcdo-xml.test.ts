// UK FCDO XML: names from Name1..Name6, dd/mm/yyyy dates, company numbers, bad and truncated files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { ukFcdoXml } from '../../../../snapshots/importers/uk/uk-fcdo-xml.js';
import { fixture, truncatedCopy } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

describe('uk-xml on the fixture', () => {
  it('reads an individual and an entity', async () => {
    const r = await runImporter(ukFcdoXml, fixture('uk', 'designations.xml'));
    const anna = r.entities.find((e) => e.id === 'uk:RUS9901')!;
    assert.equal(anna.name, 'Anna Petrovna LEBEDEVA');
    assert.deepEqual(anna.aliases, ['Anna LEBEDEVA-ORLOVA']);
    // dd/mm/1975 can say only the year; the full date that follows is preferred.
    assert.equal(anna.birth_date, '1975');
    assert.deepEqual(anna.nationalities, ['RU']);
    assert.deepEqual(anna.addresses, ['Nevsky Prospekt 10, Saint Petersburg, Russia']);
    assert.deepEqual(
      anna.identifiers?.filter((i) => i.scheme === 'passport'),
      [{ scheme: 'passport', value: '710099887' }],
    );
    assert.equal(anna.provenance[0]?.retrieved_at, '2026-03-15');
    const listing = r.listings.find((l) => l.entity_id === 'uk:RUS9901')!;
    assert.deepEqual(
      [listing.list, listing.listed_on, listing.program],
      ['UK', '2022-02-24', 'The Russia (Sanctions) (EU Exit) Regulations 2019'],
    );
    const capital = r.entities.find((e) => e.id === 'uk:RUS9902')!;
    assert.ok(capital.identifiers?.some((i) => i.scheme === 'gb-coh' && i.value === '09876543'));
    assert.match(capital.description ?? '', /Parent companies: Lebedeva Holdings/);
  });

  it('reports the designation without a UniqueID', async () => {
    const r = await runImporter(ukFcdoXml, fixture('uk', 'designations.xml'));
    assert.equal(r.entities.length, 2);
    assert.deepEqual(
      r.problems.map((p) => p.field),
      ['UniqueID'],
    );
    assert.match(r.problems[0]?.at ?? '', /^designations\.xml:\d+$/);
  });

  it('throws ImportError naming a truncated file', async () => {
    const t = truncatedCopy(fixture('uk', 'designations.xml'));
    try {
      await assert.rejects(
        runImporter(ukFcdoXml, t.file),
        (err: unknown) => err instanceof ImportError && err.file === t.file,
      );
    } finally {
      t.remove();
    }
  });
});

describe('uk-xml on the real extract', () => {
  const file = sharedData('uk', 'UK_Sanctions_List_extract_5_designations.xml');
  it(
    'imports its five designations',
    { skip: skipUnlessShared('uk', 'UK_Sanctions_List_extract_5_designations.xml') },
    async () => {
      const r = await runImporter(ukFcdoXml, file!);
      assert.equal(r.entities.length, 5);
      assert.deepEqual(r.problems, []);
      const akhund = r.entities.find((e) => e.id === 'uk:AFG0006')!;
      assert.equal(akhund.name, 'MOHAMMAD HASSAN AKHUND');
      assert.ok(akhund.aliases?.includes('Mohammad Akhwand'));
      assert.equal(akhund.birth_date, '1958-05-12');
      assert.deepEqual(akhund.addresses, ['Kabul, Afghanistan']);
      assert.equal(akhund.identifiers?.filter((i) => i.scheme === 'passport').length, 1);
      assert.equal(r.listings.find((l) => l.entity_id === 'uk:AFG0006')?.listed_on, '2001-01-25');
      assert.ok(
        r.entities
          .find((e) => e.id === 'uk:BEL0107')
          ?.identifiers?.some((i) => i.scheme === 'gb-coh' && i.value === '06527449'),
      );
      assert.equal(r.entities.find((e) => e.id === 'uk:DPR0075')?.type, 'asset');
    },
  );
});
