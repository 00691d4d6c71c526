// Whole-number keys numbered in the order they came: found again while the table grows, unknown ones not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KeyNumbers } from '../../../engine/store/key-numbers.js';

describe('KeyNumbers', () => {
  it('numbers keys in the order they were first added, and finds each at every step of its growth', () => {
    const keys = new KeyNumbers();
    for (let i = 0; i < 30_000; i++) {
      const key = i * 6 + (i % 5);
      assert.equal(keys.add(key), i);
      assert.equal(keys.add(key), i, 'a key added again keeps its number');
      for (const j of [0, i >> 1, (i * 3) >> 2]) assert.equal(keys.numberOf(j * 6 + (j % 5)), j);
      assert.equal(keys.numberOf(key + 6), undefined);
    }
    assert.equal(keys.size, 30_000);
  });

  it('takes 0 and the largest whole number, and refuses what is not one', () => {
    const keys = new KeyNumbers();
    assert.equal(keys.add(0), 0);
    assert.equal(keys.add(0x7fffffff), 1);
    assert.equal(keys.numberOf(0x7fffffff), 1);
    for (const bad of [-1, 0x80000000, 1.5, Number.NaN]) assert.throws(() => keys.add(bad), RangeError);
  });
});
