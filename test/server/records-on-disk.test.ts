// Records read from the snapshot's files as they are asked for answer exactly as records held in memory.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../engine/app/config.js';
import { ConfigError } from '../../engine/errors/config-error.js';
import { placedOnDisk } from '../../engine/store/record-placement.js';
import {
  buildTestSnapshot,
  getJson,
  investigationsOnly,
  serveOn,
  tempDir,
  type TestServer,
} from '../helpers/snapshot.js';

const GiB = 2 ** 30;

describe('records kept on disk', () => {
  let root: { dir: string; remove: () => void };
  let inMemory: TestServer;
  let onDisk: TestServer;

  before(async () => {
    root = tempDir('records-on-disk');
    const snapshot = path.join(root.dir, 'snapshot');
    await buildTestSnapshot(snapshot, investigationsOnly());
    inMemory = await serveOn(snapshot, path.join(root.dir, 'memory'), { env: { UNSHELL_RECORDS: 'memory' } });
    onDisk = await serveOn(snapshot, path.join(root.dir, 'disk'), { env: { UNSHELL_RECORDS: 'disk' } });
  });
  after(async () => {
    await Promise.all([inMemory.stop(), onDisk.stop()]);
    root.remove();
  });

  it('holds none of the entity records in memory', async () => {
    const [memory, disk] = await Promise.all([inMemory.service.ready, onDisk.service.ready]);
    assert.equal(disk.entities.size, memory.entities.size);
    // What is left is the offsets of each record: four bytes an entity.
    assert.ok(disk.entities.recordBytes <= 4 * (disk.entities.size + 1) * 2, `${disk.entities.recordBytes} bytes`);
    assert.ok(memory.entities.recordBytes > 10 * disk.entities.recordBytes);
  });

  it('answers search, entities and dossiers (with their relationships) as records held in memory do', async () => {
    const search = '/api/public/entity/search?q=holdings&limit=10';
    const found = await getJson<{ hits: Array<{ id: string }> }>(`${inMemory.base}${search}`);
    assert.equal(found.status, 200);
    assert.ok(found.body.hits.length > 2, `${found.body.hits.length} entities found`);
    assert.deepEqual((await getJson(`${onDisk.base}${search}`)).body, found.body);
    for (const { id } of found.body.hits) {
      for (const route of [`entity/${encodeURIComponent(id)}`, `dossier/${encodeURIComponent(id)}`]) {
        const [memory, disk] = await Promise.all([
          getJson(`${inMemory.base}/api/public/${route}`),
          getJson(`${onDisk.base}/api/public/${route}`),
        ]);
        assert.equal(memory.status, 200, route);
        assert.deepEqual(disk.body, memory.body, route);
      }
    }
  });

  it('is chosen by UNSHELL_RECORDS, and by the records’ size against the memory when auto', () => {
    assert.equal(loadConfig({}, {}).records, 'auto');
    assert.equal(loadConfig({}, { UNSHELL_RECORDS: 'disk' }).records, 'disk');
    assert.throws(
      () => loadConfig({}, { UNSHELL_RECORDS: 'ssd' }),
      (err: Error) =>
        err instanceof ConfigError && err.message.includes('UNSHELL_RECORDS must be one of memory, disk, auto'),
    );
    assert.equal(placedOnDisk('auto', 12 * GiB, 24 * GiB), true);
    assert.equal(placedOnDisk('auto', 3 * GiB, 24 * GiB), false);
    assert.equal(placedOnDisk('memory', 12 * GiB, 24 * GiB), false);
    assert.equal(placedOnDisk('disk', 1, 24 * GiB), true);
  });
});
