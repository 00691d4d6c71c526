// The single executable: built by tools/build-exe.ts, an ELF file that serves the demo, the web app and MCP where no
// Node.js can be found (an empty folder, a PATH without node or npm, and /usr/bin/node hidden by a bind mount).
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  closeSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { tempDir } from '../helpers/snapshot.js';

const DIST = fileURLToPath(new URL('../../', import.meta.url));
const EXE = path.join(DIST, 'unshell');
const NODE = realpathSync(process.execPath);

/** The files the compiled code asks for by `appFile('…')`: each must ship inside the executable. */
function filesAskedFor(dir: string): Set<string> {
  const asked = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const code = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of code.matchAll(/appFile\('([^']+)'\)/g)) if (m[1] !== undefined) asked.add(m[1]);
  }
  return asked;
}

/** Whether this machine lets the test hide Node.js in a mount namespace of its own (root, util-linux's unshare). */
function canHideNode(): boolean {
  return spawnSync('unshare', ['-m', 'true']).status === 0;
}

/**
 * The executable in `cwd` with an environment of HOME and a PATH that holds no program at all; inside a mount
 * namespace, the Node.js binary is covered by /dev/null first and checked to be unusable, so that nothing the
 * executable does can fall back on it.
 */
function startHidden(args: string[], cwd: string, home: string, emptyPath: string, hide: boolean): ChildProcess {
  const env = `HOME=${home} PATH=${emptyPath}`;
  const run = `exec /usr/bin/env -i ${env} ${EXE} ${args.join(' ')}`;
  if (!hide) return spawn('/usr/bin/env', ['-i', `HOME=${home}`, `PATH=${emptyPath}`, EXE, ...args], { cwd });
  const script = `mount --bind /dev/null ${NODE} && if ${NODE} --version >/dev/null 2>&1; then exit 97; fi; ${run}`;
  return spawn('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { cwd });
}

describe('the single executable', () => {
  const tmp = tempDir('exe');
  const work = path.join(tmp.dir, 'empty');
  const home = path.join(tmp.dir, 'home');
  const emptyPath = path.join(tmp.dir, 'no-programs');
  /** Runs the executable to its end in the empty folder, with only HOME and a PATH that holds no program. */
  const runBare = (args: string[]) =>
    spawnSync('/usr/bin/env', ['-i', `HOME=${home}`, `PATH=${emptyPath}`, EXE, ...args], {
      cwd: work,
      encoding: 'utf8',
    });
  let server: ChildProcess | null = null;
  let base = '';
  let stderr = '';

  before(async () => {
    execFileSync(process.execPath, [path.join(DIST, 'tools/build-exe.js')], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (const dir of [work, home, emptyPath]) mkdirSync(dir);
    server = startHidden(['serve', '--port', '0', '--data-dir', 'data'], work, home, emptyPath, canHideNode());
    base = await new Promise<string>((resolve, reject) => {
      server?.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const m = /listening on (http:\/\/[^ ]+)/.exec(stderr);
        if (m?.[1] !== undefined) resolve(m[1]);
      });
      server?.once('exit', (code) => reject(new Error(`the executable exited with ${code}: ${stderr}`)));
    });
    // A load holds the event loop for seconds, and a kept-alive connection may be closed meanwhile: a failed poll
    // counts as not ready while the process runs.
    for (;;) {
      if (server?.exitCode !== null) throw new Error(`the executable exited with ${server?.exitCode}: ${stderr}`);
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200) break;
      await delay(200);
    }
  });

  after(async () => {
    if (server !== null && server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
    tmp.remove();
  });

  it('is an ELF executable of under 150 MB, not a script', () => {
    const head = Buffer.alloc(4);
    const fd = openSync(EXE, 'r');
    readSync(fd, head, 0, 4, 0);
    closeSync(fd);
    assert.deepEqual([...head], [0x7f, 0x45, 0x4c, 0x46]);
    assert.ok(statSync(EXE).size < 150 * 1024 * 1024, `${statSync(EXE).size} bytes`);
  });

  it('carries every file the program asks for: the web app, the word vectors, each worker thread', () => {
    const cache = path.join(home, '.cache', 'unshell');
    const [extracted, ...others] = readdirSync(cache);
    assert.ok(extracted !== undefined && others.length === 0, `one extracted folder in ${cache}`);
    const asked = new Set(
      ['engine', 'server', 'snapshots', 'tools'].flatMap((d) => [...filesAskedFor(path.join(DIST, d))]),
    );
    assert.ok(asked.has('snapshots/build/fold-worker.js') && asked.has('engine/app/live/stream-reader-worker.js'));
    for (const file of asked)
      assert.ok(existsSync(path.join(cache, extracted, file)), `${file} is not in the executable`);
  });

  it(
    'was started with Node.js hidden behind a bind mount',
    { skip: !canHideNode() && 'unshare -m is not permitted here, so Node.js stays visible (the PATH still has none)' },
    () => {
      // The script exits 97 before starting the executable if the hidden Node.js still runs.
      assert.equal(server?.exitCode, null, stderr);
    },
  );

  it('serves the demo with no Node.js on its PATH: a search, a search in kanji, a semantic search and the web app', async () => {
    const search = (await (await fetch(`${base}/api/public/entity/search?q=meridian&limit=3`)).json()) as {
      hits: { id: string }[];
    };
    assert.ok(search.hits.length > 0, JSON.stringify(search));
    // Semantic search runs hnswlib's native code, which the executable carries and loads from its cache.
    const semantic = await fetch(`${base}/api/public/semantic-search?q=oil+tankers&k=3`);
    assert.equal(semantic.status, 200, await semantic.clone().text());
    assert.ok(((await semantic.json()) as { hits: unknown[] }).hits.length > 0);
    // A name in kanji is read as Japanese with the analyser's dictionary, which the executable carries.
    const kanji = await fetch(`${base}/api/public/entity/search?q=${encodeURIComponent('三菱商事')}&limit=3`);
    assert.equal(kanji.status, 200, await kanji.clone().text());
    const page = await fetch(`${base}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<script type="module" src="\/assets\/app-/);
  });

  it('builds a snapshot', () => {
    const run = runBare(['snapshot', 'build', '--synthetic', '500', '--embed', '20', '--out', 'small', '--json']);
    assert.equal(run.status, 0, run.stderr);
    const summary = JSON.parse(run.stdout) as { counts: { entities: number; embedded_clusters: number } };
    assert.equal(summary.counts.entities, 500);
    assert.equal(summary.counts.embedded_clusters, 20);
  });

  it('creates keys and answers MCP over stdio, forwarding to the server', async () => {
    const keys = runBare(['keys', 'create', '--name', 'exe', '--data-dir', 'data', '--json']);
    assert.equal(keys.status, 0, keys.stderr);
    const { key } = JSON.parse(keys.stdout) as { key: string };
    const transport = new StdioClientTransport({
      command: EXE,
      args: ['mcp'],
      env: { HOME: home, PATH: emptyPath, SERVICE_API_BASE: base, SERVICE_API_KEY: key },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'unshell-exe-test', version: '0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'search_entities'));
      const result = await client.callTool({ name: 'search_entities', arguments: { q: 'meridian', limit: 2 } });
      assert.notEqual(result.isError, true, JSON.stringify(result));
    } finally {
      await client.close();
    }
  });
});
