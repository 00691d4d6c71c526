// The official MCP Inspector, in its command-line mode, lists and calls the tools of the real `unshell mcp` over stdio
// and of a real server's /api/public/mcp over Streamable HTTP.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { CAPABILITIES } from '../../../engine/app/capabilities/registry.js';
import { A } from '../../../snapshots/demo/investigations/all.js';
import { createKey } from '../../helpers/cli.js';
import { CLI } from '../../helpers/mcp.js';
import { buildTestSnapshot, investigationsOnly, serveOn, tempDir } from '../../helpers/snapshot.js';

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

    it('lists and calls tools over /api/public/mcp with a key, and reads a resource', async () => {
      const dataDir = path.join(tmp.dir, 'http-data');
      const server = await serveOn(snapshot, dataDir);
      try {
        const { key } = await createKey(dataDir, 'inspector');
        const inspect = async (...method: string[]): Promise<unknown> => {
          const args = [
            '--no-install',
            '@modelcontextprotocol/inspector',
            '--cli',
            `${server.base}/api/public/mcp`,
            '--transport',
            'http',
            '--header',
            `Authorization: Bearer ${key}`,
            ...method,
          ];
          return JSON.parse((await run('npx', args, { timeout: 60_000 })).stdout);
        };
        const { tools } = (await inspect('--method', 'tools/list')) as { tools: { name: string }[] };
        assert.deepEqual(
          tools.map((t) => t.name),
          CAPABILITIES.flatMap((c) => (c.tool === null ? [] : [c.tool])),
        );
        const called = (await inspect(
          '--method',
          'tools/call',
          '--tool-name',
          'get_entity',
          '--tool-arg',
          `id=${A.ukProperty}`,
        )) as { structuredContent: { entity: { id: string } } };
        assert.equal(called.structuredContent.entity.id, A.ukProperty);
        const read = (await inspect('--method', 'resources/read', '--uri', `unshell://entity/${A.ukProperty}`)) as {
          contents: { text: string }[];
        };
        assert.equal(
          (JSON.parse(read.contents[0]?.text ?? '{}') as { entity: { id: string } }).entity.id,
          A.ukProperty,
        );
      } finally {
        await server.stop();
      }
    });
  },
);
