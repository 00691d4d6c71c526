// Every MCP tool under generated arguments: never an internal error, every tool error in the contract's shape, bounded.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { ERROR_STATUS } from '../../../engine/errors/service-error.js';
import { MAX_RESULT_CHARS } from '../../../server/mcp/tool-from-capability.js';
import { fuzzSeed, inputsFor } from '../../helpers/fuzz-inputs.js';
import { callTool, errorOf, mcpClientBeside } from '../../helpers/mcp.js';
import { investigationsOnly, startTestServer, type TestServer } from '../../helpers/snapshot.js';

const RUNS_PER_TOOL = 200;

let rest: TestServer;
let client: Client;
const seed = fuzzSeed();

before(async () => {
  rest = await startTestServer(investigationsOnly());
  client = await mcpClientBeside(rest);
});
after(async () => {
  await client.close();
  await rest.stop();
});

describe(`MCP tools under generated arguments (seed ${seed})`, () => {
  for (const c of CAPABILITIES) {
    const tool = c.tool;
    if (tool === null) continue;
    it(tool, async () => {
      await fc.assert(
        fc.asyncProperty(inputsFor(c), async (args) => {
          let result;
          try {
            result = await callTool(client, tool, args);
          } catch (err) {
            // The SDK may refuse arguments that are not an object at all; that is the protocol's own error.
            assert.ok(err instanceof McpError, `${tool} threw ${String(err)}`);
            return;
          }
          const size = JSON.stringify(result.content).length;
          assert.ok(size <= MAX_RESULT_CHARS * 2, `${tool} returned ${size} characters`);
          if (result.isError !== true) return;
          const error = errorOf(result);
          assert.ok(error.code in ERROR_STATUS, `${tool}: error code ${error.code}`);
          assert.notEqual(error.code, 'internal', `${tool}(${JSON.stringify(args).slice(0, 300)}): ${error.message}`);
          assert.equal(typeof error.message, 'string');
        }),
        { seed, numRuns: RUNS_PER_TOOL, endOnFailure: true },
      );
    });
  }
});
