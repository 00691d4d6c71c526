// The identifier table: values found per scheme, a record's own identifier winning, growth past its first size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdentifierIndex } from '../../../engine/search/identifier-index.js';

describe('IdentifierIndex', () => {
  it('keeps schemes apart: one value in two schemes is two identifiers', () => {
    const index = new IdentifierIndex();
    index.add('gb-coh', '00390616', 1, true);
    index.add('imo', '00390616', 2, false);
    assert.equal(index.get('gb-coh', '00390616'), 1);
    assert.equal(index.get('imo', '00390616'), 2);
    assert.equal(index.get('lei', '00390616'), undefined);
    assert.equal(index.get('gb-coh', '00390617'), undefined);
    assert.equal(index.size, 2);
  });

  it('lets the record whose own id is in the scheme win, whichever comes first', () => {
    const index = new IdentifierIndex();
    index.add('lei', '213800LBQA1Y9L22JB70', 7, false);
    index.add('lei', '213800LBQA1Y9L22JB70', 9, true);
    index.add('lei', '213800LBQA1Y9L22JB70', 11, false);
    assert.equal(index.get('lei', '213800LBQA1Y9L22JB70'), 9);
    index.add('gb-coh', '12345678', 3, false);
    index.add('gb-coh', '12345678', 4, false);
    assert.equal(index.get('gb-coh', '12345678'), 3, 'without an own id, the first record stays');
    assert.equal(index.size, 2);
  });

  it('finds every value after growing well past its first capacity', () => {
    const index = new IdentifierIndex();
    for (let i = 0; i < 40_000; i++) index.add(i % 3 === 0 ? 'ofac' : 'gb-coh', String(i).padStart(8, '0'), i, true);
    assert.equal(index.size, 40_000);
    for (let i = 0; i < 40_000; i += 11)
      assert.equal(index.get(i % 3 === 0 ? 'ofac' : 'gb-coh', String(i).padStart(8, '0')), i);
    assert.equal(index.get('ofac', '00000001'), undefined);
  });
});
