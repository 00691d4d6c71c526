// Records appended after load: each read back whole by its number, across chunks and past a chunk's size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChunkSupply } from '../../../engine/store/chunk-supply.js';
import { PackedTail } from '../../../engine/store/packed-tail.js';

interface Row {
  id: string;
  n: number;
  words: string[];
  blob?: string;
}

const row = (n: number): Row => ({ id: `syn:r${n}`, n, words: ['alpha', String(n % 97), 'omega'] });

describe('PackedTail', () => {
  it('reads back the records of tails that take turns, in the chunks they share', () => {
    // Chunks of 1 MB and more: 6 MB of records, about 150 bytes a round, start new chunks while the tails take turns.
    const supply = new ChunkSupply(2 ** 20, 2 ** 21);
    const tails = [new PackedTail<Row>(supply), new PackedTail<Row>(supply), new PackedTail<Row>(supply)];
    const rounds = 40_000;
    for (let n = 0; n < rounds; n++) tails.forEach((tail, t) => assert.equal(tail.push(row(n * 3 + t)), n));
    tails.forEach((tail, t) => {
      assert.equal(tail.size, rounds);
      for (let n = 0; n < rounds; n += 1009) assert.deepEqual(tail.get(n), row(n * 3 + t));
      assert.deepEqual(tail.get(rounds - 1), row((rounds - 1) * 3 + t));
    });
  });

  it('reads back every record, the first and the newest, while it fills several chunks', () => {
    const tail = new PackedTail<Row>(new ChunkSupply(2 ** 20, 2 ** 22));
    // About 50 bytes a record: 200,000 of them take 10 MB, past the end of several chunks.
    const count = 200_000;
    for (let n = 0; n < count; n++) {
      assert.equal(tail.push(row(n)), n);
      if (n % 20_000 === 0) assert.deepEqual(tail.get(0), row(0));
    }
    assert.equal(tail.size, count);
    for (let n = 0; n < count; n += 997) assert.deepEqual(tail.get(n), row(n));
    assert.deepEqual(tail.get(count - 1), row(count - 1));
    assert.ok(tail.bytes >= 8 * 2 ** 20 && tail.bytes < 12 * 2 ** 20, `${tail.bytes} bytes held`);
  });

  it('keeps a record larger than a chunk, and the records on either side of it', () => {
    const tail = new PackedTail<Row>(new ChunkSupply(2 ** 20, 2 ** 22));
    tail.push(row(1));
    const big: Row = { ...row(2), blob: 'x'.repeat(20 * 2 ** 20) };
    tail.push(big);
    tail.push(row(3));
    assert.deepEqual(tail.get(0), row(1));
    assert.deepEqual(tail.get(1), big);
    assert.deepEqual(tail.get(2), row(3));
  });

  it('refuses a number it never gave', () => {
    const tail = new PackedTail<Row>();
    tail.push(row(0));
    assert.throws(() => tail.get(1), RangeError);
    assert.throws(() => tail.get(-1), RangeError);
  });
});
