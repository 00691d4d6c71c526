// Input the router or Node's HTTP parser refuses is answered 4xx in the contract's error shape, never 500 or a bare status.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import type { ERROR_STATUS, ErrorBody } from '../../../engine/errors/service-error.js';
import { MAX_URL_BYTES } from '../../../server/http/request-guard.js';
import { getJson, investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

let server: TestServer;

before(async () => {
  server = await startTestServer(investigationsOnly());
});
after(async () => {
  await server.stop();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

/** Sends bytes as they are (fetch would refuse or repair them) and reads the one answer until the server closes. */
function sendRaw(request: string): Promise<RawAnswer> {
  const { port } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: text.slice(split + 4),
      });
    });
    socket.end(request);
  });
}

function assertErrorBody(body: unknown, code: keyof typeof ERROR_STATUS): void {
  const error = (body as Partial<ErrorBody>).error;
  assert.equal(error?.code, code, JSON.stringify(body));
  assert.equal(typeof error.message, 'string');
}

describe('malformed percent-encoding in a path', () => {
  const withParams = CAPABILITIES.filter((c) => c.method === 'GET' && c.path.includes(':'));

  it('answers 400 invalid_parameter on every route with a path parameter', async () => {
    assert.ok(withParams.length >= 8, 'the routes with an id in their path');
    for (const c of withParams) {
      for (const bad of ['%ZZ', '%', '%E0%A4%A', 'abc%']) {
        const path = c.path.replace(/:[A-Za-z_]+/g, bad);
        const r = await getJson(`${server.base}${path}`);
        assert.equal(r.status, 400, `${path} answered ${r.status}`);
        assertErrorBody(r.body, 'invalid_parameter');
      }
    }
  });

  it('still serves a well-encoded id', async () => {
    const r = await getJson(`${server.base}/api/public/entity/${encodeURIComponent('gb-coh:no such')}`);
    assert.equal(r.status, 404);
    assertErrorBody(r.body, 'not_found');
  });
});

describe('over-long requests', () => {
  it(`answers 414 uri_too_long past ${MAX_URL_BYTES} bytes of request target`, async () => {
    const r = await getJson(`${server.base}/api/public/entity/search?q=${'a'.repeat(MAX_URL_BYTES)}`);
    assert.equal(r.status, 414);
    assertErrorBody(r.body, 'uri_too_long');
  });

  it("answers 414 with the contract's body when the request line overflows Node's parser", async () => {
    const r = await sendRaw(`GET /api/public/entity/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.equal(r.status, 414);
    assert.match(r.headers, /content-type: application\/json/i);
    assertErrorBody(JSON.parse(r.body), 'uri_too_long');
  });

  it('answers 431 headers_too_large for headers over the limit', async () => {
    const r = await sendRaw(`GET /api/public/stats HTTP/1.1\r\nHost: x\r\nX-Padding: ${'b'.repeat(20_000)}\r\n\r\n`);
    assert.equal(r.status, 431);
    assertErrorBody(JSON.parse(r.body), 'headers_too_large');
  });

  it('answers 400 invalid_parameter for a request Node cannot parse', async () => {
    const r = await sendRaw('NOT A REQUEST\r\n\r\n');
    assert.equal(r.status, 400);
    assertErrorBody(JSON.parse(r.body), 'invalid_parameter');
  });
});

describe('a method the path does not serve', () => {
  it('answers 405 method_not_allowed with Allow, on every operation', async () => {
    for (const c of CAPABILITIES) {
      const path = c.path.replace(/:[A-Za-z_]+/g, 'gb-coh:99000001');
      const wrong = c.method === 'GET' ? 'POST' : 'GET';
      const r = await fetch(`${server.base}${path}`, { method: wrong, ...(wrong === 'POST' ? { body: '{}' } : {}) });
      assert.equal(r.status, 405, `${wrong} ${path} answered ${r.status}`);
      assert.match(r.headers.get('allow') ?? '', new RegExp(`\\b${c.method}\\b`), path);
      assertErrorBody(await r.json(), 'method_not_allowed');
    }
  });

  it('lists every method a path serves, and keeps 404 for a path nothing serves', async () => {
    const r = await fetch(`${server.base}/api/public/stats`, { method: 'DELETE' });
    assert.equal(r.status, 405);
    assert.equal(r.headers.get('allow'), 'GET, HEAD, OPTIONS');
    const health = await fetch(`${server.base}/healthz`, { method: 'PUT' });
    assert.equal(health.status, 405);
    assert.equal(health.headers.get('allow'), 'GET, HEAD');
    const unknown = await fetch(`${server.base}/api/public/no-such-route`, { method: 'DELETE' });
    assert.equal(unknown.status, 404);
    assertErrorBody(await unknown.json(), 'not_found');
  });
});
