// PSC snapshot JSON lines: every kind on the fixture, bad lines and truncation, and the real snapshot lines.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { chPscJsonl } from '../../../../snapshots/importers/companies-house/ch-psc-jsonl.js';
import { controlOf } from '../../../../engine/sources/companies-house/natures.js';
import { ImportError } from '../../../../snapshots/importers/importer.js';
import { fixture } from '../../../helpers/fixtures.js';
import { runImporter } from '../../../helpers/import.js';
import { sharedData, skipUnlessShared } from '../../../helpers/shared-data.js';
import { tempDir } from '../../../helpers/snapshot.js';

const FIXTURE = fixture('companies-house', 'psc-snapshot.txt');

describe('PSC natures of control', () => {
  it('a share band is ownership with the band as published; anything else is control', () => {
    assert.deepEqual(controlOf(['ownership-of-shares-25-to-50-percent']), {
      kind: 'ownership',
      share: { min: 25, max: 50 },
    });
    assert.deepEqual(controlOf(['voting-rights-75-to-100-percent', 'ownership-of-shares-50-to-75-percent-as-firm']), {
      kind: 'ownership',
      share: { min: 50, max: 75 },
    });
    assert.deepEqual(controlOf(['right-to-share-surplus-assets-75-to-100-percent-limited-liability-partnership']), {
      kind: 'ownership',
      share: { min: 75, max: 100 },
    });
    assert.deepEqual(controlOf(['ownership-of-shares-more-than-25-percent-registered-overseas-entity']), {
      kind: 'ownership',
      share: { min: 25, max: 100 },
    });
    assert.deepEqual(controlOf(['voting-rights-25-to-50-percent', 'right-to-appoint-and-remove-directors']), {
      kind: 'control',
      share: null,
    });
    assert.deepEqual(controlOf(['significant-influence-or-control-as-trust']), { kind: 'control', share: null });
  });
});

describe('ch-psc on the fixture', () => {
  it('maps every kind: owners, control, statements, exemptions, super-secure, overseas beneficial owners', async () => {
    const r = await runImporter(chPscJsonl, FIXTURE, '2024-11-22');
    assert.deepEqual(
      r.entities.map((e) => e.id),
      [
        'gb-coh-psc:09990002/NwHoldCorpPsc01',
        'gb-coh-psc:09990001/AdaLowePsc0001',
        'gb-coh-psc:09990001/TomasReyesPsc01',
        'gb-coh-psc:09990001/LoweTrusteePsc1',
        'gb-coh-psc:SC099003/GlencairnLegal1',
        'gb-coh-psc:OE099004/RockBoCorp0001',
      ],
    );
    const rel = (source: string) => r.relationships.find((x) => x.source === source);
    assert.deepEqual(rel('gb-coh-psc:09990002/NwHoldCorpPsc01'), {
      record: 'relationship',
      source: 'gb-coh-psc:09990002/NwHoldCorpPsc01',
      target: 'gb-coh:09990002',
      kind: 'ownership',
      role: 'psc',
      share: { min: 75, max: 100 },
      natures: [
        'ownership-of-shares-75-to-100-percent',
        'voting-rights-75-to-100-percent',
        'right-to-appoint-and-remove-directors',
      ],
      start_date: '2016-04-06',
      end_date: null,
      provenance: {
        source: 'gb-coh',
        record_id: '09990002/NwHoldCorpPsc01',
        url: 'https://find-and-update.company-information.service.gov.uk/company/09990002/persons-with-significant-control',
        retrieved_at: '2024-11-22',
      },
    });
    assert.deepEqual(rel('gb-coh-psc:09990001/TomasReyesPsc01')?.kind, 'control');
    assert.equal(rel('gb-coh-psc:09990001/TomasReyesPsc01')?.share, null);
    assert.equal(rel('gb-coh-psc:09990001/TomasReyesPsc01')?.end_date, '2020-01-31');
    assert.deepEqual(rel('gb-coh-psc:09990001/LoweTrusteePsc1')?.share, { min: 25, max: 50 });
    assert.equal(rel('gb-coh-psc:OE099004/RockBoCorp0001')?.role, 'beneficial-owner');

    const corporate = r.entities.find((e) => e.id === 'gb-coh-psc:09990002/NwHoldCorpPsc01');
    assert.deepEqual(
      corporate?.identifiers,
      [{ scheme: 'gb-coh', value: '09990001' }],
      'a UK registration number links to the company',
    );
    assert.equal(corporate?.type, 'company');
    assert.equal(corporate?.jurisdiction, 'GB');
    const foreign = r.entities.find((e) => e.id === 'gb-coh-psc:SC099003/GlencairnLegal1');
    assert.deepEqual(foreign?.identifiers, [{ scheme: 'registration-number', value: 'B 123456' }]);
    assert.equal(foreign?.jurisdiction, 'LU');
    const ada = r.entities.find((e) => e.id === 'gb-coh-psc:09990001/AdaLowePsc0001');
    assert.equal(ada?.name, 'Ada Fenwick Lowe');
    assert.deepEqual(ada?.aliases, ['Mrs Ada Fenwick Lowe']);
    assert.equal(ada?.birth_date, '1971-06');
    assert.deepEqual(ada?.nationalities, ['GB']);
    assert.deepEqual(r.entities.find((e) => e.id === 'gb-coh-psc:09990001/LoweTrusteePsc1')?.nationalities, [
      'GB',
      'IE',
    ]);
    assert.deepEqual(r.entities.find((e) => e.id === 'gb-coh-psc:OE099004/RockBoCorp0001')?.topics, ['sanction']);

    const statements = r.records.filter((x) => x.record === 'statement');
    assert.deepEqual(
      statements.map((s) => [s.entity_id, s.kind, s.code, s.date]),
      [
        ['gb-coh:CE009911', 'psc-statement', 'no-individual-or-entity-with-signficant-control', '2019-04-17'],
        ['gb-coh:09990002', 'super-secure', 'super-secure-persons-with-significant-control', null],
        ['gb-coh:00099005', 'exemption', 'psc-exempt-as-trading-on-uk-regulated-market', '2016-06-30'],
      ],
      'the withdrawn statement and the ended exemption are left out',
    );
  });

  it('reports the malformed lines with line and field, and reads on', async () => {
    const r = await runImporter(chPscJsonl, FIXTURE);
    assert.deepEqual(
      r.problems.map((p) => [path.basename(p.at), p.field]),
      [
        ['psc-snapshot.txt:11', 'data.notified_on'],
        ['psc-snapshot.txt:12', '(line)'],
        ['psc-snapshot.txt:13', 'data.kind'],
      ],
    );
  });

  it('throws ImportError naming the file when it is cut short, not JSON or missing', async () => {
    for (const name of ['psc-snapshot-truncated.txt', 'psc-snapshot-not-json.txt', 'absent.txt']) {
      const file = fixture('companies-house', name);
      await assert.rejects(
        runImporter(chPscJsonl, file),
        (e: unknown) => e instanceof ImportError && e.file === file,
        name,
      );
    }
  });
});

describe('ch-psc on the real snapshot lines', () => {
  const tmp = tempDir('psc');
  after(() => tmp.remove());
  const FOLDER = ['companies-house', 'psc'];

  it(
    'imports every entry of the Open Ownership fixtures, restored to snapshot lines, and the raw line',
    { skip: skipUnlessShared(...FOLDER) },
    async () => {
      const root = sharedData(...FOLDER) as string;
      // The fixtures are JSON arrays of snapshot lines with an added ContentDate: write them back as the snapshot does.
      const lines: string[] = [];
      const dir = path.join(root, 'openownership-fixtures');
      for (const name of readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()) {
        for (const item of JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>[]) {
          delete item.ContentDate;
          lines.push(JSON.stringify(item));
        }
      }
      lines.push(readFileSync(path.join(root, 'ch-guide-excerpts', 'psc-snapshot-sample-line.jsonl'), 'utf8').trim());
      const file = path.join(tmp.dir, 'psc-snapshot-2024-11-22_1of1.txt');
      writeFileSync(file, `${lines.join('\n')}\n`);

      const entries = lines.map(
        (l) => JSON.parse(l) as { company_number?: string; data: { kind: string; ceased_on?: string } },
      );
      const owners = entries.filter(
        (e) =>
          e.company_number !== undefined &&
          /person-with-significant-control$|beneficial-owner$/.test(e.data.kind) &&
          !e.data.kind.startsWith('super-secure'),
      );
      const r = await runImporter(chPscJsonl, file);
      assert.equal(r.problems.length, 0, JSON.stringify(r.problems));
      assert.equal(r.entities.length, owners.length);
      assert.equal(r.relationships.length, owners.length);
      assert.equal(owners.length, 18);
      assert.equal(r.records.filter((x) => x.record === 'statement' && x.kind === 'super-secure').length, 1);
      assert.ok(
        r.records.every(
          (x) =>
            !('provenance' in x) ||
            (Array.isArray(x.provenance) ? x.provenance[0]?.retrieved_at : x.provenance.retrieved_at) === '2024-11-22',
        ),
      );

      const wildman = r.relationships.find((x) => x.source === 'gb-coh-psc:09145694/bIhuKnMFctSnjrDjUG8n3NgOrlU');
      assert.deepEqual(
        [wildman?.kind, wildman?.share, wildman?.end_date],
        ['ownership', { min: 50, max: 75 }, '2018-05-14'],
      );
      const clientlogic = r.entities.find((e) => e.name === 'Clientlogic Holding Limited');
      assert.deepEqual(clientlogic?.identifiers, [{ scheme: 'gb-coh', value: '03530981' }]);
      const hitchins = r.entities.find((e) => e.name === 'Robert Hitchins Limited');
      assert.deepEqual(hitchins?.identifiers, [{ scheme: 'gb-coh', value: '00686734' }]);
      const czech = r.relationships.find((x) => x.target === 'gb-coh:OE031044');
      assert.deepEqual([czech?.role, czech?.share], ['beneficial-owner', { min: 25, max: 100 }]);
      const feldman = r.entities.find((e) => e.name === 'Marc Anthony Feldman');
      assert.equal(feldman?.birth_date, '1961-12');
    },
  );
});
