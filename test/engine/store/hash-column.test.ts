// Hashed keys with their owners: grown past the first capacity, ordered by hash with ties in the order pushed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HashColumn } from '../../../engine/store/hash-column.js';

describe('HashColumn', () => {
  it('orders every key by hash, keys of one hash in the order they were pushed', () => {
    const column = new HashColumn();
    const pushed: [number, number][] = [];
    for (let i = 0; i < 5_000; i++) {
      // Hashes over the whole 32-bit range, both radix digits exercised, with many repeats.
      const hash = (Math.imul(i % 700, 0x9e3779b1) ^ ((i % 3) << 16)) >>> 0;
      column.push(hash, i);
      pushed.push([hash, i]);
    }
    assert.equal(column.size, 5_000);
    const expected = [...pushed].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const order = column.order();
    assert.deepEqual(
      Array.from(order, (k) => [column.hashes[k], column.owner(k)]),
      expected,
    );
  });
});
