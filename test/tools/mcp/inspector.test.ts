// The official MCP Inspector, in its command-line mode, lists the tools of the real `unshell mcp`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { CLI } from '../../helpers/mcp.js';
import { buildTestSnapshot, investigationsOnly, tempDir } from '../../helpers/snapshot.js';

const run = promisify(execFile);
const installed = existsSync(path.resolve('node_modules/@modelcontextprotocol/inspector/package.json'));

describe(
  'MCP Inspector CLI',
  { skip: installed ? false : 'the @modelcontextprotocol/inspector devDependency is not installed' },
  () => {
    let tmp: ReturnType<typeof tempDir>;
    let snapshot: string;
    before(async () => {
      tmp = tempDir('mcp-inspector');
      snapshot = path.join(tmp.dir, 'snapshot');
      await buildTestSnapshot(snapshot, investigationsOnly());
    });
    after(() => tmp.remove());

    it("lists the registry's tools with --method tools/list", async () => {
      const args = [
        '--no-install',
        '@modelcontextprotocol/inspector',
        '--cli',
        '-e',
        `UNSHELL_SNAPSHOT=${snapshot}`,
        '-e',
        `UNSHELL_DATA_DIR=${tmp.dir}`,
        process.execPath,
        CLI,
        'mcp',
        '--method',
        'tools/list',
      ];
      const { stdout } = await run('npx', args, { timeout: 60_000 });
      const { tools } = JSON.parse(stdout) as { tools: { name: string }[] };
      assert.deepEqual(
        tools.map((t) => t.name),
        CAPABILITIES.flatMap((c) => (c.tool === null ? [] : [c.tool])),
      );
    });
  },
);
