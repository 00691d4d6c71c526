// Background embedding on a real server: coverage grows after start, is persisted, and survives a restart.
import assert from 'node:assert/strict';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../../engine/app/config.js';
import { checkpointPath, vectorLogPath } from '../../../engine/semantic/vector-log.js';
import { startService, type RunningService } from '../../../server/service.js';
import { buildSnapshot } from '../../../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES } from '../../../snapshots/demo/demo-corpus.js';
import { getJson, tempDir, testSources } from '../../helpers/snapshot.js';

interface Body {
  coverage: { embedded: number; total: number; ratio: number; scope: string };
  embedded?: boolean;
  note: string | null;
}

const t = tempDir('background');
const snapshot = path.join(t.dir, 'snapshot');
const dataDir = path.join(t.dir, 'data');
let snapshotId = '';
let notEmbedded = '';

before(async () => {
  const { manifest } = await buildSnapshot({
    out: snapshot,
    sources: testSources(600),
    sourceNames: SOURCE_NAMES,
    semantic: { embed: 25 },
  });
  snapshotId = manifest.snapshot_id;
});
after(() => t.remove());

async function start(embed: 'on' | 'off', dir = dataDir): Promise<{ service: RunningService; base: string }> {
  const config = loadConfig(
    { snapshot, port: '0', host: '127.0.0.1', dataDir: dir },
    { UNSHELL_EMBED_BACKGROUND: embed },
  );
  const service = await startService(config, () => undefined);
  await service.ready;
  return { service, base: `http://127.0.0.1:${service.port}/api/public` };
}

const coverage = async (base: string): Promise<Body['coverage']> =>
  (await getJson<Body>(`${base}/semantic-search?q=company+director`)).body.coverage;

/** Polls until `done` holds, returning every figure seen; fails after a generous deadline. */
async function watch(base: string, done: (c: Body['coverage']) => boolean): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < 400; i++) {
    const c = await coverage(base);
    seen.push(c.embedded);
    if (done(c)) return seen;
    await delay(50);
  }
  assert.fail(`coverage did not get there: ${seen.slice(-5).join(', ')}`);
}

describe('background embedding', () => {
  let built = 0;

  it('serves only what the snapshot embedded when background embedding is off', async () => {
    const { service, base } = await start('off');
    try {
      const c = await coverage(base);
      built = c.embedded;
      assert.ok(c.embedded > 0 && c.embedded < c.total, `${c.embedded} of ${c.total}`);
      assert.match(c.scope, /risk-listed/);
      const corpus = service.state.corpus;
      assert.ok(corpus);
      const ix = corpus.semantic.pending()[0];
      assert.ok(ix !== undefined);
      notEmbedded = corpus.entities.ids.at(ix) as string;
      const r = await getJson<Body>(`${base}/similar/${encodeURIComponent(notEmbedded)}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.embedded, false);
      assert.match(r.body.note ?? '', /search_entities/);
    } finally {
      await service.close();
    }
  });

  it('grows coverage after start without blocking requests, and persists the new vectors', async () => {
    const { base, service } = await start('on');
    try {
      const seen = await watch(base, (c) => c.embedded === c.total);
      for (let i = 1; i < seen.length; i++)
        assert.ok((seen[i] as number) >= (seen[i - 1] as number), 'coverage never shrinks');
      assert.ok((seen[seen.length - 1] as number) > built);
      const r = await getJson<Body>(`${base}/similar/${encodeURIComponent(notEmbedded)}`);
      assert.equal(r.body.embedded, true);
    } finally {
      await service.close();
    }
    assert.ok(existsSync(vectorLogPath(dataDir, snapshotId)));
    assert.ok(existsSync(checkpointPath(dataDir, snapshotId)), 'the grown index is checkpointed when all is embedded');
  });

  const restartOff = async (dir = dataDir): Promise<number[]> => {
    const { service, base } = await start('off', dir);
    try {
      return await watch(base, (c) => c.embedded === c.total);
    } finally {
      await service.close();
    }
  };

  it('keeps the grown figure across a restart, from the vector log alone', async () => {
    const checkpoint = checkpointPath(dataDir, snapshotId);
    renameSync(checkpoint, `${checkpoint}.aside`);
    const seen = await restartOff();
    assert.ok((seen[seen.length - 1] as number) > built);
    rmSync(`${checkpoint}.aside`);
  });

  it('keeps it from the checkpointed index alone, and falls back to the snapshot when both are gone or broken', async () => {
    const checkpoint = checkpointPath(dataDir, snapshotId);
    assert.ok(existsSync(checkpoint), 'the restart that restored from the log wrote a checkpoint');
    rmSync(vectorLogPath(dataDir, snapshotId));
    const seen = await restartOff();
    assert.ok((seen[seen.length - 1] as number) > built);
    rmSync(vectorLogPath(dataDir, snapshotId));
    writeFileSync(checkpoint, 'not an index');
    const { service, base } = await start('off');
    try {
      await delay(300);
      assert.equal((await coverage(base)).embedded, built, 'a broken checkpoint is ignored');
    } finally {
      await service.close();
    }
    assert.equal(existsSync(checkpoint), false, 'and removed');
    const fresh = await start('off', path.join(t.dir, 'other-data'));
    try {
      assert.equal((await coverage(fresh.base)).embedded, built, 'another data directory has nothing to restore');
    } finally {
      await fresh.service.close();
    }
  });
});
