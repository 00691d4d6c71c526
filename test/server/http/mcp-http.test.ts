// The MCP tool server at /api/public/mcp: a real SDK client over Streamable HTTP against a real server, with keys,
// limits and credits as REST has them, Origin checks, resources and prompts.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError, type ReadResourceResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { A, C } from '../../../snapshots/demo/investigations/all.js';
import { createKey, runCli } from '../../helpers/cli.js';
import { callTool, connectOverHttp, errorOf, restAnswer, sampleFor } from '../../helpers/mcp.js';
import { buildTestSnapshot, investigationsOnly, serveOn, tempDir, type TestServer } from '../../helpers/snapshot.js';

const MCP = '/api/public/mcp';
const registryTools = CAPABILITIES.flatMap((c) => (c.tool === null ? [] : [c.tool]));

let tmp: ReturnType<typeof tempDir>;
let snapshot: string;
let dirs = 0;
const servers: TestServer[] = [];
const clients: Client[] = [];

async function serve(env: Record<string, string> = {}): Promise<{ server: TestServer; dataDir: string }> {
  const dataDir = path.join(tmp.dir, `data-${++dirs}`);
  const server = await serveOn(snapshot, dataDir, { env });
  servers.push(server);
  return { server, dataDir };
}

async function connect(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = await connectOverHttp(base, headers);
  clients.push(client);
  return client;
}

/** One JSON-RPC message posted as a client would, with the headers the transport requires. */
function rpc(base: string, message: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${MCP}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
}

const toolCall = (name: string, args: Record<string, unknown>, id = 1): unknown => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

before(async () => {
  tmp = tempDir('mcp-http');
  snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
});
after(async () => {
  for (const c of clients) await c.close();
  for (const s of servers) await s.stop();
  tmp.remove();
});

describe('tools over Streamable HTTP', () => {
  it("lists the registry's tools in a compact list, and each tool's answer is the REST answer", async () => {
    const { server } = await serve();
    const client = await connect(server.base);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      registryTools,
    );
    const full = await connect((await serve({ UNSHELL_MCP_SCHEMAS: 'full' })).server.base);
    const fullTools = (await full.listTools()).tools;
    const size = (list: Tool[]): number => JSON.stringify(list).length;
    // The outline keeps the list to about a third of its full size (some 7,000 tokens rather than 22,000).
    assert.ok(size(tools) * 2.5 < size(fullTools), `compact ${size(tools)} vs full ${size(fullTools)} characters`);
    assert.deepEqual(
      tools.map((t) => t.inputSchema),
      fullTools.map((t) => t.inputSchema),
    );

    // The SDK client checks every structuredContent against the listed (outlined) output schema.
    for (const name of ['search_entities', 'get_entity', 'get_dossier', 'trace_ownership_path', 'get_financials']) {
      const sample = sampleFor(name);
      const result = await callTool(client, name, sample.valid);
      assert.notEqual(result.isError, true, name);
      assert.deepEqual(result.structuredContent, await restAnswer(server.base, name, sample.valid), name);
    }
  });

  it('answers a bad argument with the REST error body as a tool error', async () => {
    const { server } = await serve();
    const client = await connect(server.base);
    for (const name of ['search_entities', 'trace_ownership_path', 'get_company_details']) {
      const { invalid } = sampleFor(name);
      assert.ok(invalid);
      assert.equal(errorOf(await callTool(client, name, invalid.args)).code, invalid.code, name);
    }
  });
});

describe('keys, limits and credits', () => {
  it('takes a key as a Bearer token, charges each tool call as REST does and meters it', async () => {
    const { server, dataDir } = await serve({ UNSHELL_RATE_ANONYMOUS: '60', UNSHELL_RATE_KEYED: '600' });
    const { key, id } = await createKey(dataDir, 'agent');
    const bearer = { authorization: `Bearer ${key}` };
    const keyed = await connect(server.base, bearer);
    // The keyed batch limit (100), which an anonymous caller (25) is refused.
    const queries = Array.from({ length: 100 }, (_, i) => `gb-coh:${String(99000001 + (i % 3)).padStart(8, '0')}`);
    const ok = await callTool(keyed, 'resolve', { queries });
    assert.notEqual(ok.isError, true);
    const anonymous = await connect(server.base);
    assert.equal(errorOf(await callTool(anonymous, 'resolve', { queries })).code, 'batch_too_large');

    const call = await rpc(server.base, toolCall('get_entity', { id: A.ukProperty }), bearer);
    assert.equal(call.status, 200);
    assert.equal(call.headers.get('x-credits-cost'), '1');
    assert.equal(call.headers.get('ratelimit-limit'), '600');
    const list = await rpc(server.base, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, bearer);
    assert.equal(list.headers.get('x-credits-cost'), '0');

    const usage = await runCli(['keys', 'usage', '--json', '--data-dir', dataDir]);
    const report = JSON.parse(usage.stdout) as { subject: string; total: { requests: number; credits: number } }[];
    // resolve and get_entity: two tool calls, two credits; listing tools and the handshake cost nothing.
    assert.deepEqual(report.find((u) => u.subject === `key:${id}`)?.total, { requests: 2, credits: 2 });
  });

  it("refuses an unknown key with 401 and the rate limit with 429, in the contract's error shape", async () => {
    const { server } = await serve({ UNSHELL_RATE_ANONYMOUS: '3', UNSHELL_RATE_KEYED: '600' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await rpc(server.base, toolCall('get_pricing', {}))).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const limited = await rpc(server.base, toolCall('get_pricing', {}));
    assert.ok(limited.headers.get('retry-after') !== null);
    assert.equal(((await limited.json()) as { error: { code: string } }).error.code, 'rate_limited');
    const fresh = (await serve({ UNSHELL_RATE_ANONYMOUS: '3', UNSHELL_RATE_KEYED: '600' })).server;
    const refused = await rpc(fresh.base, toolCall('get_pricing', {}), {
      authorization: 'Bearer unsh_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    assert.equal(refused.status, 401);
    assert.equal(((await refused.json()) as { error: { code: string } }).error.code, 'invalid_api_key');
    await assert.rejects(
      connectOverHttp(fresh.base, { authorization: 'Bearer nope' }),
      /invalid_api_key/,
      'the SDK client sees the refusal',
    );
  });
});

describe('the endpoint as HTTP', () => {
  it('checks Origin: none and the allowed ones are answered, another is refused with 403', async () => {
    const { server } = await serve({
      UNSHELL_MCP_ORIGINS: 'https://app.example.org',
      UNSHELL_PUBLIC_URL: 'https://unshell.example.org/',
    });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    assert.equal((await rpc(server.base, list)).status, 200);
    const own = await rpc(server.base, list, { origin: 'https://unshell.example.org' });
    assert.equal(own.status, 200, 'the public URL');
    assert.equal((await rpc(server.base, list, { origin: 'https://app.example.org' })).status, 200);
    for (const origin of ['https://evil.example', 'null', 'https://app.example.org.evil.example']) {
      const r = await rpc(server.base, list, { origin });
      assert.equal(r.status, 403, origin);
      const body = (await r.json()) as { error: { code: string; param: string } };
      assert.equal(body.error.code, 'origin_not_allowed');
      assert.equal(body.error.param, 'Origin');
    }
  });

  it('answers GET and DELETE with 405 and Allow, and malformed messages with 4xx, never a 5xx', async () => {
    const { server } = await serve();
    for (const method of ['GET', 'DELETE']) {
      const r = await fetch(`${server.base}${MCP}`, { method, headers: { accept: 'text/event-stream' } });
      assert.equal(r.status, 405, method);
      assert.match(r.headers.get('allow') ?? '', /POST/);
      assert.equal(((await r.json()) as { error: { code: string } }).error.code, 'method_not_allowed');
    }
    // [what, body, headers, HTTP status, JSON-RPC error code]
    const cases: [string, unknown, Record<string, string>, number, number][] = [
      ['not JSON', '{"jsonrpc":', {}, 400, -32700],
      ['not JSON-RPC', { hello: 'world' }, {}, 400, -32700],
      ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'nope/nothing' }, {}, 200, -32601],
      ['an unknown tool', toolCall('no_such_tool', {}), {}, 200, -32602],
      ['a text body', 'hello', { 'content-type': 'text/plain' }, 415, -32000],
      ['no Accept for JSON', toolCall('get_pricing', {}), { accept: 'text/html' }, 406, -32000],
      ['a 2 MiB message', toolCall('search_entities', { q: 'x'.repeat(2 * 1024 * 1024) }), {}, 413, -32000],
    ];
    for (const [what, body, headers, status, code] of cases) {
      const r = await rpc(server.base, body, headers);
      assert.equal(r.status, status, what);
      assert.equal(((await r.json()) as { error?: { code: number } }).error?.code, code, what);
    }
    // A batch of two calls: both answered, both charged.
    const batch = await rpc(server.base, [
      toolCall('get_pricing', {}, 1),
      toolCall('get_entity', { id: A.ukProperty }, 2),
    ]);
    assert.equal(batch.status, 200);
    assert.equal(((await batch.json()) as unknown[]).length, 2);
    assert.equal(batch.headers.get('x-credits-cost'), '1');
  });
});

describe('resources and prompts', () => {
  it('reads an entity and a dossier by URI as the tools answer them, and each full output schema', async () => {
    const { server } = await serve();
    const client = await connect(server.base);
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    assert.deepEqual(templates, ['unshell://entity/{id}', 'unshell://dossier/{id}']);
    const text = (r: ReadResourceResult): unknown => {
      const first = r.contents[0];
      return first !== undefined && 'text' in first ? JSON.parse(first.text) : undefined;
    };
    for (const [uri, tool] of [
      [`unshell://entity/${encodeURIComponent(A.ukProperty)}`, 'get_entity'],
      [`unshell://entity/${A.ukProperty}`, 'get_entity'],
      [`unshell://dossier/${encodeURIComponent(C.ukSubsidiary)}`, 'get_dossier'],
    ] as const) {
      const id = decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
      assert.deepEqual(
        text(await client.readResource({ uri })),
        (await callTool(client, tool, { id })).structuredContent,
      );
    }
    const listed = (await client.listResources()).resources.map((r) => r.uri);
    assert.deepEqual(
      listed,
      registryTools.map((t) => `unshell://schema/${t}`),
    );
    const fullList = (await (await connect((await serve({ UNSHELL_MCP_SCHEMAS: 'full' })).server.base)).listTools())
      .tools;
    const dossierSchema = text(await client.readResource({ uri: 'unshell://schema/get_dossier' }));
    assert.deepEqual(dossierSchema, fullList.find((t) => t.name === 'get_dossier')?.outputSchema);

    for (const uri of ['unshell://entity/demo%3Ano-such-entity', 'unshell://nothing/x', 'unshell://schema/nope']) {
      await assert.rejects(
        client.readResource({ uri }),
        (err: unknown) => err instanceof McpError && err.code === -32002,
      );
    }
    await assert.rejects(
      client.readResource({ uri: 'unshell://entity/..%2F..%2Fx' }),
      (err: unknown) => err instanceof McpError && err.code === -32602,
    );
  });

  it('offers the investigation and screening prompts, naming the tools they use', async () => {
    const { server } = await serve();
    const client = await connect(server.base);
    assert.deepEqual(
      (await client.listPrompts()).prompts.map((p) => p.name),
      ['investigate_company', 'screen_list'],
    );
    const investigate = await client.getPrompt({ name: 'investigate_company', arguments: { company: '99000001' } });
    const first = investigate.messages[0]?.content;
    assert.ok(first?.type === 'text');
    assert.match(first.text, /99000001/);
    for (const tool of ['get_dossier', 'trace_ownership_path', 'get_sanctions']) assert.ok(first.text.includes(tool));
    const screen = await client.getPrompt({ name: 'screen_list', arguments: { names: 'Ivan Petrov; 1961\nAcme Ltd' } });
    const text = screen.messages[0]?.content;
    assert.ok(text?.type === 'text');
    assert.match(text.text, /- Ivan Petrov; 1961\n- Acme Ltd/);
    await assert.rejects(client.getPrompt({ name: 'investigate_company', arguments: {} }), /company/);
    await assert.rejects(client.getPrompt({ name: 'nope' }), /not found/);
    const many = Array.from({ length: 201 }, (_, i) => `name ${i}`).join('\n');
    await assert.rejects(client.getPrompt({ name: 'screen_list', arguments: { names: many } }), /bulk/);
  });
});
