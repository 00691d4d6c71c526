// The real `unshell mcp` over stdio with the SDK's own client: every tool, valid and invalid, and a clean shutdown.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import {
  CLI,
  SPEC_TOOLS,
  callTool,
  errorOf,
  sampleFor,
  spawnMcp,
  validInput,
  type SpawnedMcp,
} from '../../helpers/mcp.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

const registryTools = CAPABILITIES.flatMap((c) => (c.tool === null ? [] : [c.tool]));

let tmp: ReturnType<typeof tempDir>;
let env: Record<string, string>;
let mcp: SpawnedMcp;

before(async () => {
  tmp = tempDir('mcp-stdio');
  const snapshot = path.join(tmp.dir, 'snapshot');
  await buildTestSnapshot(snapshot, investigationsOnly());
  env = { UNSHELL_SNAPSHOT: snapshot, UNSHELL_DATA_DIR: path.join(tmp.dir, 'data') };
  mcp = await spawnMcp(env);
});
after(async () => {
  await mcp.client.close();
  tmp.remove();
});

describe('unshell mcp over stdio', () => {
  it("lists the registry's tools, all of them tools of the specification", async () => {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      registryTools,
    );
    for (const t of tools) assert.ok((SPEC_TOOLS as readonly string[]).includes(t.name), t.name);
    assert.equal(mcp.client.getServerVersion()?.name, 'unshell');
    assert.match(mcp.client.getInstructions() ?? '', /search_entities/);
  });

  for (const tool of registryTools) {
    it(`${tool}: answers a valid call, and refuses an invalid one with its error code`, async () => {
      const sample = sampleFor(tool);
      const ok = await callTool(mcp.client, tool, await validInput(mcp.client, sample));
      assert.notEqual(ok.isError, true, JSON.stringify(ok.content).slice(0, 300));
      assert.equal(typeof ok.structuredContent, 'object');
      const text = ok.content[0];
      assert.ok(text?.type === 'text');
      assert.deepEqual(JSON.parse(text.text), ok.structuredContent);
      if (sample.invalid !== undefined) {
        const failed = await callTool(mcp.client, tool, sample.invalid.args);
        assert.equal(failed.isError, true);
        assert.equal(failed.structuredContent, undefined);
        assert.equal(errorOf(failed).code, sample.invalid.code);
      }
    });
  }

  it("answers an unknown tool with the protocol's invalid-params error", async () => {
    await assert.rejects(
      callTool(mcp.client, 'no_such_tool', {}),
      (err: unknown) => err instanceof McpError && err.code === Number(ErrorCode.InvalidParams),
    );
  });

  it('keeps stdout for the protocol: logs went to stderr, and the client saw no stray output', () => {
    assert.deepEqual(mcp.protocolErrors, []);
    assert.match(mcp.stderr(), /\[unshell mcp\] ready: snapshot/);
  });

  /** Starts the server bare, waits until it serves, and returns how it exited after `stop`. */
  async function exitAfter(
    stop: (child: ReturnType<typeof spawn>) => void,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const child = spawn(process.execPath, [CLI, 'mcp'], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    // Read stderr to the end (breaking out of a for-await would destroy the stream, and the child's next log would fail).
    await new Promise<void>((resolve) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('serving MCP over stdio')) resolve();
      });
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    stop(child);
    const [code, signal] = await exited;
    return { code, signal };
  }

  it('exits 0 when stdin closes', async () => {
    assert.deepEqual(await exitAfter((child) => child.stdin?.end()), { code: 0, signal: null });
  });

  it('exits 0 on SIGTERM', async () => {
    assert.deepEqual(await exitAfter((child) => child.kill('SIGTERM')), { code: 0, signal: null });
  });
});
