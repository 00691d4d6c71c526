// The contract between the two adapters: one route and one tool per capability, and the same body for the same input.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import {
  SPEC_TOOLS,
  callTool,
  errorOf,
  mcpClientBeside,
  restAnswer,
  sampleFor,
  validInput,
} from '../../helpers/mcp.js';
import { registeredRoutes } from '../../helpers/routes.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const registryTools = CAPABILITIES.flatMap((c) => (c.tool === null ? [] : [c.tool]));
const missing = SPEC_TOOLS.filter((t) => !registryTools.includes(t));

let rest: TestServer;
let client: Client;

before(async () => {
  rest = await startTestServer(investigationsOnly());
  // The server's corpus, configuration and payment service: links agree, and a session opened or paid over one
  // adapter is claimed over the other.
  client = await mcpClientBeside(rest);
});
after(async () => {
  await client.close();
  await rest.stop();
});

function without(value: unknown, keys: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || keys.length === 0) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
}

describe('one registry, two adapters', () => {
  it('gives every capability exactly one REST route', () => {
    const served = registeredRoutes();
    for (const c of CAPABILITIES) {
      const routes = served.filter((r) => r.method === c.method && r.path === c.path);
      assert.equal(routes.length, 1, `${c.method} ${c.path}`);
    }
  });

  it("serves exactly the registry's tools, each once, all named by the specification", async () => {
    const { tools } = await client.listTools();
    const served = tools.map((t) => t.name);
    assert.deepEqual(served, registryTools);
    assert.equal(new Set(served).size, served.length, 'tool names are unique');
    for (const name of served)
      assert.ok((SPEC_TOOLS as readonly string[]).includes(name), `${name} is not a tool of the specification`);
  });

  it(
    'serves all 18 tools of the specification',
    { skip: missing.length > 0 ? `not in the registry yet: ${missing.join(', ')}` : false },
    async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...SPEC_TOOLS].sort());
    },
  );

  it('describes each tool from its capability: schemas with defaults, limits and descriptions, and truthful annotations', async () => {
    const { tools } = await client.listTools();
    for (const c of CAPABILITIES) {
      if (c.tool === null) continue;
      const tool = tools.find((t) => t.name === c.tool);
      assert.ok(tool, c.tool);
      assert.equal(tool.description, c.description);
      assert.deepEqual(Object.keys(tool.inputSchema.properties ?? {}).sort(), Object.keys(c.input.shape).sort());
      assert.equal(tool.outputSchema?.type, 'object');
      assert.equal(tool.annotations?.readOnlyHint, c.annotations.readOnlyHint, c.tool);
      assert.equal(tool.annotations?.openWorldHint, c.annotations.openWorldHint, c.tool);
      assert.equal(tool.annotations?.idempotentHint, c.annotations.idempotentHint, c.tool);
      assert.equal(tool.annotations?.destructiveHint, c.annotations.destructiveHint, c.tool);
    }
    const search = tools.find((t) => t.name === 'search_entities');
    assert.deepEqual(search?.inputSchema.properties?.limit, {
      default: 20,
      description: 'Maximum number of results (default 20, maximum 50)',
      type: 'integer',
      minimum: 1,
      maximum: 50,
    });
    assert.deepEqual(search.inputSchema.required, ['q']);
  });

  it('tells the agent how to use the tools that exist, and only those', () => {
    const text = client.getInstructions() ?? '';
    for (const tool of ['search_entities', 'get_dossier', 'trace_ownership_path', 'get_sanctions'])
      assert.match(text, new RegExp(tool));
    assert.match(text, /search_entities\.limit default 20, max 50/);
    for (const tool of missing)
      assert.doesNotMatch(text, new RegExp(`\\b${tool}\\b`), `${tool} is not served but is mentioned`);
  });

  for (const tool of registryTools) {
    it(`${tool}: the tool's structuredContent deep-equals the REST body, and its error the REST error`, async () => {
      const sample = sampleFor(tool);
      const valid = await validInput(client, sample);
      const result = await callTool(client, tool, valid);
      assert.notEqual(result.isError, true, JSON.stringify(result.content).slice(0, 300));
      const varies = sample.varies ?? [];
      assert.deepEqual(
        without(result.structuredContent, varies),
        without(await restAnswer(rest.base, tool, valid), varies),
      );
      const text = result.content[0];
      assert.ok(text?.type === 'text');
      assert.deepEqual(JSON.parse(text.text), result.structuredContent);
      if (sample.invalid !== undefined) {
        const failed = await callTool(client, tool, sample.invalid.args);
        assert.equal(errorOf(failed).code, sample.invalid.code);
        const restError = await restAnswer(rest.base, tool, sample.invalid.args);
        if (restError !== null) assert.deepEqual({ error: errorOf(failed) }, restError);
      }
    });
  }
});
