// Cross-source resolution by identifier: shared identifiers link records; conflicting ones never merge.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EntityRecord, Identifier } from '../../../engine/model/records.js';
import { IdentifierLinker } from '../../../snapshots/build/identifier-links.js';

const record = (id: string): EntityRecord =>
  ({
    id,
    provenance: [{ source: id.slice(0, id.indexOf(':')), record_id: id, url: null, retrieved_at: '2026-01-01' }],
  }) as unknown as EntityRecord;

type Entry = [id: string, identifiers: Identifier[]];

/** Both walks of a build over `entries` (index = position), with `wanted` records named between them. */
function linked(entries: readonly Entry[], wanted: readonly number[] = []): IdentifierLinker {
  const l = new IdentifierLinker();
  entries.forEach(([, identifiers], ix) => l.add(ix, identifiers));
  l.group(entries.length);
  for (const ix of wanted) l.want(ix);
  entries.forEach(([id, identifiers], ix) => {
    if (l.needs(ix)) l.detail(ix, record(id), identifiers);
  });
  return l;
}

describe('IdentifierLinker', () => {
  it('links a GLEIF record to the company whose number it publishes, citing the publishing record', () => {
    const l = linked([
      ['gb-coh:04366849', [{ scheme: 'gb-coh', value: '04366849' }]],
      [
        'lei:21380068P1DRHMJ8KU70',
        [
          { scheme: 'lei', value: '21380068P1DRHMJ8KU70' },
          { scheme: 'gb-coh', value: '04366849' },
        ],
      ],
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
    const l = linked([
      [
        'lei:A',
        [
          { scheme: 'lei', value: 'A' },
          { scheme: 'gb-coh', value: '00000001' },
        ],
      ],
      [
        'lei:B',
        [
          { scheme: 'lei', value: 'B' },
          { scheme: 'gb-coh', value: '00000001' },
        ],
      ],
    ]);
    assert.equal(l.size, 0);
    assert.equal(l.conflicts, 1);
  });

  it('ignores schemes that do not name one entity', () => {
    const l = linked([
      ['os:x', [{ scheme: 'passport', value: 'P1' }]],
      ['ofac:1', [{ scheme: 'passport', value: 'P1' }]],
    ]);
    assert.equal(l.size, 0);
  });

  it('holds the keys of records sharing an identifier and of records wanted, and of no other', () => {
    const entries: Entry[] = [];
    for (let i = 0; i < 5_000; i++)
      entries.push([`gb-coh:${90000000 + i}`, [{ scheme: 'gb-coh', value: `${90000000 + i}` }]]);
    entries.push([
      'lei:X',
      [
        { scheme: 'lei', value: 'X' },
        { scheme: 'gb-coh', value: '90000123' },
      ],
    ]);
    entries.push(['ofac:7', [{ scheme: 'ofac', value: '7' }]]);
    const l = linked(entries, [4_000, 5_001]);
    assert.deepEqual(
      entries.map((_, ix) => ix).filter((ix) => l.needs(ix)),
      [123, 4_000, 5_000, 5_001],
    );
    assert.deepEqual(l.keysOf(4_000), ['gb-coh:90004000']);
    assert.deepEqual(l.keysOf(5_001), ['ofac:7']);
    assert.deepEqual(l.keysOf(7), []);
    assert.deepEqual(
      l.links().map((k) => [k.a, k.b]),
      [[123, 5_000]],
    );
  });

  it('links the first holder of a key to each later one, whatever lies between them', () => {
    const shared = { scheme: 'krs', value: '0000012345' };
    const l = linked([
      ['pl:a', [shared]],
      ['x:1', [{ scheme: 'krs', value: '0000000001' }]],
      ['os:b', [shared, { scheme: 'lei', value: 'L1' }]],
      ['lei:L1', [{ scheme: 'lei', value: 'L1' }, shared]],
    ]);
    assert.deepEqual(
      l.links().map((k) => [k.a, k.b, [...k.natures]]),
      // In the order the later records were read: record 3's LEI comes before the number it shares with record 0.
      [
        [0, 2, ['identifier']],
        [2, 3, ['lei']],
        [0, 3, ['identifier']],
      ],
    );
  });
});
