// Candidate pair scoring: which features agree, which contradict, and when a pair may link at all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EntityRecordSchema, type EntityRecord } from '../../../engine/model/records.js';
import { normaliseName } from '../../../engine/names/index.js';
import { MATCH_THRESHOLD, matchDetail, normalisedFrom, scorePair } from '../../../engine/resolution/link-score.js';
import { compareDates, packDate } from '../../../engine/resolution/partial-dates.js';

const entity = (id: string, fields: Partial<EntityRecord> & Pick<EntityRecord, 'name'>): EntityRecord =>
  EntityRecordSchema.parse({
    record: 'entity',
    id,
    type: 'person',
    ...fields,
    provenance: [{ source: id.slice(0, id.indexOf(':')), record_id: id, url: null, retrieved_at: '2026-01-01' }],
  });

const score = (a: EntityRecord, b: EntityRecord) => scorePair(matchDetail(a), matchDetail(b));

describe('link score', () => {
  it('compares partial dates as far as both go', () => {
    assert.equal(compareDates(packDate('1961-04-12'), packDate('1961-04-12')), 'full');
    assert.equal(compareDates(packDate('1961'), packDate('1961-04-12')), 'partial');
    assert.equal(compareDates(packDate('1961-04'), packDate('1961-05')), 'contradiction');
    assert.equal(compareDates(packDate('1961-04-12'), packDate('1962-04-12')), 'contradiction');
    assert.equal(compareDates(packDate(null), packDate('1962')), 'none');
  });

  it('links a Cyrillic name to its romanisation in another order when the birth dates are equal', () => {
    const r = score(
      entity('ofac:1', { name: 'VOLKHONSKIY, Arkadiy Sergeevich', birth_date: '1961-04-12', nationalities: ['RU'] }),
      entity('uk:X1', { name: 'Аркадий Сергеевич Волхонский', birth_date: '1961-04-12', nationalities: ['RU'] }),
    );
    assert.ok(r !== null && r.score >= MATCH_THRESHOLD);
    assert.deepEqual(r.natures, ['name', 'birth-date', 'nationality']);
  });

  it('never links equal names with contradicting birth dates, nor a person to a company', () => {
    assert.equal(
      score(
        entity('ofac:1', { name: 'Ivan Petrov', birth_date: '1970-01-01' }),
        entity('un:1', { name: 'Ivan Petrov', birth_date: '1971-01-01' }),
      ),
      null,
    );
    assert.equal(
      score(entity('ofac:1', { name: 'Ivan Petrov' }), entity('un:1', { name: 'Ivan Petrov', type: 'company' })),
      null,
    );
  });

  it('does not link on an equal name alone', () => {
    const r = score(entity('ofac:1', { name: 'Ivan Petrov' }), entity('un:1', { name: 'PETROV, Ivan' }));
    assert.ok(r !== null && r.score < MATCH_THRESHOLD);
  });

  it('tolerates a spelling variant and a missing middle name, reported as a fuzzy name match', () => {
    const r = score(
      entity('un:QDi.1', { name: 'Ahmad Zia Agha', birth_date: '1974-01-01' }),
      entity('ofac:2', { name: 'AGHA, Ahmed', birth_date: '1974-01-01' }),
    );
    assert.ok(r !== null && r.score >= MATCH_THRESHOLD, JSON.stringify(r));
    assert.deepEqual(r.natures, ['name-fuzzy', 'birth-date']);
  });

  it('links companies on name, jurisdiction and a shared address, and refuses contradicting incorporation dates', () => {
    const a = entity('ofac:3', {
      type: 'company',
      name: 'Blue Heron Ventures Limited',
      jurisdiction: 'VG',
      addresses: ['Wickhams Cay II, Road Town, Tortola'],
    });
    const b = entity('icij:9', {
      type: 'company',
      name: 'BLUE HERON VENTURES LTD.',
      jurisdiction: 'VG',
      addresses: ['Wickhams Cay II, Road Town, Tortola, BVI'],
    });
    const r = score(a, b);
    assert.ok(r !== null && r.score >= MATCH_THRESHOLD);
    assert.deepEqual(r.natures, ['name', 'jurisdiction', 'address']);
    assert.equal(score({ ...a, incorporation_date: '2012-07-03' }, { ...b, incorporation_date: '2013-07-03' }), null);
  });

  it("answers a record's names from its details as normaliseName does, and any other name by normalising it", () => {
    const record = entity('ofac:1', { name: 'PETROV, Ivan', aliases: ['Иван Петров', 'PETROV, Ivan', 'Ivan Petrov'] });
    const detail = matchDetail(record);
    const normalise = normalisedFrom(detail);
    for (const name of [record.name, ...record.aliases, 'Ivan Petrovich Petrov', 'ООО Ромашка'])
      assert.deepEqual(normalise(name), normaliseName(name));
    // The names its details hold are not normalised again (the very objects); a repeat of one is (Иван Петров).
    assert.equal(normalise('PETROV, Ivan'), detail.names[0]);
    assert.equal(detail.written.includes('Иван Петров'), false);
  });
});
