// Cross-source resolution by identifier: shared identifiers link records; conflicting ones never merge.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EntityRecord } from '../../../engine/model/records.js';
import { IdentifierLinker } from '../../../snapshots/build/identifier-links.js';

const record = (id: string): EntityRecord =>
  ({
    id,
    provenance: [{ source: id.slice(0, id.indexOf(':')), record_id: id, url: null, retrieved_at: '2026-01-01' }],
  }) as unknown as EntityRecord;

describe('IdentifierLinker', () => {
  it('links a GLEIF record to the company whose number it publishes, citing the publishing record', () => {
    const l = new IdentifierLinker();
    l.add(0, record('gb-coh:04366849'), [{ scheme: 'gb-coh', value: '04366849' }]);
    l.add(1, record('lei:21380068P1DRHMJ8KU70'), [
      { scheme: 'lei', value: '21380068P1DRHMJ8KU70' },
      { scheme: 'gb-coh', value: '04366849' },
    ]);
    const ids = ['gb-coh:04366849', 'lei:21380068P1DRHMJ8KU70'];
    const rels = l.relationships((ix) => ids[ix]!);
    assert.equal(rels.length, 1);
    assert.deepEqual(
      [rels[0]!.source, rels[0]!.target, rels[0]!.kind],
      ['lei:21380068P1DRHMJ8KU70', 'gb-coh:04366849', 'identity'],
    );
    assert.deepEqual(rels[0]!.natures, ['company-number']);
    assert.equal(rels[0]!.provenance.source, 'lei');
  });

  it('never merges records that publish different values of one scheme', () => {
    const l = new IdentifierLinker();
    l.add(0, record('lei:A'), [
      { scheme: 'lei', value: 'A' },
      { scheme: 'gb-coh', value: '00000001' },
    ]);
    l.add(1, record('lei:B'), [
      { scheme: 'lei', value: 'B' },
      { scheme: 'gb-coh', value: '00000001' },
    ]);
    assert.equal(l.size, 0);
    assert.equal(l.conflicts, 1);
  });

  it('ignores schemes that do not name one entity', () => {
    const l = new IdentifierLinker();
    l.add(0, record('os:x'), [{ scheme: 'passport', value: 'P1' }]);
    l.add(1, record('ofac:1'), [{ scheme: 'passport', value: 'P1' }]);
    assert.equal(l.size, 0);
  });
});
