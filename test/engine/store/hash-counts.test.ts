// Counts per key held as hashes: every key counted apart, across the table's growth.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HashCounts } from '../../../engine/store/hash-counts.js';

describe('HashCounts', () => {
  it('counts each key apart, past many growths', () => {
    const counts = new HashCounts();
    const keys = Array.from({ length: 30_000 }, (_, i) => `${i} high street london`);
    keys.forEach((k, i) => {
      for (let r = 0; r <= i % 3; r++) counts.increment(HashCounts.keyOf(k));
    });
    assert.equal(counts.size, keys.length);
    keys.forEach((k, i) => assert.equal(counts.count(HashCounts.keyOf(k)), (i % 3) + 1, k));
    assert.equal(counts.count(HashCounts.keyOf('1 low street london')), 0);
  });

  it('gives keys that differ in one character, or by script, different hashes', () => {
    const keys = ['1 a st', '1 b st', '1 a st ', 'улица 1', 'улица 2', ''];
    assert.equal(new Set(keys.map((k) => HashCounts.keyOf(k))).size, keys.length);
    for (const k of keys) assert.ok(Number.isSafeInteger(HashCounts.keyOf(k)) && HashCounts.keyOf(k) >= 0);
  });
});
