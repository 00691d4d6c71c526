// letterOverlap: the share of two strings' letters their longest common subsequence keeps, however it is computed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { letterOverlap } from '../../../engine/names/index.js';

/** The longest common subsequence by its whole table, as the textbook writes it. */
function subsequence(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  return table[a.length]![b.length]!;
}

/** A seeded generator, so that a failure names the same strings every run. */
function randomStrings(seed: number, letters: string): () => string {
  let state = seed;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return () =>
    Array.from({ length: 1 + Math.floor(next() * 45) }, () => letters[Math.floor(next() * letters.length)]).join('');
}

describe('letterOverlap', () => {
  it('keeps the letters in order that both strings share', () => {
    assert.equal(letterOverlap('muhammad', 'mohamed'), (2 * 5) / 15);
    assert.equal(letterOverlap('abc', 'abc'), 1);
    assert.equal(letterOverlap('abc', 'xyz'), 0);
    assert.equal(letterOverlap('', 'abc'), 0);
  });

  it('agrees with the whole table for strings short and long, Latin and not', () => {
    for (const letters of ['abcdeklmn', 'ab', 'aé漢b']) {
      const draw = randomStrings(letters.length, letters);
      for (let n = 0; n < 3_000; n++) {
        const [a, b] = [draw(), draw()];
        assert.equal(letterOverlap(a, b), (2 * subsequence(a, b)) / (a.length + b.length), `${a} / ${b}`);
      }
    }
  });
});
