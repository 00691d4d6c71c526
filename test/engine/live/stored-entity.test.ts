// A stored entity written out field by field holds what the record and its derived facts hold, nothing lost.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EntityRecordSchema } from '../../../engine/model/records.js';
import { storedEntity, type Derived } from '../../../engine/live/stored-entity.js';

describe('storedEntity', () => {
  it('is the record with its derived facts, as a spread would make it', () => {
    const rec = EntityRecordSchema.parse({
      record: 'entity',
      id: 'gb-coh:00000001',
      type: 'company',
      name: 'QUILLMORE HARBOUR LOGISTICS LIMITED',
      aliases: ['QUILLMORE LOGISTICS'],
      jurisdiction: 'GB',
      identifiers: [{ scheme: 'gb-coh', value: '00000001' }],
      topics: ['offshore-leaks'],
      addresses: ['1 Quay Street, London'],
      incorporation_date: '2020-01-02',
      status: 'active',
      description: 'freight forwarding',
      provenance: [{ source: 'gb-coh', record_id: '00000001', retrieved_at: '2026-11-29', url: 'https://example.org' }],
    });
    const derived: Derived = {
      identifiers: rec.identifiers,
      roles: ['company'],
      risk: 'MED',
      cluster_id: rec.id,
      source: 'gb-coh',
      shared_address: null,
    };
    const stored = storedEntity(rec, derived);
    assert.deepEqual(stored, { ...rec, ...derived });
    assert.deepEqual(Object.keys(stored).sort(), Object.keys({ ...rec, ...derived }).sort());
  });
});
