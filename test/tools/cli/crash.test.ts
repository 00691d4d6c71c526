// `unshell serve` killed with SIGKILL: keys created and requests answered before the kill are all there after a restart.
import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createKey, runCli, spawnServe, type ServingChild } from '../../helpers/cli.js';
import { buildTestSnapshot, getJson, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

let tmp: ReturnType<typeof tempDir>;
let snapshot: string;
const children: ChildProcessWithoutNullStreams[] = [];

/** Starts `unshell serve` on an ephemeral port and waits until it is ready. */
async function serve(dataDir: string): Promise<ServingChild> {
  const started = await spawnServe(snapshot, dataDir, { UNSHELL_RATE_ANONYMOUS: '60', UNSHELL_RATE_KEYED: '600' });
  children.push(started.child);
  return started;
}

before(async () => {
  tmp = tempDir('crash');
  snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
});
after(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  tmp.remove();
});

describe('a server killed with SIGKILL', () => {
  it('keeps every key created and every request answered before the kill', async () => {
    const dataDir = path.join(tmp.dir, 'data');
    const first = await serve(dataDir);
    const { key, id } = await createKey(dataDir, 'survivor');
    const auth = { headers: { authorization: `Bearer ${key}` } };
    let answered = 0;
    for (let i = 0; i < 25; i++) {
      const r = await getJson(`${first.base}/api/public/entity/search?q=kestrel`, auth);
      assert.equal(r.status, 200);
      answered++;
    }
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');

    const second = await serve(dataDir);
    const r = await getJson(`${second.base}/api/public/stats`, auth);
    assert.equal(r.status, 200, 'the key still authenticates');
    const usage = await runCli(['keys', 'usage', '--json', '--data-dir', dataDir]);
    const report = JSON.parse(usage.stdout) as { subject: string; total: { requests: number } }[];
    assert.equal(report.find((u) => u.subject === `key:${id}`)?.total.requests, answered + 1);
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  });
});
