// The one OFAC entry builder: jurisdiction and personal facts by entity type, a listing per program or a problem.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Located } from '../../../../snapshots/importers/importer.js';
import { ofacEntryRecords, type OfacEntry } from '../../../../snapshots/importers/ofac/ofac-entry.js';

const ENTRY: OfacEntry = {
  uid: '7101',
  type: 'person',
  name: 'VOLKOVA, Marta',
  aliases: [],
  identifiers: [],
  addresses: [],
  nationalities: ['RU', 'CY'],
  birthDate: '1970-01-02',
  flag: 'PA',
  registeredIn: 'MT',
  details: { position: 'Director' },
  description: null,
  programs: ['SDGT', 'IFSR'],
  listedOn: null,
  listingRemarks: 'remarks',
  programField: 'Program',
};

const records = (entry: OfacEntry): Located[] => [...ofacEntryRecords('sdn.xml:7', entry, '2026-01-01')];
const entity = (entry: OfacEntry): Record<string, unknown> => {
  const first = records(entry)[0];
  return first !== undefined && 'record' in first ? first.record : {};
};

describe('ofacEntryRecords', () => {
  it('gives a person the first nationality as jurisdiction, and keeps the birth date and the format details', () => {
    const e = entity(ENTRY);
    assert.equal(e['id'], 'ofac:7101');
    assert.equal(e['jurisdiction'], 'RU');
    assert.equal(e['birth_date'], '1970-01-02');
    assert.deepEqual(e['nationalities'], ['RU', 'CY']);
    assert.equal(e['position'], 'Director');
  });

  it('gives an asset its flag and a company its registration, without personal facts', () => {
    for (const [type, jurisdiction] of [
      ['asset', 'PA'],
      ['company', 'MT'],
    ] as const) {
      const e = entity({ ...ENTRY, type });
      assert.equal(e['jurisdiction'], jurisdiction);
      assert.equal(e['birth_date'], null);
      assert.deepEqual(e['nationalities'], []);
    }
  });

  it('writes one listing per program, all citing the entity', () => {
    const listings = records(ENTRY).slice(1);
    assert.deepEqual(
      listings.map((l) => ('record' in l && l.record.record === 'listing' ? l.record.program : null)),
      ['SDGT', 'IFSR'],
    );
  });

  it('reports a missing program against the format field, unless the format has none to report', () => {
    const none = records({ ...ENTRY, programs: [] });
    assert.deepEqual(
      none.map((r) => ('problem' in r ? r.field : 'record')),
      ['record', 'Program'],
    );
    assert.equal(records({ ...ENTRY, programs: [], programField: null }).length, 1);
  });
});
