// `unshell serve` that cannot serve exits non-zero within seconds, naming the file or the setting, instead of 503 forever.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../helpers/cli.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

let tmp: ReturnType<typeof tempDir>;
let snapshot: string;

before(async () => {
  tmp = tempDir('bad-snapshot');
  snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
});
after(() => tmp.remove());

const serve = (dir: string) =>
  runCli(['serve', '--snapshot', dir, '--port', '0', '--data-dir', path.join(tmp.dir, 'data')]);

/** The largest file of the snapshot below `dir`, found the way an operator would look. */
function largestFile(dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== 'manifest.json')
    .map((e) => path.join(e.parentPath, e.name));
  return files.reduce((a, b) => (readFileSync(a).length >= readFileSync(b).length ? a : b));
}

describe('unshell serve over a snapshot it cannot serve', () => {
  it('exits non-zero naming the damaged file when 16 bytes are flipped', async () => {
    const file = largestFile(snapshot);
    const bytes = readFileSync(file);
    for (let i = 0; i < 16; i++) {
      const at = Math.floor((bytes.length / 17) * (i + 1));
      bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    }
    writeFileSync(file, bytes);
    const r = await serve(snapshot);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(path.basename(file).replace(/\./g, '\\.')));
  });

  it('exits non-zero naming the directory when there is no snapshot at all', async () => {
    const r = await serve(path.join(tmp.dir, 'no-such-snapshot'));
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /no-such-snapshot|manifest/);
  });
});

describe('unshell serve on a port that is taken', () => {
  it('exits 1 with one line naming the address and the setting to change', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    try {
      const r = await runCli([
        'serve',
        '--snapshot',
        snapshot,
        '--port',
        String(port),
        '--data-dir',
        path.join(tmp.dir, 'taken'),
      ]);
      assert.equal(r.code, 1, r.stderr);
      assert.match(
        r.stderr,
        new RegExp(`unshell: cannot listen on 127\\.0\\.0\\.1:${port}: the port is in use; .*--port`),
      );
    } finally {
      taken.close();
    }
  });
});
