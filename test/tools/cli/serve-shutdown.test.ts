// `unshell serve` on SIGTERM: a request in flight is still answered, then the process exits 0.
import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { spawnServe, type ServingChild } from '../../helpers/cli.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

let tmp: ReturnType<typeof tempDir>;
let snapshot: string;
let child: ChildProcessWithoutNullStreams | null = null;

before(async () => {
  tmp = tempDir('shutdown');
  snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
});
after(() => {
  if (child !== null && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  tmp.remove();
});

async function serve(): Promise<ServingChild & { port: number }> {
  const started = await spawnServe(snapshot, path.join(tmp.dir, 'data'));
  child = started.child;
  return { ...started, port: Number(new URL(started.base).port) };
}

describe('unshell serve on SIGTERM', () => {
  it('answers the request in flight, then exits 0', async () => {
    const server = await serve();
    const body = JSON.stringify({ queries: ['Kestrel Wharf Properties', 'ofac:9900001'] });
    const socket = connect(server.port, '127.0.0.1');
    await once(socket, 'connect');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    // Headers and half the body now; the rest after the signal, so the request is in flight when it arrives.
    socket.write(
      `POST /api/public/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await delay(100);
    const exited = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await delay(300);
    socket.end(body.slice(10));
    await once(socket, 'close');
    const answer = Buffer.concat(chunks).toString('utf8');
    assert.match(answer, /^HTTP\/1\.1 200 /, answer.slice(0, 300));
    assert.match(answer, /Kestrel/i);
    const [code] = (await exited) as [number | null];
    assert.equal(code, 0, server.stderr());
    assert.match(server.stderr(), /SIGTERM: shutting down/);
  });
});
