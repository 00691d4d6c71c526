// Records grouped by entity: the build's rows, and lists of their own for the entities live changes touch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ByEntityIndex } from '../../../engine/store/by-entity.js';

describe('ByEntityIndex', () => {
  it('lists the records of each entity as built', () => {
    const index = new ByEntityIndex(3, [2, 0, 2, 1]);
    assert.deepEqual([...index.of(2)], [0, 2]);
    assert.deepEqual([...index.of(0)], [1]);
    assert.equal(index.count(2), 2);
  });

  it('adds a thousand records to one entity in order, each once, with its built records first', () => {
    const index = new ByEntityIndex(2, [1, 0, 1]);
    for (let r = 3; r < 1_003; r++) {
      index.add(1, r);
      index.add(1, r);
      assert.equal(index.count(1), r);
    }
    assert.deepEqual([...index.of(1)], [0, 2, ...Array.from({ length: 1_000 }, (_, i) => i + 3)]);
    assert.deepEqual([...index.of(0)], [1], 'an entity no change touched reads its row');
    index.add(7, 2_000);
    assert.deepEqual([...index.of(7)], [2_000], 'an entity past those built');
  });

  it('takes a record away, keeping the order of the rest, and a list read before keeps what it held', () => {
    const index = new ByEntityIndex(1, [0, 0, 0]);
    index.add(0, 3);
    const before = index.of(0);
    assert.equal(index.remove(0, 1), true);
    assert.equal(index.remove(0, 1), false);
    assert.deepEqual([...index.of(0)], [0, 2, 3]);
    assert.deepEqual([...before], [0, 1, 2, 3]);
    index.add(0, 4);
    assert.deepEqual([...index.of(0)], [0, 2, 3, 4]);
    assert.equal(index.count(0), 4);
  });

  it('keeps the lists of many entities apart while they grow in turns, and views read before keep what they held', () => {
    const index = new ByEntityIndex(0, []);
    const entities = 500;
    const held: Array<[number, number[], Uint32Array]> = [];
    for (let round = 0; round < 40; round++)
      for (let e = 0; e < entities; e++) {
        index.add(e, e * 1_000 + round);
        if (round % 13 === 5 && e % 50 === 0) held.push([e, [...index.of(e)], index.of(e)]);
      }
    for (let e = 0; e < entities; e++) {
      assert.equal(index.count(e), 40);
      assert.deepEqual(
        [...index.of(e)],
        Array.from({ length: 40 }, (_, round) => e * 1_000 + round),
      );
    }
    for (const [e, records, view] of held) assert.deepEqual([...view], records, `entity ${e}`);
    assert.equal(index.remove(250, 250_007), true);
    assert.deepEqual(
      [...index.of(250)],
      Array.from({ length: 40 }, (_, round) => 250_000 + round).filter((r) => r !== 250_007),
    );
    assert.deepEqual(
      [...index.of(251)],
      Array.from({ length: 40 }, (_, round) => 251_000 + round),
    );
  });

  it('keeps a list longer than a page apart, and a view read before it grew keeps what it held', () => {
    const index = new ByEntityIndex(2, [1]);
    const records = 70_000;
    let before = index.of(1);
    for (let r = 1; r <= records; r++) {
      index.add(1, r);
      if (r === 65_000) before = index.of(1);
    }
    assert.equal(index.count(1), records + 1);
    const list = index.of(1);
    assert.equal(list[0], 0);
    assert.equal(list[records], records);
    assert.equal(before.length, 65_001);
    assert.equal(index.remove(1, 40_000), true);
    assert.equal(index.count(1), records);
    assert.equal(index.of(1)[40_000], 40_001);
    index.add(0, 9);
    assert.deepEqual([...index.of(0)], [9], 'a small list beside the large one');
  });
});
