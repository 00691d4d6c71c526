// kuromoji's map from dictionary words to their entries, read into typed arrays: the same map as kuromoji's own.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { compactTargetMap } from '../../../engine/names/kuromoji-target-map.js';

/** A tid_map.dat of `records` ([word, ...entries]), padded with `padding` zero bytes. */
function targetMapFile(records: readonly (readonly number[])[], padding = 0): Uint8Array {
  const ints = [records.length, ...records.flatMap(([word = 0, ...entries]) => [word, entries.length, ...entries])];
  const bytes = new Uint8Array(ints.length * 4 + padding);
  const view = new DataView(bytes.buffer);
  ints.forEach((value, k) => view.setInt32(k * 4, value, true));
  return bytes;
}

const entriesOf = (entries: ArrayLike<number> | undefined): number[] | undefined =>
  entries === undefined ? undefined : Array.from(entries);

describe('compactTargetMap', () => {
  it("gives each word its entries in the file's order, a word's records added up", () => {
    const map = compactTargetMap(
      targetMapFile(
        [
          [5, 10, 20],
          [2, 7],
          [5, 30],
        ],
        64,
      ),
    );
    assert.deepEqual(entriesOf(map[5]), [10, 20, 30]);
    assert.deepEqual(entriesOf(map[2]), [7]);
  });

  it('knows no entries for a word the file does not give', () => {
    const map = compactTargetMap(targetMapFile([[5, 10]], 16));
    assert.equal(map[3], undefined);
    assert.equal(map[6], undefined);
    assert.equal(map[-1], undefined);
  });

  it('rejects a record that runs past the end of the file, naming where it starts', () => {
    const bytes = targetMapFile([[1, 2, 3]]).subarray(0, 16);
    assert.throws(() => compactTargetMap(bytes), /at byte 4/);
  });

  it("holds for every word of kuromoji's dictionary what kuromoji's own loader holds", () => {
    const require = createRequire(import.meta.url);
    const dictionary = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict', 'tid_map.dat.gz');
    const bytes = new Uint8Array(gunzipSync(readFileSync(dictionary)));
    const TokenInfoDictionary = require('kuromoji/src/dict/TokenInfoDictionary.js') as new () => {
      loadTargetMap(bytes: Uint8Array): void;
      target_map: Record<string, number[]>;
    };
    const theirs = new TokenInfoDictionary();
    theirs.loadTargetMap(bytes);
    const ours = compactTargetMap(bytes);
    const words = Object.keys(theirs.target_map);
    assert.ok(words.length > 300_000, `${words.length} words`);
    for (const word of words) assert.deepEqual(entriesOf(ours[Number(word)]), theirs.target_map[word], `word ${word}`);
  });
});
