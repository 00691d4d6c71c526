// A service folding its live journal into checkpoints while it follows a stream: killed with SIGKILL after a
// checkpoint and again during a fold, it restarts from the newest checkpoint with every event once, and leaves
// no folded journal or unfinished checkpoint behind.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../engine/app/config.js';
import { ConfigError } from '../../../engine/errors/config-error.js';
import type { CheckpointStatus } from '../../../server/live-checkpoints.js';
import { C } from '../../../snapshots/demo/investigations/all.js';
import { readManifest } from '../../../snapshots/format/manifest.js';
import { spawnServe, type ServingChild } from '../../helpers/cli.js';
import { startStreamStandIn } from '../../helpers/companies-house-stream-server.js';
import { sharedData, skipUnlessShared } from '../../helpers/shared-data.js';
import { buildTestSnapshot, getJson, investigationsOnly, tempDir, UNLIMITED } from '../../helpers/snapshot.js';
import { filingsInFeed, manyFilings } from '../../helpers/stream-events.js';

const STREAMING = ['companies-house', 'api', 'streaming'];
const KEY = 'ch-stream-test-key';
const SUBSIDIARY = C.ukSubsidiary.slice('gb-coh:'.length);
const FEED_START = '2026-11-23T00:00:00Z';

/** Waits until the server's log says `pattern` (after `from` characters of it). */
async function untilLogged(server: ServingChild, pattern: RegExp, from = 0): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (pattern.test(server.stderr().slice(from))) return;
    await delay(25);
  }
  throw new Error(`the server never logged ${String(pattern)}:\n${server.stderr()}`);
}

async function untilAllInFeed(base: string, n: number): Promise<string[]> {
  let seen: string[] = [];
  for (let i = 0; i < 800 && seen.length < n; i++) {
    seen = await filingsInFeed(base, FEED_START);
    await delay(25);
  }
  return seen;
}

async function killed(server: ServingChild): Promise<void> {
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

describe('UNSHELL_CHECKPOINT_EVERY', () => {
  it('defaults to 25,000 changes, takes 0 for never, and refuses anything else with its name', () => {
    assert.equal(loadConfig({}, {}).checkpointEvery, 25_000);
    assert.equal(loadConfig({}, { UNSHELL_CHECKPOINT_EVERY: '0' }).checkpointEvery, 0);
    for (const bad of ['-1', '2.5', 'often'])
      assert.throws(
        () => loadConfig({}, { UNSHELL_CHECKPOINT_EVERY: bad }),
        (err: unknown) =>
          err instanceof ConfigError &&
          err.message === `UNSHELL_CHECKPOINT_EVERY must be a whole number (0: off), got "${bad}"`,
      );
  });
});

describe('checkpoints of the live journal', { skip: skipUnlessShared(...STREAMING) }, () => {
  it('restarts from the newest checkpoint after a kill -9, after a switch or during a fold, losing nothing', async () => {
    const filings = manyFilings(sharedData(...STREAMING) ?? '', SUBSIDIARY, 360);
    const t = tempDir('checkpoints');
    const snapshot = path.join(t.dir, 'snapshot');
    const data = path.join(t.dir, 'data');
    await buildTestSnapshot(snapshot, investigationsOnly());
    const of = (await readManifest(snapshot)).snapshot_id;
    const stand = await startStreamStandIn({ key: KEY, lines: { '/filings': filings.slice(0, 150) }, heartbeatMs: 20 });
    const env = {
      ...UNLIMITED,
      UNSHELL_EMBED_BACKGROUND: 'off',
      UNSHELL_CH_STREAM_KEY: KEY,
      UNSHELL_CH_STREAM_BASE: stand.base,
      UNSHELL_CHECKPOINT_EVERY: '100',
    };
    try {
      const first = await spawnServe(snapshot, data, env);
      await untilLogged(first, /live: checkpoint \S+ written/);
      stand.append('/filings', filings.slice(150, 240));
      assert.equal((await untilAllInFeed(first.base, 240)).length, 240);
      await killed(first);

      const second = await spawnServe(snapshot, data, env);
      assert.match(
        second.stderr(),
        /serving the checkpoint of snapshot \w+ written \S+ \(\d+ live changes folded in\)/,
      );
      const status = (await getJson<{ checkpoints: CheckpointStatus }>(`${second.base}/readyz`)).body.checkpoints;
      assert.equal(status.of, of);
      assert.ok(status.served !== null && status.served.folded >= 100, JSON.stringify(status));
      assert.equal((await untilAllInFeed(second.base, 240)).length, 240, 'every event after the restart');
      const mark = second.stderr().length;
      stand.append('/filings', filings.slice(240));
      // Killed as soon as the next fold begins: its unfinished checkpoint is not served, and is cleared away.
      await untilLogged(second, /live: folding the journal/, mark);
      await killed(second);

      const third = await spawnServe(snapshot, data, env);
      try {
        const seen = await untilAllInFeed(third.base, filings.length);
        assert.equal(seen.length, filings.length, 'every event, none lost');
        assert.equal(new Set(seen).size, seen.length, 'and none twice');
        const checkpoints = readdirSync(path.join(data, 'checkpoints', of));
        assert.equal(checkpoints.length, 1, `one checkpoint kept: ${checkpoints.join(', ')}`);
        const journals = readdirSync(path.join(data, 'live')).filter((f) => f.endsWith('.journal'));
        assert.equal(journals.length, 1, `one journal kept: ${journals.join(', ')}`);
        assert.notEqual(journals[0], `${of}.journal`, "the snapshot's own journal was folded and removed");
        const resumed = stand.requests.filter((r) => r.startsWith('/filings')).at(-1) ?? '';
        assert.ok(Number(/timepoint=(\d+)/.exec(resumed)?.[1]) >= 50_000_000 + 240, `resumed with ${resumed}`);
      } finally {
        await killed(third);
      }
    } finally {
      await stand.stop();
      t.remove();
    }
  });
});
