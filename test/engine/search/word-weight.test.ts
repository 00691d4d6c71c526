// How much a word says about which entity a name means: by how many of the index's names carry it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NameIndex } from '../../../engine/search/name-index.js';

describe('word weight', () => {
  const entries = [
    ...NameIndex.entriesFor(0, ['Bandar Imam Abniroo Petrochemical Company']),
    ...Array.from({ length: 99 }, (_, i) =>
      NameIndex.entriesFor(i + 1, [`Petrochemical ${i % 2 === 0 ? 'Trading' : 'Shipping'} ${i}`]),
    ).flat(),
  ];
  const { index } = NameIndex.build(entries);

  it('weighs a word of one name 1 and a word of every name least', () => {
    assert.equal(index.wordWeight('abniroo'), 1);
    assert.ok(index.wordWeight('petrochemical') < 0.2, String(index.wordWeight('petrochemical')));
    assert.ok(index.wordWeight('trading') > index.wordWeight('petrochemical'));
    assert.ok(index.wordWeight('trading') < index.wordWeight('imam'));
  });

  it('weighs a word it has never seen as rare', () => {
    assert.equal(index.wordWeight('zyxwvut'), 1);
  });
});
