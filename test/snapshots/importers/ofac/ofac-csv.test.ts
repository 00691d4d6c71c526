// OFAC legacy CSV: the joined SDN/ADD/ALT/COMMENTS set, its quirks, bad rows and the real samples.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ofacCsv } from '../../../../snapshots/importers/ofac/ofac-csv.js';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';

/** Rows of a CSV counted without the importer: lines starting with an ent_num. */
const dataLines = (file: string): number =>
  readFileSync(file, 'latin1')
    .split('\r\n')
    .filter((l) => /^\d+,/.test(l)).length;

describe('ofac-csv on the fixture', () => {
  it('joins addresses, aliases and the remarks continued in SDN_COMMENTS', async () => {
    const r = await runImporter(ofacCsv, fixture('ofac', 'csv'));
    assert.deepEqual(
      r.entities.map((e) => e.id),
      ['ofac:7001', 'ofac:7002', 'ofac:7003'],
    );
    const anton = r.entities[0]!;
    assert.equal(anton.type, 'person');
    assert.equal(anton.name, 'KESTREL, Anton Viktorovich');
    assert.deepEqual(anton.aliases, ['KESTREL, Anton']);
    assert.equal(anton.birth_date, '1960-01-05');
    assert.deepEqual(anton.nationalities, ['RU']);
    assert.deepEqual(anton.addresses, ['Ulitsa Lenina 1, Moscow 101000, Russia']);
    assert.ok(anton.identifiers?.some((i) => i.scheme === 'passport' && i.value === '7512345678'));
    assert.ok(anton.description?.endsWith('remarks are continued in the comments file.'));
    assert.equal(anton.position, 'Director of Kestrel Holdings');
    assert.equal(anton.provenance[0]?.url, 'https://sanctionssearch.ofac.treas.gov/Details.aspx?id=7001');
    const programs = r.listings.filter((l) => l.entity_id === 'ofac:7001').map((l) => l.program);
    assert.deepEqual(programs, ['RUSSIA-EO14024', 'UKRAINE-EO13660']);
  });

  it('reads a UK company number and an LEI out of the remarks, and a vessel as an asset', async () => {
    const r = await runImporter(ofacCsv, fixture('ofac', 'csv'));
    const holdings = r.entities.find((e) => e.id === 'ofac:7002')!;
    assert.equal(holdings.type, 'company');
    assert.deepEqual(holdings.aliases, ['KESTREL TRADING LTD']);
    assert.ok(holdings.identifiers?.some((i) => i.scheme === 'gb-coh' && i.value === '09123456'));
    assert.ok(holdings.identifiers?.some((i) => i.scheme === 'lei' && i.value === '213800ABCDEFGH123456'));
    assert.equal(holdings.addresses?.length, 2);
    const vessel = r.entities.find((e) => e.id === 'ofac:7003')!;
    assert.equal(vessel.type, 'asset');
    assert.equal(vessel.jurisdiction, 'MT');
    assert.ok(vessel.identifiers?.some((i) => i.scheme === 'imo' && i.value === '9187629'));
  });

  it('reports malformed rows with their line and field and goes on', async () => {
    const r = await runImporter(ofacCsv, fixture('ofac', 'csv'));
    const where = r.problems.map((p) => `${p.at} ${p.field}`).sort();
    assert.deepEqual(where, ['ALT.CSV:3 ent_num', 'SDN.CSV:4 ent_num', 'SDN.CSV:5 (columns)']);
  });

  it('throws ImportError for a directory without SDN.CSV or CONS_PRIM.CSV', async () => {
    await assert.rejects(runImporter(ofacCsv, fixture('ofac')), ImportError);
  });
});

describe('ofac-csv on the real samples', () => {
  it(
    'imports every SDN.CSV row of the 2021 set with no orphan side rows',
    { skip: skipUnlessShared('ofac', 'legacy_csv_2021-07-07') },
    async () => {
      const dir = sharedData('ofac', 'legacy_csv_2021-07-07')!;
      const r = await runImporter(ofacCsv, dir);
      assert.equal(r.entities.length, dataLines(path.join(dir, 'SDN.CSV')));
      assert.equal(r.entities.length, 8976);
      assert.deepEqual(r.problems, []);
      const bnc = r.entities.find((e) => e.id === 'ofac:306')!;
      assert.equal(bnc.name, 'BANCO NACIONAL DE CUBA');
      assert.ok(bnc.aliases?.includes('NATIONAL BANK OF CUBA'));
      assert.equal(bnc.addresses?.[0], 'Zweierstrasse 35, Zurich CH-8022, Switzerland');
      assert.equal(bnc.addresses?.length, 4);
      assert.equal(r.listings.find((l) => l.entity_id === 'ofac:306')?.program, 'CUBA');
      const nasrallah = r.entities.find((e) => e.id === 'ofac:2686')!;
      assert.equal(nasrallah.birth_date, '1960-08-31');
      assert.ok(nasrallah.identifiers?.some((i) => i.scheme === 'passport' && i.value === '042833'));
      // A remark cut mid-word in SDN.CSV continues in SDN_COMMENTS.CSV.
      assert.ok(r.entities.find((e) => e.id === 'ofac:12300')?.description?.includes('PROMO RAIZ S.A.S.'));
    },
  );

  it('imports the CONS_* non-SDN set', { skip: skipUnlessShared('ofac', 'cons_csv_2025-12-19') }, async () => {
    const dir = sharedData('ofac', 'cons_csv_2025-12-19')!;
    const r = await runImporter(ofacCsv, dir);
    assert.equal(r.entities.length, dataLines(path.join(dir, 'CONS_PRIM.CSV')));
    assert.deepEqual(r.problems, []);
    const haniya = r.entities.find((e) => e.id === 'ofac:9639')!;
    assert.equal(haniya.birth_date, '1962');
    assert.equal(r.listings.find((l) => l.entity_id === 'ofac:9639')?.program, 'NS-PLC');
  });

  it(
    'refuses the partial 2025 set, whose SDN.CSV is missing',
    { skip: skipUnlessShared('ofac', 'legacy_csv_2025-12-24_partial') },
    async () => {
      await assert.rejects(runImporter(ofacCsv, sharedData('ofac', 'legacy_csv_2025-12-24_partial')!), ImportError);
    },
  );
});
