// Text keys numbered in the order they came: found again while the table grows, in any script, unknown ones not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextNumbers } from '../../../engine/store/text-numbers.js';

describe('TextNumbers', () => {
  it('numbers keys in the order they were first added, and finds each at every step of its growth', () => {
    const keys = new TextNumbers();
    for (let i = 0; i < 20_000; i++) {
      const key = i % 3 === 0 ? `ХОЛДИНГ ${i}` : `holdings${i}`;
      assert.equal(keys.add(key), i);
      assert.equal(keys.add(key), i, 'a key added again keeps its number');
      for (const j of [0, i >> 1]) assert.equal(keys.numberOf(j % 3 === 0 ? `ХОЛДИНГ ${j}` : `holdings${j}`), j);
      assert.equal(keys.numberOf(`holdings${i + 1}`), undefined);
    }
    assert.equal(keys.size, 20_000);
    assert.equal(keys.add(''), 20_000);
    assert.equal(keys.numberOf(''), 20_000);
  });
});
