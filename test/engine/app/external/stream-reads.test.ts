// How the lines a connection delivers at once are divided into reads.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextReadLength, readsOf } from '../../../../engine/app/external/stream-reads.js';

describe('readsOf', () => {
  it('puts lines together up to the most characters of a read, in order', () => {
    const lines = ['aaaa', 'bbbb', 'cccc', 'dd', 'e'];
    assert.deepEqual(readsOf(lines, 8), [
      ['aaaa', 'bbbb'],
      ['cccc', 'dd', 'e'],
    ]);
    assert.deepEqual(readsOf(lines, 100), [lines]);
  });

  it('makes a line longer than a read a read of its own, and never an empty read', () => {
    assert.deepEqual(readsOf(['a', 'x'.repeat(20), 'b'], 8), [['a'], ['x'.repeat(20)], ['b']]);
    assert.deepEqual(readsOf([], 8), []);
    assert.equal(nextReadLength(['x'.repeat(20)], 0, 8), 1);
    assert.equal(nextReadLength(['a', 'b'], 2, 8), 0);
  });

  it('counts from the line asked for', () => {
    assert.equal(nextReadLength(['aaaa', 'bbbb', 'cccc', 'dddd'], 1, 8), 2);
  });
});
