// Two names' words matched to their counterparts: best counterparts, and pairs that take each word once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alignedWords, pairedCounterparts } from '../../../engine/names/index.js';

/** 1 for the same word, 0.5 for words with the same first letter, else 0. */
const initial = (a: string, b: string): number => (a === b ? 1 : a[0] === b[0] ? 0.5 : 0);

describe('pairedCounterparts', () => {
  it('takes each word once, the best-scoring pairs first', () => {
    const { from, to } = pairedCounterparts(['hamid', 'hamad', 'hamid'], ['hamid'], initial);
    assert.deepEqual(from, [1, 0, 0]);
    assert.deepEqual(to, [1]);
  });

  it('pairs a word with its equal before a word that merely resembles it', () => {
    const { from, to } = pairedCounterparts(['hamad', 'hamid'], ['hamid', 'hamad'], initial);
    assert.deepEqual(from, [1, 1]);
    assert.deepEqual(to, [1, 1]);
  });

  it('between equal scores, pairs words at the same place first, then in the order written', () => {
    // Every pair scores 0.5: the diagonal is taken, not the first word of each side with the first of the other.
    assert.deepEqual(pairedCounterparts(['ha', 'hb', 'hc'], ['hx', 'hy', 'hz'], initial), {
      from: [0.5, 0.5, 0.5],
      to: [0.5, 0.5, 0.5],
    });
    // Two free words of `to` one place from the second of `from`, scoring alike: the earlier one.
    const { from, to } = pairedCounterparts(['xa', 'ha'], ['hb', 'xa', 'hc'], initial);
    assert.deepEqual(from, [1, 0.5]);
    assert.deepEqual(to, [0.5, 1, 0]);
  });

  it('leaves a word without a partner when nothing scores above 0', () => {
    assert.deepEqual(pairedCounterparts(['alpha'], ['beta'], initial), { from: [0], to: [0] });
    assert.deepEqual(pairedCounterparts([], ['beta'], initial), { from: [], to: [0] });
  });
});

describe('alignedWords', () => {
  it('weighs a missing word of the first name more than an extra word of the second', () => {
    const missing = alignedWords(['alpha', 'beta'], ['alpha'], initial, 2);
    const extra = alignedWords(['alpha'], ['alpha', 'beta'], initial, 2);
    assert.ok(extra > missing, `${extra} > ${missing}`);
  });
});
