// `unshell mcp`: the MCP tool server over stdio, in-process or as a client of a REST API, until stdin closes or a signal.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { exits } from '../cli/exits.js';

export function mcpCommand(): CommandUnknownOpts {
  return new Command('mcp')
    .summary('The MCP tool server over stdio, in-process or forwarding to a REST API')
    .description(
      'The MCP tool server over stdio (stdout carries the protocol, logs go to stderr). Serves the snapshot ' +
        'in-process, as serve would; with SERVICE_API_BASE set, forwards every tool call to that REST API instead ' +
        '(SERVICE_API_KEY sent as a Bearer token, SERVICE_TIMEOUT_MS per call).',
    )
    .option('--snapshot <dir>', 'the snapshot to serve (UNSHELL_SNAPSHOT; default the demo)')
    .option('--data-dir <dir>', 'keys, usage, purchases and journals (UNSHELL_DATA_DIR, default .data)')
    .action(exits(async (options) => (await import('./serve-mcp.js')).serveMcp(options)));
}
