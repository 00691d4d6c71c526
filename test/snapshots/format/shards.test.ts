// Shard writer and reader: records come back in order with offsets, across shard boundaries and for empty families.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { RecordStore, OffsetCollector } from '../../../engine/store/record-store.js';
import { readShard, walkShard } from '../../../snapshots/format/shard-reader.js';
import { ShardWriter } from '../../../snapshots/format/shard-writer.js';
import { tempDir } from '../../helpers/snapshot.js';

const t = tempDir('shards');
after(() => t.remove());

describe('shards', () => {
  it('splits a family at the size cap and reads every record back by offset', async () => {
    const w = new ShardWriter(t.dir, 'things', 4096);
    const written = Array.from({ length: 500 }, (_, i) => ({ i, name: `thing ${i}`, tags: ['a', 'b'].slice(0, i % 3) }));
    for (const r of written) w.write(r);
    const files = w.finish();
    assert.ok(files.length > 1, 'expected several shards');
    assert.equal(files.reduce((n, f) => n + f.records, 0), 500);
    const store = new RecordStore<(typeof written)[number]>();
    for (const f of files) {
      const buf = await readShard(t.dir, f);
      const offsets = new OffsetCollector(f.records);
      walkShard(f.path, buf, f.records, (_rec, start, end) => offsets.push(start, end));
      store.addShard(buf, offsets.finish());
    }
    assert.equal(store.size, 500);
    for (const i of [0, 1, 250, 499]) assert.deepEqual(store.get(i), written[i]);
    assert.throws(() => store.get(500), RangeError);
  });

  it('writes one empty shard for an empty family, which reads back as no records', async () => {
    const files = new ShardWriter(path.join(t.dir, 'empty'), 'none').finish();
    assert.equal(files.length, 1);
    assert.equal(files[0]?.records, 0);
    const f = files[0];
    assert.ok(f !== undefined);
    let n = 0;
    walkShard(f.path, await readShard(path.join(t.dir, 'empty'), f), 0, () => (n += 1));
    assert.equal(n, 0);
  });
});
