// The entity table's live side: records appended and replaced, and roles and risk derived again over a record.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StoredEntity } from '../../../engine/model/views.js';
import { EntityTable } from '../../../engine/store/entity-table.js';
import { RecordStore } from '../../../engine/store/record-store.js';

const person = (id: string, name: string): StoredEntity => ({
  record: 'entity',
  id,
  type: 'person',
  name,
  aliases: [],
  jurisdiction: 'GB',
  identifiers: [],
  topics: [],
  addresses: [],
  birth_date: null,
  nationalities: [],
  incorporation_date: null,
  dissolution_date: null,
  status: null,
  position: null,
  description: null,
  company: null,
  provenance: [{ source: 'gb-coh', record_id: id, url: null, retrieved_at: '2026-11-25' }],
  roles: [],
  risk: 'LOW',
  cluster_id: id,
  source: 'gb-coh',
  shared_address: null,
});

describe('EntityTable', () => {
  it('reads roles and risk derived after a record was stored, until the record itself is replaced', () => {
    const table = new EntityTable(0);
    table.useRecords(new RecordStore());
    const a = table.append(person('p:a', 'Ann Example'));
    const b = table.append(person('p:b', 'Bob Example'));
    table.setDerived(a, ['psc'], 'MED');
    assert.deepEqual(table.record(a).roles, ['psc']);
    assert.equal(table.record(a).risk, 'MED');
    assert.equal(table.risk(a), 'MED');
    assert.equal(table.hit(a).risk, 'MED');
    assert.deepEqual(table.record(b).roles, [], 'other records read as stored');

    // A caller changing the record it read changes nothing held.
    table.record(a).roles.push('officer');
    assert.deepEqual(table.record(a).roles, ['psc']);

    table.update(a, { ...person('p:a', 'Ann Example'), roles: ['officer'], risk: 'LOW' });
    assert.deepEqual(table.record(a).roles, ['officer']);
    assert.equal(table.risk(a), 'LOW');
    // Derived again after the replacement, and replaced again: each time the newest wins.
    table.setDerived(a, ['officer', 'psc'], 'MED');
    assert.deepEqual(table.record(a).roles, ['officer', 'psc']);
    table.update(a, { ...person('p:a', 'Ann Example'), roles: ['director'], risk: 'LOW' });
    assert.deepEqual(table.record(a).roles, ['director']);
    assert.throws(() => table.setDerived(2, ['psc'], 'LOW'), RangeError);
  });
});
