// The chunks live records are packed into: each at least as large as asked, the sizes doubling up to the largest.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChunkSupply } from '../../../engine/store/chunk-supply.js';

const MB = 2 ** 20;

describe('ChunkSupply', () => {
  it('doubles the size of each chunk up to the largest, and keeps the newest', () => {
    const supply = new ChunkSupply(MB, 8 * MB);
    assert.equal(supply.newest, null);
    const sizes = Array.from({ length: 6 }, () => supply.take(0).length);
    assert.deepEqual(sizes, [MB, 2 * MB, 4 * MB, 8 * MB, 8 * MB, 8 * MB]);
    const last = supply.take(0);
    assert.equal(supply.newest, last);
  });

  it('makes a chunk twice as large as a record that would not fit, and goes on from there', () => {
    const supply = new ChunkSupply(MB, 64 * MB);
    assert.equal(supply.take(3 * MB).length, 8 * MB);
    assert.equal(supply.take(0).length, 16 * MB);
  });

  it('refuses sizes that make no chunks', () => {
    assert.throws(() => new ChunkSupply(0), RangeError);
    assert.throws(() => new ChunkSupply(2 * MB, MB), RangeError);
  });
});
