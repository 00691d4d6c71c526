// A payment, once acknowledged, survives kill -9 of the server: after a restart on the same data dir the session claims.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { createKey } from '../../helpers/cli.js';
import { CLI } from '../../helpers/mcp.js';
import { buildTestSnapshot, getJson, investigationsOnly, postJson, tempDir } from '../../helpers/snapshot.js';

interface Served {
  child: ChildProcess;
  base: string;
}

/** `unshell serve` as a child process on an ephemeral port; resolves once the snapshot is loaded. */
async function serve(env: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const base = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr)?.[1];
      if (port !== undefined && stderr.includes('ready: snapshot')) resolve(`http://127.0.0.1:${port}`);
    });
  });
  child.removeAllListeners('exit');
  return { child, base };
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill('SIGKILL');
  const [, signal] = await exited;
  assert.equal(signal, 'SIGKILL');
}

describe('a payment across kill -9', () => {
  let tmp: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  let running: ChildProcess | null = null;

  before(async () => {
    tmp = tempDir('pay-crash');
    const snapshot = path.join(tmp.dir, 'snapshot');
    await buildTestSnapshot(snapshot, investigationsOnly());
    env = { UNSHELL_SNAPSHOT: snapshot, UNSHELL_DATA_DIR: path.join(tmp.dir, 'data'), UNSHELL_HOST: '127.0.0.1' };
  });
  after(async () => {
    if (running !== null && running.exitCode === null && running.signalCode === null) await kill9(running);
    tmp.remove();
  });

  it('keeps a key created and the grant of a payment acknowledged just before the kill, and the token secret', async () => {
    const first = await serve(env);
    running = first.child;
    // A key created by the operator while the server runs, then used to buy: both acknowledged, then kill -9.
    const { key } = await createKey(env.UNSHELL_DATA_DIR as string, 'crash desk');
    const bearer = { authorization: `Bearer ${key}` };
    const checkout = await postJson<{ session_id: string; checkout_url: string }>(
      `${first.base}/api/public/checkout`,
      { entity_id: A.ukProperty, tier: 'enhanced' },
      bearer,
    );
    assert.equal(checkout.status, 201);
    const c = checkout.body;
    const paid = await fetch(`${c.checkout_url}/pay`, { method: 'POST' });
    assert.equal(paid.status, 200);
    await paid.text();
    await kill9(first.child);

    const second = await serve(env);
    running = second.child;
    const keyed = await getJson(`${second.base}/api/public/stats`, { headers: bearer });
    assert.equal(keyed.status, 200, 'the key created before the kill still authenticates');
    assert.equal(keyed.headers.get('ratelimit-limit'), '600');
    const claimed = await postJson<{ access_token: string; tier: string }>(
      `${second.base}/api/public/checkout/${c.session_id}/claim`,
      '',
    );
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.equal(claimed.body.tier, 'enhanced');
    const d = await getJson<{ report: { tier: string } | null }>(`${second.base}/api/public/dossier/${A.ukProperty}`, {
      headers: { 'x-access-token': claimed.body.access_token },
    });
    assert.equal(d.body.report?.tier, 'enhanced');

    // A token claimed before a crash still opens the report after it: the generated secret is kept in the data dir.
    await kill9(second.child);
    const third = await serve(env);
    running = third.child;
    const again = await getJson<{ report: { tier: string } | null }>(
      `${third.base}/api/public/dossier/${A.ukProperty}?access_token=${claimed.body.access_token}`,
    );
    assert.equal(again.body.report?.tier, 'enhanced');
    await kill9(third.child);
    running = null;
  });
});
