// Live names: an entity's names given after load, found by key, sound and words; renaming retires the old ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LiveNames } from '../../../engine/search/live-names.js';
import { nameEntriesFor, sortedWords } from '../../../engine/search/name-entries.js';

const named = (live: LiveNames, entity: number, ...names: string[]): number[] =>
  live.replace(entity, nameEntriesFor(entity, names));

describe('LiveNames', () => {
  it('finds an entry by its exact key and by every word of a query, however its words are ordered', () => {
    const live = new LiveNames();
    const [n] = named(live, 7, 'Quillmore Harbour Logistics Limited');
    assert.equal(n, 0);
    assert.equal(live.entityOf(0), 7);
    const key = sortedWords(live.core(0).split(' '));
    assert.deepEqual(live.withKey(key), [0]);
    assert.deepEqual(live.withWords(['logistics', 'quillmore'], 10), [0]);
    assert.deepEqual(live.withWords(['quillmore', 'shipping'], 10), []);
    assert.ok(live.hasWord('harbour') && !live.hasWord('harb'));
  });

  it('reads whole words only: "harbo" is not in "harbour"', () => {
    const live = new LiveNames();
    named(live, 1, 'Harbour Quillmore');
    assert.deepEqual(live.withWords(['quillmore', 'harbo'], 10), []);
  });

  it('retires the entries an entity had when it is named again', () => {
    const live = new LiveNames();
    named(live, 3, 'Ostrander Quay Holdings');
    named(live, 4, 'Velmora Trading');
    assert.equal(live.renamed(3), true);
    const [again] = named(live, 3, 'Quillmore Marine');
    assert.equal(live.entityOf(0), undefined);
    assert.equal(live.entityOf(1), 4);
    assert.equal(again === undefined ? undefined : live.entityOf(again), 3);
    assert.equal(live.renamed(5), false);
  });

  it('finds a rare word among thousands of names sharing a common one, newest first and within the limit', () => {
    const live = new LiveNames();
    for (let k = 0; k < 3_000; k++) named(live, k, `Velmora ${k} Trading`);
    named(live, 9_999, 'Quillmore Trading');
    assert.deepEqual(
      live.withWords(['trading', 'quillmore'], 5).map((n) => live.entityOf(n)),
      [9_999],
    );
    const traders = live.withWords(['trading'], 4).map((n) => live.entityOf(n));
    assert.deepEqual(traders, [9_999, 2_999, 2_998, 2_997]);
  });
});
