// One client may have only so many requests in flight at once: the next is answered 429 until one of them ends.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { ErrorBody } from '../../../engine/errors/service-error.js';
import { getJson, investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

let server: TestServer;
const sockets: Socket[] = [];

before(async () => {
  server = await startTestServer(investigationsOnly(), { env: { UNSHELL_MAX_IN_FLIGHT: '2' } });
});
after(async () => {
  for (const s of sockets) s.destroy();
  await server.stop();
});

/** A resolve whose body never finishes arriving: in flight until its socket goes. */
function hangingResolve(): Socket {
  const { port } = new URL(server.base);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    'POST /api/public/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{"queries":',
  );
  sockets.push(socket);
  return socket;
}

/** Asks until the answer is `status` (the server takes the hanging requests in as they arrive). */
async function untilStatus(status: number): Promise<{ status: number; headers: Headers; body: ErrorBody }> {
  for (let i = 0; ; i++) {
    const r = await getJson<ErrorBody>(`${server.base}/api/public/stats`);
    if (r.status === status || i === 200) return r;
    await delay(10);
  }
}

describe('requests in flight per client', () => {
  it('answers 429 rate_limited with Retry-After once the client has the maximum in flight, and lets it in again after', async () => {
    const first = hangingResolve();
    hangingResolve();
    const refused = await untilStatus(429);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.error.code, 'rate_limited');
    assert.match(refused.body.error.message, /2 requests in flight at once per client/);
    assert.equal(refused.headers.get('retry-after'), '1');

    first.destroy();
    const again = await untilStatus(200);
    assert.equal(again.status, 200, 'a request is let in once one in flight has ended');
  });
});
