// `unshell mcp`: the MCP tool server over stdio, in-process or as a client of a REST API, until stdin closes or a signal.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CAPABILITIES } from '../../engine/capabilities/registry.js';
import { loadConfig } from '../../engine/config.js';
import { parseFlags } from '../../server/cli/args.js';
import { packageVersion } from '../../server/version.js';
import type { Backend } from './backend.js';
import { loadCorpus, localBackend } from './local-backend.js';
import { remoteBackend } from './remote-backend.js';
import { createMcpServer } from './server.js';

/** stdout carries the protocol: every log line goes to stderr. */
const log = (line: string): void => {
  process.stderr.write(`[unshell mcp] ${line}\n`);
};

export async function mcpCommand(args: string[]): Promise<number> {
  const { values } = parseFlags(args, { snapshot: { type: 'string' }, 'data-dir': { type: 'string' } });
  const config = loadConfig({ snapshot: values.snapshot, dataDir: values['data-dir'] });
  const version = packageVersion();
  const backend: Backend =
    config.serviceApiBase === null
      ? localBackend({ config, log, corpus: loadCorpus(config, log) })
      : remoteBackend({ base: config.serviceApiBase, apiKey: config.serviceApiKey, timeoutMs: config.serviceTimeoutMs, userAgent: `unshell-mcp/${version}`, log });
  const server = createMcpServer({ capabilities: CAPABILITIES, backend, version });
  const transport = new StdioServerTransport();

  let stopping = false;
  const stop = (why: string): void => {
    if (stopping) return;
    stopping = true;
    log(`${why}: shutting down`);
    // A demo snapshot may still be building; nothing of it needs to outlive the process.
    void Promise.allSettled([server.close(), backend.close()]).then(() => process.exit(0));
  };
  process.stdin.once('end', () => stop('stdin closed'));
  process.stdin.once('close', () => stop('stdin closed'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  await server.connect(transport);
  log(`serving MCP over stdio from ${backend.description}`);
  return -1; // keep running; exit happens when stdin closes or on a signal
}
