// Snapshot round trip: what is built loads back identically, and a damaged file fails the load, named.
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EntityRecordSchema, NormalisedRecordSchema, type EntityRecord } from '../../../engine/model/records.js';
import { demoInvestigations } from '../../../snapshots/demo/investigations/all.js';
import { SnapshotError, readManifest, type Manifest } from '../../../snapshots/format/manifest.js';
import { loadSnapshot } from '../../../snapshots/load/load-snapshot.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

let root: { dir: string; remove: () => void };
let snapshot: string;
let manifest: Manifest;

before(async () => {
  root = tempDir('roundtrip');
  snapshot = path.join(root.dir, 'snap');
  await buildTestSnapshot(snapshot, investigationsOnly());
  manifest = await readManifest(snapshot);
});
after(() => root.remove());

/** A fresh copy of the snapshot to damage. */
async function copy(name: string): Promise<string> {
  const { cp } = await import('node:fs/promises');
  const dir = path.join(root.dir, name);
  await cp(snapshot, dir, { recursive: true });
  return dir;
}

describe('snapshot round trip', () => {
  it('loads the counts the manifest records', async () => {
    const corpus = await loadSnapshot(snapshot);
    assert.equal(corpus.entities.size, manifest.counts.entities);
    assert.equal(corpus.relationships.size, manifest.counts.relationships);
    assert.equal(corpus.listings.records.size, manifest.counts.listings);
    assert.equal(corpus.events.records.size, manifest.counts.events);
    assert.equal(corpus.financials.records.size, manifest.counts.financials);
    assert.equal(corpus.statements.records.size, manifest.counts.statements);
  });

  for (const records of ['memory', 'disk'] as const)
    it(`gives back every input record unchanged, with records kept in ${records}`, async () => {
      const corpus = await loadSnapshot(snapshot, { records });
      const input = demoInvestigations().map((r) => NormalisedRecordSchema.parse(r));
      const entities = input.filter((r): r is EntityRecord => r.record === 'entity');
      assert.equal(corpus.entities.size, entities.length);
      for (const e of entities) {
        const ix = corpus.entities.indexOf(e.id);
        assert.ok(ix !== undefined, `${e.id} missing`);
        const stored = EntityRecordSchema.parse({ ...corpus.entities.record(ix), identifiers: e.identifiers });
        assert.deepEqual(stored, e);
      }
      const rels = input.filter((r) => r.record === 'relationship');
      const loaded = Array.from({ length: corpus.relationships.size }, (_, i) => corpus.relationships.get(i));
      assert.deepEqual(loaded, rels);
    });

  it('is deterministic: the same input gives the same snapshot id', async () => {
    const again = path.join(root.dir, 'again');
    await buildTestSnapshot(again, investigationsOnly());
    assert.equal((await readManifest(again)).snapshot_id, manifest.snapshot_id);
  });
});

describe('damaged snapshots fail the load, naming the file', () => {
  const victim = (): string => manifest.files.find((f) => f.family === 'relationships')?.path ?? '';

  it('a corrupted byte', async () => {
    const dir = await copy('corrupt');
    const file = path.join(dir, victim());
    const buf = readFileSync(file);
    const at = Math.floor(buf.length / 2);
    buf[at] = (buf[at] ?? 0) ^ 0xff;
    writeFileSync(file, buf);
    await assert.rejects(
      loadSnapshot(dir),
      (err: Error) => err instanceof SnapshotError && err.message.includes(victim()) && /corrupt/.test(err.message),
    );
  });

  it('a corrupted byte in the first file of any family, read ahead or not', async () => {
    const firsts = new Map<string, string>();
    for (const f of manifest.files) if (!firsts.has(f.family) && f.bytes > 0) firsts.set(f.family, f.path);
    assert.ok(firsts.size > 10, 'expected every family of the snapshot');
    for (const [family, rel] of firsts) {
      const dir = await copy(`corrupt-${family}`);
      const file = path.join(dir, rel);
      const buf = readFileSync(file);
      buf[0] = (buf[0] ?? 0) ^ 0xff;
      writeFileSync(file, buf);
      await assert.rejects(
        loadSnapshot(dir),
        (err: Error) => err instanceof SnapshotError && err.message.includes(rel) && /corrupt/.test(err.message),
        family,
      );
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a truncated file', async () => {
    const dir = await copy('truncated');
    const file = path.join(dir, victim());
    truncateSync(file, Math.floor(readFileSync(file).length / 3));
    await assert.rejects(
      loadSnapshot(dir),
      (err: Error) => err instanceof SnapshotError && err.message.includes(victim()) && /truncated/.test(err.message),
    );
  });

  it('a file with bytes appended', async () => {
    const dir = await copy('appended');
    appendFileSync(path.join(dir, victim()), Buffer.from([0x01, 0x02]));
    await assert.rejects(
      loadSnapshot(dir),
      (err: Error) => err instanceof SnapshotError && err.message.includes(victim()),
    );
  });

  it('a damaged or missing record file, when records are read from disk', async () => {
    const damage: Record<string, (file: string) => void> = {
      corrupt: (file) => {
        const buf = readFileSync(file);
        buf[buf.length - 1] = (buf[buf.length - 1] ?? 0) ^ 0xff;
        writeFileSync(file, buf);
      },
      truncated: (file) => truncateSync(file, 1),
      missing: (file) => rmSync(file),
    };
    for (const [how, harm] of Object.entries(damage)) {
      const dir = await copy(`on-disk-${how}`);
      harm(path.join(dir, victim()));
      await assert.rejects(
        loadSnapshot(dir, { records: 'disk' }),
        (err: Error) => err instanceof SnapshotError && err.message.includes(victim()) && err.message.includes(how),
        how,
      );
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing file', async () => {
    const dir = await copy('missing');
    rmSync(path.join(dir, victim()));
    await assert.rejects(
      loadSnapshot(dir),
      (err: Error) => err instanceof SnapshotError && err.message.includes(victim()) && /missing/.test(err.message),
    );
  });

  it('a missing or truncated manifest', async () => {
    const dir = await copy('no-manifest');
    rmSync(path.join(dir, 'manifest.json'));
    await assert.rejects(
      loadSnapshot(dir),
      (err: Error) => err instanceof SnapshotError && err.message.includes('manifest.json'),
    );
    const dir2 = await copy('half-manifest');
    const m = path.join(dir2, 'manifest.json');
    writeFileSync(m, readFileSync(m, 'utf8').slice(0, 100));
    await assert.rejects(
      loadSnapshot(dir2),
      (err: Error) => err instanceof SnapshotError && err.message.includes('manifest.json'),
    );
  });

  it('a snapshot of another format version', async () => {
    const dir = await copy('version');
    const m = path.join(dir, 'manifest.json');
    writeFileSync(m, JSON.stringify({ ...manifest, format_version: 999 }));
    await assert.rejects(
      loadSnapshot(dir),
      (err: Error) => err instanceof SnapshotError && /format version 999/.test(err.message),
    );
  });
});
