// Flags per entity index: set ones read back, others not, the array grown to the highest entity flagged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EntityBits } from '../../../engine/store/entity-bits.js';

describe('EntityBits', () => {
  it('reads back each flag set, and no other', () => {
    const bits = new EntityBits();
    assert.equal(bits.has(5, 0), false);
    bits.add(5, 0);
    bits.add(5, 15);
    bits.add(2_000_000, 3);
    assert.equal(bits.has(5, 0), true);
    assert.equal(bits.has(5, 15), true);
    assert.equal(bits.has(5, 1), false);
    assert.equal(bits.has(2_000_000, 3), true);
    assert.equal(bits.has(1_999_999, 3), false);
    assert.equal(bits.has(3_000_000, 3), false);
  });

  it('refuses a flag outside 0..15', () => {
    const bits = new EntityBits();
    assert.throws(() => bits.add(1, 16), RangeError);
    assert.throws(() => bits.add(1, -1), RangeError);
  });
});
