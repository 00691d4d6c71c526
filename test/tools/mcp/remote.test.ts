// Remote mode: the tool server as a client of a REST API — same answers, Bearer key, timeout, and never off its host.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { loadConfig } from '../../../engine/app/config.js';
import { localBackend } from '../../../server/mcp/local-backend.js';
import { remoteBackend } from '../../../tools/mcp/remote-backend.js';
import { createMcpServer } from '../../../server/mcp/mcp-server.js';
import {
  callTool,
  connectInProcess,
  errorOf,
  sampleFor,
  spawnMcp,
  validInput,
  type SpawnedMcp,
} from '../../helpers/mcp.js';
import { investigationsOnly, startTestServer, tempDir, type TestServer } from '../../helpers/snapshot.js';

/** A body without the fields that differ between two calls by design. */
function without(value: unknown, keys: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || keys.length === 0) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

const registryTools = CAPABILITIES.flatMap((c) => (c.tool === null ? [] : [c.tool]));

interface Recorder {
  base: string;
  requests: { method: string; url: string; authorization: string | undefined; body: string }[];
  close: () => Promise<void>;
}

/** A tiny HTTP server that records every request and answers with `answer`. */
async function recorder(
  answer: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
): Promise<Recorder> {
  const requests: Recorder['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      void answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

async function remoteClient(base: string, options: { apiKey?: string; timeoutMs?: number } = {}): Promise<Client> {
  const backend = remoteBackend({
    base,
    apiKey: options.apiKey ?? null,
    timeoutMs: options.timeoutMs ?? 5000,
    userAgent: 'unshell-test',
    log: () => undefined,
  });
  return connectInProcess(createMcpServer({ capabilities: CAPABILITIES, backend, version: 'test' }));
}

describe('remote mode against a real unshell serve', () => {
  let rest: TestServer;
  let tmp: ReturnType<typeof tempDir>;
  let local: Client;
  let remote: SpawnedMcp;

  before(async () => {
    rest = await startTestServer(investigationsOnly());
    tmp = tempDir('mcp-remote');
    const corpus = rest.service.state.corpus;
    assert.ok(corpus);
    // The configuration startTestServer serves with, so that the links in both answers agree.
    const config = loadConfig({ port: '0', host: '127.0.0.1' }, {});
    // The server's own payment service, so that both clients see the same checkout sessions.
    const backend = localBackend({
      config,
      corpus: Promise.resolve(corpus),
      log: () => undefined,
      payments: rest.service.payments,
    });
    local = await connectInProcess(createMcpServer({ capabilities: CAPABILITIES, backend, version: 'test' }));
    remote = await spawnMcp({ SERVICE_API_BASE: rest.base, UNSHELL_DATA_DIR: path.join(tmp.dir, 'data') });
  });
  after(async () => {
    await remote.client.close();
    await local.close();
    await rest.stop();
    tmp.remove();
  });

  it('lists the same tools, and loads no snapshot of its own', async () => {
    assert.deepEqual(
      (await remote.client.listTools()).tools.map((t) => t.name),
      registryTools,
    );
    assert.match(remote.stderr(), /from the REST API at http:\/\/127\.0\.0\.1:\d+/);
    assert.doesNotMatch(remote.stderr(), /demo corpus|loaded/);
  });

  for (const tool of registryTools) {
    it(`${tool}: answers as the in-process server does, results and errors`, async () => {
      const sample = sampleFor(tool);
      const valid = await validInput(remote.client, sample);
      const inputs = sample.invalid === undefined ? [valid] : [valid, sample.invalid.args];
      const varies = sample.varies ?? [];
      for (const args of inputs) {
        const [a, b] = [await callTool(remote.client, tool, args), await callTool(local, tool, args)];
        assert.deepEqual(without(a.structuredContent, varies), without(b.structuredContent, varies));
        if (varies.length === 0) assert.deepEqual(a.content, b.content);
        assert.equal(a.isError, b.isError);
      }
    });
  }
});

describe('remote mode: requests', () => {
  it('forwards SERVICE_API_KEY as a Bearer token, and passes the answer through', async () => {
    const canned = { hits: [], count: 0 };
    const server = await recorder(json(200, canned));
    const mcp = await spawnMcp({ SERVICE_API_BASE: server.base, SERVICE_API_KEY: 'sk_test_123' });
    try {
      const r = await callTool(mcp.client, 'search_entities', { q: 'kestrel wharf', limit: 5 });
      assert.deepEqual(r.structuredContent, canned);
      assert.deepEqual(server.requests, [
        {
          method: 'GET',
          url: '/api/public/entity/search?q=kestrel+wharf&limit=5',
          authorization: 'Bearer sk_test_123',
          body: '',
        },
      ]);
    } finally {
      await mcp.client.close();
      await server.close();
    }
  });

  it('sends no Authorization header without a key, and POSTs body parameters as JSON', async () => {
    const server = await recorder(json(200, { results: [] }));
    const client = await remoteClient(server.base);
    await callTool(client, 'resolve', { queries: ['a'] });
    assert.deepEqual(server.requests, [
      { method: 'POST', url: '/api/public/resolve', authorization: undefined, body: '{"queries":["a"]}' },
    ]);
    await client.close();
    await server.close();
  });

  it('gives up after SERVICE_TIMEOUT_MS with a timeout tool error', async () => {
    const server = await recorder(
      (req, res) => void setTimeout(() => json(200, { hits: [], count: 0 })(req, res), 1500).unref(),
    );
    const mcp = await spawnMcp({ SERVICE_API_BASE: server.base, SERVICE_TIMEOUT_MS: '200' });
    try {
      // Had the slow server's answer been waited for, the call would have succeeded: the code alone shows the timeout.
      const error = errorOf(await callTool(mcp.client, 'search_entities', { q: 'kestrel' }));
      assert.equal(error.code, 'timeout');
      assert.match(error.message, /SERVICE_TIMEOUT_MS/);
    } finally {
      await mcp.client.close();
      await server.close();
    }
  });

  it('passes a REST error body through as the tool error, whatever its code', async () => {
    for (const body of [
      { error: { code: 'rate_limited', message: 'over 60 requests a minute' } },
      { error: { code: 'some_future_code', message: 'm', param: 'q' } },
    ]) {
      const server = await recorder(json(429, body));
      const client = await remoteClient(server.base);
      assert.deepEqual({ error: errorOf(await callTool(client, 'search_entities', { q: 'x' })) }, body);
      await client.close();
      await server.close();
    }
  });

  it('answers upstream_unavailable for a server that is down or answers without JSON', async () => {
    const server = await recorder((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const client = await remoteClient(server.base);
    assert.equal(errorOf(await callTool(client, 'get_entity', { id: 'gb-coh:99000001' })).code, 'upstream_unavailable');
    await client.close();
    await server.close();
    const down = await remoteClient(server.base);
    const error = errorOf(await callTool(down, 'get_entity', { id: 'gb-coh:99000001' }));
    assert.equal(error.code, 'upstream_unavailable');
    assert.match(error.message, /ECONNREFUSED/);
    await down.close();
  });
});

describe('remote mode: never off the configured host', () => {
  it('refuses a redirect to another host, and sends nothing there', async () => {
    const elsewhere = await recorder(json(200, { hits: [], count: 0 }));
    const server = await recorder(json(302, {}, { location: `${elsewhere.base}/api/public/entity/search?q=x` }));
    const client = await remoteClient(server.base, { apiKey: 'sk_secret' });
    const error = errorOf(await callTool(client, 'search_entities', { q: 'x' }));
    assert.equal(error.code, 'upstream_unavailable');
    assert.match(error.message, /refused a redirect/);
    assert.equal(server.requests.length, 1);
    assert.equal(elsewhere.requests.length, 0);
    await client.close();
    await server.close();
    await elsewhere.close();
  });

  it('follows a redirect within the API, but not one out of /api/public', async () => {
    const company = { company: { id: 'gb-coh:00000001' } };
    const server = await recorder((req, res) => {
      if (req.url === '/api/public/company/1')
        return json(308, {}, { location: '/api/public/company/00000001' })(req, res);
      if (req.url === '/api/public/company/00000001') return json(200, company)(req, res);
      return json(302, {}, { location: '/admin' })(req, res);
    });
    const client = await remoteClient(`${server.base}/`);
    assert.deepEqual((await callTool(client, 'lookup_company', { number: '1' })).structuredContent, company);
    assert.equal(errorOf(await callTool(client, 'lookup_company', { number: '2' })).code, 'upstream_unavailable');
    assert.deepEqual(
      server.requests.map((r) => r.url),
      ['/api/public/company/1', '/api/public/company/00000001', '/api/public/company/2'],
    );
    await client.close();
    await server.close();
  });

  it('refuses an id that would leave /api/public before sending anything', async () => {
    const server = await recorder(json(200, {}));
    const client = await remoteClient(server.base);
    for (const [tool, args] of [
      ['get_entity', { id: '../../x' }],
      ['get_dossier', { id: 'gb-coh:../../admin' }],
      ['lookup_company', { number: '..' }],
      ['lookup_company', { number: '../../x' }],
    ] as const) {
      const error = errorOf(await callTool(client, tool, args));
      assert.equal(error.code, 'invalid_parameter', `${tool} ${JSON.stringify(args)}`);
    }
    assert.equal(server.requests.length, 0);
    await client.close();
    await server.close();
  });
});
