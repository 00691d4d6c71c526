// Text keys kept as hashes: every key found while the table grows, keys sharing a hash told apart by reading them back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HashedKeys } from '../../../engine/store/hashed-keys.js';
import { hashString } from '../../../engine/store/string-hash.js';

describe('HashedKeys', () => {
  it('finds every key set, and no other, at each set while its slots grow', () => {
    const names: string[] = [];
    const keys = new HashedKeys((value) => names[value] ?? '');
    for (let i = 0; i < 20_000; i++) {
      names.push(`gb-coh\t${i}\townership\tgb-coh:${i >> 2}`);
      keys.set(names[i] ?? '', i);
      for (const j of [0, i, i >> 1, (i * 7) >> 3]) assert.equal(keys.get(names[j] ?? ''), j);
      assert.equal(keys.has(`gb-coh\t${i + 1}\townership\tgb-coh:${(i + 1) >> 2}`), false);
    }
    assert.equal(keys.size, 20_000);
  });

  it('changes the value of a key set again, without a second entry', () => {
    const records = ['a', 'b', 'a'];
    const keys = new HashedKeys((value) => records[value < 0 ? -1 - value : value] ?? '');
    keys.set('a', 0);
    keys.set('b', 1);
    keys.set('a', 2);
    keys.set('a', -1 - 2);
    assert.equal(keys.get('a'), -3);
    assert.equal(keys.get('b'), 1);
    assert.equal(keys.size, 2);
  });

  it('tells apart two keys of one hash by the key each value reads back as', () => {
    // Two texts of one 32-bit hash, found by search: collisions are certain among millions of keys.
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; pair === undefined; i++) {
      const text = `k${i}`;
      const hash = hashString(text);
      const other = seen.get(hash);
      if (other !== undefined) pair = [other, text];
      else seen.set(hash, text);
    }
    const [first, second] = pair;
    const values = new Map([
      [10, first],
      [20, second],
    ]);
    let reads = 0;
    const keys = new HashedKeys((value) => {
      reads++;
      return values.get(value) ?? '';
    });
    keys.set(first, 10);
    assert.equal(keys.get(second), undefined);
    keys.set(second, 20);
    assert.equal(keys.get(first), 10);
    assert.equal(keys.get(second), 20);
    assert.equal(keys.size, 2);
    reads = 0;
    assert.equal(keys.get('a key of another hash'), undefined);
    assert.equal(reads, 0, 'a key whose hash is not there reads nothing back');
  });
});
