// The worker that reads a snapshot's files: bytes handed over exactly, families packed or not, failures named.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { SnapshotFile } from '../../../snapshots/format/manifest.js';
import { SnapshotError } from '../../../snapshots/format/manifest.js';
import { SnapshotReader } from '../../../snapshots/format/snapshot-reader.js';
import { tempDir } from '../../helpers/snapshot.js';

const t = tempDir('reader');
after(() => t.remove());

/** Writes `count` files of a family with distinct bytes and returns their manifest entries. */
function family(name: string, count: number, bytes = 1000): { files: SnapshotFile[]; contents: Buffer[] } {
  mkdirSync(path.join(t.dir, name), { recursive: true });
  const contents = Array.from({ length: count }, (_f, i) =>
    Buffer.from(Array.from({ length: bytes + i }, (_b, k) => (k * 7 + i) & 0xff)),
  );
  const files = contents.map((buf, i): SnapshotFile => {
    const rel = `${name}/${i}.msgpack`;
    writeFileSync(path.join(t.dir, rel), buf);
    return {
      path: rel,
      family: name,
      records: 1,
      bytes: buf.length,
      sha256: createHash('sha256').update(buf).digest('hex'),
    };
  });
  return { files, contents };
}

describe('SnapshotReader', () => {
  it('hands over every file exactly, packed into shared buffers or one buffer each', async () => {
    const packed = family('packed', 5);
    const single = family('single', 3);
    const checked = family('checked', 2);
    const reader = new SnapshotReader(t.dir, [
      { family: 'packed', files: packed.files, mode: 'keep', chunkBytes: 2500 },
      { family: 'single', files: single.files, mode: 'keep' },
      { family: 'checked', files: checked.files, mode: 'verify' },
    ]);
    const got = await reader.family('packed');
    got.forEach((buf, i) => assert.ok(buf.equals(packed.contents[i] as Buffer), `packed file ${i}`));
    assert.ok(new Set(got.map((b) => b.buffer)).size < got.length, 'files packed into shared buffers');
    for (let i = 0; i < 3; i++) assert.ok((await reader.shard('single', i)).equals(single.contents[i] as Buffer));
    assert.deepEqual(
      (await reader.family('checked')).map((b) => b.length),
      [0, 0],
    );
    assert.equal(reader.failure, null);
  });

  it('fails the damaged file with its name, and every file after it', async () => {
    const good = family('good', 2);
    const bad = family('bad', 2);
    const later = family('later', 1);
    writeFileSync(path.join(t.dir, bad.files[1]?.path ?? ''), Buffer.from('not what the manifest says'));
    const reader = new SnapshotReader(t.dir, [
      { family: 'good', files: good.files, mode: 'keep' },
      { family: 'bad', files: bad.files, mode: 'keep' },
      { family: 'later', files: later.files, mode: 'keep' },
    ]);
    assert.equal((await reader.family('good')).length, 2);
    assert.ok((await reader.shard('bad', 0)).equals(bad.contents[0] as Buffer));
    await assert.rejects(
      reader.shard('bad', 1),
      (err: Error) => err instanceof SnapshotError && err.message.includes('bad/1.msgpack'),
    );
    await assert.rejects(
      reader.shard('later', 0),
      (err: Error) => err instanceof SnapshotError && err.message.includes('bad/1.msgpack'),
    );
    assert.ok(reader.failure?.message.includes('bad/1.msgpack'));
  });

  it('refuses a family it was not asked to read', () => {
    const reader = new SnapshotReader(t.dir, []);
    assert.throws(() => reader.shard('entities', 0), /not in the plan/);
  });
});
