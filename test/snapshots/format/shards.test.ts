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
    const written = Array.from({ length: 500 }, (_, i) => ({
      i,
      name: `thing ${i}`,
      tags: ['a', 'b'].slice(0, i % 3),
    }));
    for (const r of written) w.write(r);
    const files = w.finish();
    assert.ok(files.length > 1, 'expected several shards');
    assert.equal(
      files.reduce((n, f) => n + f.records, 0),
      500,
    );
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

  it('writes record families with shared shapes: past 32 of them, with maps keyed by codes, and smaller than plain maps', async () => {
    // 40 shapes, so that some take two-byte ids; sic is keyed by data, not by field names.
    const written = Array.from({ length: 400 }, (_, i) => ({
      id: `r${i}`,
      [`field_${i % 40}`]: i % 3 === 0 ? null : i,
      share: { min: i % 100, max: 100 },
      sic: { '68100': 'Buying and selling of own real estate', [String(10000 + i)]: 'other' },
    }));
    const shaped = new ShardWriter(t.dir, 'shaped', 4096, { records: true });
    const plain = new ShardWriter(t.dir, 'plain-maps', 4096);
    for (const r of written) {
      shaped.write(r);
      plain.write(r);
    }
    const files = shaped.finishWithOffsets();
    const structures = shaped.structures;
    assert.ok(structures.length > 32 && structures.length < 50, `expected ~42 shapes, got ${structures.length}`);
    assert.ok(!structures.some((keys) => keys.includes('68100')), 'a code-keyed map became a shape');
    const bytes = (fs: Array<{ bytes: number }>): number => fs.reduce((n, f) => n + f.bytes, 0);
    assert.ok(bytes(files.map((w) => w.file)) < bytes(plain.finish()));
    // Read back as the loader does: through the manifest's shapes (a JSON round trip), with no writer state.
    const store = new RecordStore<(typeof written)[number]>(JSON.parse(JSON.stringify(structures)) as string[][]);
    for (const w of files) store.addShard(await readShard(t.dir, w.file), w.starts);
    for (let i = 0; i < written.length; i++) assert.deepEqual(store.get(i), written[i]);
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
