// The string-keyed map past V8's per-Map limit: keys found in whichever Map holds them, updated in place.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ShardedMap } from '../../../engine/store/sharded-map.js';

describe('ShardedMap', () => {
  it('starts a new Map when one is full, and finds and updates every key wherever it is held', () => {
    const map = new ShardedMap<number>(3);
    for (let i = 0; i < 10; i++) map.set(`k${i}`, i);
    assert.equal(map.size, 10);
    for (let i = 0; i < 10; i++) assert.equal(map.get(`k${i}`), i);
    // Keys in the first, a middle and the newest Map change value without being counted twice.
    for (const i of [0, 4, 9]) map.set(`k${i}`, i * 100);
    assert.equal(map.size, 10);
    assert.deepEqual(
      [0, 4, 9].map((i) => map.get(`k${i}`)),
      [0, 400, 900],
    );
    assert.equal(map.has('k5'), true);
    assert.equal(map.has('k10'), false);
    assert.equal(map.get('k10'), undefined);
  });
});
