// OFAC Enhanced XML: entities with dated listings, relationships with kinds and roles, bad and truncated files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { ofacEnhancedXml } from '../../../../snapshots/importers/ofac/ofac-enhanced-xml.js';
import { edgeRule } from '../../../../snapshots/importers/ofac/ofac-enhanced-relations.js';
import { fixture, truncatedCopy } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

const count = (file: string, re: RegExp): number => readFileSync(file, 'utf8').match(re)?.length ?? 0;

describe('ofac-enhanced-xml on the fixture', () => {
  it('reads the primary name, translations as aliases, features, documents and the listing date', async () => {
    const r = await runImporter(ofacEnhancedXml, fixture('ofac', 'enhanced.xml'));
    const oleg = r.entities.find((e) => e.id === 'ofac:7201')!;
    assert.equal(oleg.name, 'SEVERNY, Oleg');
    assert.deepEqual(oleg.aliases, ['СЕВЕРНЫЙ, Олег', 'SEVERNYI, Oleg']);
    assert.equal(oleg.birth_date, '1966-07-04');
    assert.deepEqual(oleg.nationalities, ['RU']);
    assert.deepEqual(oleg.addresses, ['Moscow, Russia']);
    assert.deepEqual(oleg.identifiers, [{ scheme: 'passport', value: '751234567' }]);
    const listing = r.listings.find((l) => l.entity_id === 'ofac:7201')!;
    assert.equal(listing.program, 'RUSSIA-EO14024');
    assert.equal(listing.listed_on, '2022-04-06');
    assert.equal(oleg.provenance[0]?.retrieved_at, '2026-02-02');
  });

  it('turns relationships into edges with the role holder as source', async () => {
    const r = await runImporter(ofacEnhancedXml, fixture('ofac', 'enhanced.xml'));
    const edges = r.relationships.map((e) => `${e.source} ${e.kind} ${e.target} (${e.role})`).sort();
    assert.deepEqual(edges, [
      'ofac:7201 control ofac:7202 (Owned or Controlled By)',
      'ofac:7201 directorship ofac:7202 (Leader or official of)',
      'ofac:7201 family ofac:7203 (Family member of)',
    ]);
  });

  it('reports the entity without a name and the link without a related entity', async () => {
    const r = await runImporter(ofacEnhancedXml, fixture('ofac', 'enhanced.xml'));
    assert.equal(r.entities.length, 2);
    assert.deepEqual(r.problems.map((p) => p.field).sort(), ['names', 'relatedEntity']);
    assert.ok(r.problems.every((p) => /^enhanced\.xml:\d+$/.test(p.at)));
  });

  it('maps published relationship names to kinds', () => {
    assert.deepEqual(edgeRule('Associate Of'), { kind: 'association', reverse: false });
    assert.deepEqual(edgeRule('Leader Of'), { kind: 'directorship', reverse: false });
    assert.deepEqual(edgeRule('Immediate family member of'), { kind: 'family', reverse: false });
    assert.deepEqual(edgeRule('Owned or Controlled By'), { kind: 'control', reverse: true });
  });

  it('throws ImportError naming a truncated file', async () => {
    const t = truncatedCopy(fixture('ofac', 'enhanced.xml'), 0.5);
    try {
      await assert.rejects(
        runImporter(ofacEnhancedXml, t.file),
        (err: unknown) => err instanceof ImportError && err.message.includes(t.file),
      );
    } finally {
      t.remove();
    }
  });
});

describe('ofac-enhanced-xml on the real IRGC export', () => {
  const file = sharedData('ofac', 'enhanced_xml_sdn_irgc_2024-08-28.xml');
  it(
    'imports every entity and relationship',
    { skip: skipUnlessShared('ofac', 'enhanced_xml_sdn_irgc_2024-08-28.xml') },
    async () => {
      const r = await runImporter(ofacEnhancedXml, file!);
      assert.equal(r.entities.length, count(file!, /<entity id="/g));
      assert.equal(r.relationships.length, count(file!, /<relationship id="/g));
      assert.equal(r.relationships.length, 229);
      assert.deepEqual(r.problems, []);
      assert.equal(
        r.relationships.filter((e) => e.role === 'Owned or Controlled By' && e.kind === 'control').length,
        67,
      );
      const ebrahimi = r.entities.find((e) => e.id === 'ofac:26526')!;
      assert.equal(ebrahimi.name, 'EBRAHIMI, Ayatollah');
      assert.equal(ebrahimi.birth_date, '1972');
      const ground = r.entities.find((e) => e.id === 'ofac:26719')!;
      assert.ok(ground.aliases?.includes('ISLAMIC REVOLUTION GUARDS CORPS GROUND FORCE'));
      assert.ok(ground.addresses?.includes('Tehran, Iran'));
      const listing = r.listings.find((l) => l.entity_id === 'ofac:26719' && l.program === 'FTO');
      assert.equal(listing?.listed_on, '2019-04-15');
    },
  );
});
