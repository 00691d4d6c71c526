// Bounded OSA distance against a plain reference implementation, and the edit allowance by length.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedOsaDistance, maxEditsFor } from '../../../engine/names/index.js';

/** Textbook full-matrix OSA distance. */
function referenceOsa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number): number => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row !== undefined) row[j] = v;
    }
  }
  return at(a.length, b.length);
}

describe('boundedOsaDistance', () => {
  it('counts substitutions, insertions, deletions and transpositions as one edit', () => {
    assert.equal(boundedOsaDistance('gazprom', 'gazprum', 2), 1);
    assert.equal(boundedOsaDistance('gazprom', 'gazpom', 2), 1);
    assert.equal(boundedOsaDistance('gazprom', 'gazprrom', 2), 1);
    assert.equal(boundedOsaDistance('gazprom', 'agzprom', 2), 1);
    assert.equal(boundedOsaDistance('gazprom', 'gazprom', 2), 0);
  });

  it('returns max + 1 beyond the bound', () => {
    assert.equal(boundedOsaDistance('gazprom', 'rosneft', 2), 3);
    assert.equal(boundedOsaDistance('abc', 'abcdef', 1), 2);
  });

  it('agrees with the reference on random short strings', () => {
    let seed = 12345;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return Math.floor((seed / 4294967296) * n);
    };
    const word = (): string => Array.from({ length: random(9) }, () => 'abc'.charAt(random(3))).join('');
    for (let t = 0; t < 20000; t++) {
      const a = word();
      const b = word();
      const max = random(4);
      const reference = referenceOsa(a, b);
      assert.equal(boundedOsaDistance(a, b, max), Math.min(reference, max + 1), `${a} ${b} ${max}`);
    }
  });
});

describe('maxEditsFor', () => {
  it('allows none below 4 letters, one up to 7, two from 8', () => {
    assert.deepEqual([3, 4, 7, 8, 12].map(maxEditsFor), [0, 1, 1, 2, 2]);
  });
});
