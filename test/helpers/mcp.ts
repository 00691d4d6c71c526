// Test helpers for the MCP adapter: the specification's tool names, a sample input per tool, and real MCP clients.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CAPABILITIES } from '../../engine/app/capabilities/registry.js';
import { loadConfig } from '../../engine/app/config.js';
import { localBackend } from '../../server/mcp/local-backend.js';
import { createMcpServer } from '../../server/mcp/mcp-server.js';
import { A, B, C } from '../../snapshots/demo/investigations/all.js';
import type { TestServer } from './snapshot.js';

/** The eighteen tools of the specification ("Tool-server (MCP) tools"). */
export const SPEC_TOOLS = [
  'resolve',
  'search_entities',
  'semantic_search',
  'find_similar',
  'search_companies',
  'lookup_company',
  'lookup_by_identifier',
  'get_entity',
  'get_dossier',
  'trace_ownership_path',
  'get_sanctions',
  'check_offshore_exposure',
  'get_company_details',
  'get_financials',
  'get_pulse',
  'get_pricing',
  'buy_dossier',
  'claim_dossier',
] as const;

export interface ToolSample {
  valid: Record<string, unknown>;
  /** An input the tool must refuse, and the error code it answers; absent for a tool that takes no input. */
  invalid?: { args: Record<string, unknown>; code: string };
  /** Fields that differ between two calls by design (a new checkout session each time). */
  varies?: string[];
  /** Builds the valid input through the client first (a paid checkout session to claim); `valid` is then unused. */
  setup?: (client: Client) => Promise<Record<string, unknown>>;
}

/**
 * Opens a checkout with buy_dossier and pays it as a buyer would: the test-mode page at checkout_url, its pay
 * button. The page is served by the REST server, or by the in-process tool server itself.
 */
export async function paidSession(
  client: Client,
  entityId: string,
  tier: 'standard' | 'enhanced' = 'standard',
): Promise<{ session_id: string; checkout_url: string }> {
  const opened = await callTool(client, 'buy_dossier', { entity_id: entityId, tier });
  if (opened.isError === true) throw new Error(`buy_dossier failed: ${JSON.stringify(opened.content)}`);
  const { session_id, checkout_url } = opened.structuredContent as { session_id: string; checkout_url: string };
  const page = await (await fetch(checkout_url)).text();
  if (!page.includes('TEST MODE')) throw new Error(`${checkout_url} is not a test-mode checkout page`);
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (action === undefined) throw new Error(`no pay button on ${checkout_url}`);
  const paid = await fetch(new URL(action, checkout_url), { method: 'POST' });
  if (paid.status !== 200) throw new Error(`paying ${session_id} answered ${paid.status}`);
  return { session_id, checkout_url };
}

/**
 * One sample per tool of the specification, on the demo investigations. Tools not in the registry yet are
 * skipped by the tests that use this table; their samples follow the interface contract (CONTRACT.md §3, §5).
 */
export const TOOL_SAMPLES: Record<(typeof SPEC_TOOLS)[number], ToolSample> = {
  search_entities: { valid: { q: 'kestrel wharf', limit: 5 }, invalid: { args: { q: '' }, code: 'invalid_parameter' } },
  search_companies: {
    valid: { q: 'kestrel' },
    invalid: { args: { q: 'kestrel', limit: 51 }, code: 'invalid_parameter' },
  },
  lookup_company: { valid: { number: '99000001' }, invalid: { args: { number: '99999998' }, code: 'not_found' } },
  lookup_by_identifier: {
    valid: { scheme: 'ofac', value: '9900001' },
    invalid: { args: { scheme: 'nope', value: '1' }, code: 'invalid_parameter' },
  },
  resolve: {
    valid: { queries: ['Kestrel Wharf Properties Limited', 'gb-coh:99000002', 'no such name at all'] },
    invalid: { args: { queries: [] }, code: 'invalid_parameter' },
  },
  get_entity: { valid: { id: A.ukProperty }, invalid: { args: { id: 'demo:no-such-entity' }, code: 'not_found' } },
  get_dossier: {
    valid: { id: A.ukProperty },
    invalid: { args: { id: A.ukProperty, access_token: 'not-a-token' }, code: 'invalid_access_token' },
  },
  trace_ownership_path: {
    valid: { root: A.ukProperty },
    invalid: { args: { root: A.ukProperty, max_depth: 11 }, code: 'invalid_parameter' },
  },
  get_sanctions: { valid: { id: A.beneficialOwner }, invalid: { args: { id: '../../x' }, code: 'invalid_parameter' } },
  check_offshore_exposure: {
    valid: { id: A.ukProperty },
    invalid: { args: { id: A.ukProperty, max_depth: 7 }, code: 'invalid_parameter' },
  },
  get_company_details: {
    valid: { id: C.ukSubsidiary },
    invalid: { args: { id: A.beneficialOwner }, code: 'not_applicable' },
  },
  get_financials: { valid: { id: C.ukSubsidiary }, invalid: { args: { id: A.bviShell }, code: 'not_applicable' } },
  get_pulse: { valid: { limit: 5 }, invalid: { args: { since: 'yesterday' }, code: 'invalid_parameter' } },
  semantic_search: {
    valid: { q: 'Russian businessman in financial services', k: 5 },
    invalid: { args: { q: 'x', k: 51 }, code: 'invalid_parameter' },
  },
  find_similar: {
    valid: { id: A.ofacRecord, k: 5 },
    invalid: { args: { id: A.ofacRecord, k: 0 }, code: 'invalid_parameter' },
  },
  get_pricing: { valid: {} },
  buy_dossier: {
    valid: { entity_id: B.agent, tier: 'standard' },
    invalid: { args: { entity_id: B.agent, tier: 'gold' }, code: 'invalid_parameter' },
    varies: ['session_id', 'checkout_url', 'expires_at'],
  },
  claim_dossier: {
    valid: { session_id: '(set up by paying a session)' },
    invalid: { args: { session_id: 'chk_never_opened' }, code: 'not_found' },
    setup: async (client) => ({ session_id: (await paidSession(client, B.agent)).session_id }),
  },
};

export function sampleFor(tool: string): ToolSample {
  const sample = (TOOL_SAMPLES as Record<string, ToolSample | undefined>)[tool];
  if (sample === undefined)
    throw new Error(`no sample input for tool ${tool}: add one to TOOL_SAMPLES in test/helpers/mcp.ts`);
  return sample;
}

/** The `{ error }` body of a tool error, read from its text content. */
export function errorOf(result: CallToolResult): { code: string; message: string; param?: string } {
  const first = result.content[0];
  if (result.isError !== true || first?.type !== 'text')
    throw new Error(`not a tool error: ${JSON.stringify(result).slice(0, 300)}`);
  return (JSON.parse(first.text) as { error: { code: string; message: string; param?: string } }).error;
}

/** The valid input of a sample, after its setup when it has one. */
export async function validInput(client: Client, sample: ToolSample): Promise<Record<string, unknown>> {
  return sample.setup === undefined ? sample.valid : sample.setup(client);
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A real client talking to a server in this process. */
export async function connectInProcess(server: Server): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'unshell-test', version: '0' });
  await client.connect(clientSide);
  return client;
}

/**
 * A real MCP client of an in-process tool server over the corpus and the payment service of a running REST test
 * server, with the configuration that server runs with, so that links, sessions and tokens agree across both.
 */
export async function mcpClientBeside(rest: TestServer): Promise<Client> {
  const corpus = rest.service.state.corpus;
  if (corpus === null) throw new Error('the REST test server has not loaded its corpus');
  const backend = localBackend({
    config: loadConfig({ port: '0', host: '127.0.0.1' }, {}),
    corpus: Promise.resolve(corpus),
    log: () => undefined,
    payments: rest.service.payments,
  });
  return connectInProcess(createMcpServer({ capabilities: CAPABILITIES, backend, version: 'test' }));
}

/** The REST answer to a tool's input, whatever the status; null when the input has no URL (a path parameter left out). */
export async function restAnswer(base: string, tool: string, args: Record<string, unknown>): Promise<unknown> {
  const capability = CAPABILITIES.find((c) => c.tool === tool);
  if (capability === undefined) throw new Error(`no capability has the tool ${tool}`);
  const pathParams = [...capability.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
  if (pathParams.some((p) => args[p] === undefined)) return null;
  const url = new URL(
    base + capability.path.replace(/:([A-Za-z_]+)/g, (_m, p: string) => encodeURIComponent(String(args[p]))),
  );
  const others = Object.fromEntries(Object.entries(args).filter(([k]) => !pathParams.includes(k)));
  if (capability.method === 'GET') {
    for (const [k, v] of Object.entries(others)) url.searchParams.set(k, String(v));
    return (await fetch(url)).json();
  }
  return (
    await fetch(url, { method: 'POST', body: JSON.stringify(others), headers: { 'content-type': 'application/json' } })
  ).json();
}

/** A real client of a running server's /api/public/mcp, over the Streamable HTTP transport, with the given headers. */
export async function connectOverHttp(base: string, headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('/api/public/mcp', base), { requestInit: { headers } });
  const client = new Client({ name: 'unshell-test', version: '0' });
  await client.connect(transport);
  return client;
}

export const CLI = fileURLToPath(new URL('../../tools/cli/main.js', import.meta.url));

export interface SpawnedMcp {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  /** Protocol errors the client saw (a stray line on stdout shows up here). */
  protocolErrors: Error[];
}

/** `node dist/tools/cli/main.js mcp` as a child process, with only the given environment (plus PATH and HOME). */
export async function spawnMcp(env: Record<string, string>): Promise<SpawnedMcp> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const protocolErrors: Error[] = [];
  const client = new Client({ name: 'unshell-test', version: '0' });
  client.onerror = (err) => protocolErrors.push(err);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, protocolErrors };
}
