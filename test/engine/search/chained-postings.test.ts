// Chained postings: lists under string keys, newest first, counted, growing past their first capacity.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChainedPostings } from '../../../engine/search/chained-postings.js';

describe('ChainedPostings', () => {
  it('keeps each key its own list, newest first, and counts it', () => {
    const p = new ChainedPostings();
    p.add('a', 1);
    p.add('b', 2);
    p.add('a', 3);
    assert.deepEqual(p.values('a'), [3, 1]);
    assert.deepEqual(p.values('b'), [2]);
    assert.deepEqual(p.values('c'), []);
    assert.equal(p.count('a'), 2);
    assert.equal(p.count('c'), 0);
    assert.ok(p.has('b') && !p.has('c'));
  });

  it('stops at a limit, and walks a chain posting by posting', () => {
    const p = new ChainedPostings();
    for (let v = 0; v < 10; v++) p.add('k', v);
    assert.deepEqual(p.values('k', 3), [9, 8, 7]);
    const walked: number[] = [];
    for (let at = p.first('k'); at >= 0; at = p.next(at)) walked.push(p.value(at));
    assert.equal(walked.length, 10);
    assert.equal(p.first('none'), -1);
  });

  it('keeps every posting when it grows past its first capacity', () => {
    const p = new ChainedPostings();
    for (let v = 0; v < 5_000; v++) p.add(v % 2 === 0 ? 'even' : 'odd', v);
    assert.equal(p.count('even'), 2_500);
    const odd = p.values('odd');
    assert.equal(odd.length, 2_500);
    assert.equal(odd[0], 4_999);
    assert.equal(odd.at(-1), 1);
  });
});
