// The `unshell` program: its commands, their help, and how a wrong command line is answered.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { packageVersion } from '../../server/version.js';
import { mcpCommand } from '../mcp/command.js';
import { benchCommand } from './bench.js';
import { exportCommand } from './export.js';
import { keysCommand } from './keys.js';
import { refreshCommand } from './refresh.js';
import { sourcesCommand } from './sources.js';
import { screenCommand } from './screen.js';
import { serveCommand } from './serve.js';
import { snapshotCommand } from './snapshot.js';

const ENVIRONMENT = `
Environment: UNSHELL_PORT (8080), UNSHELL_HOST (127.0.0.1), UNSHELL_SNAPSHOT, UNSHELL_DATA_DIR (.data), UNSHELL_PUBLIC_URL;
limits: UNSHELL_RATE_ANONYMOUS (60/min per IP), UNSHELL_RATE_KEYED (600/min per key), UNSHELL_BATCH_ANONYMOUS (25),
UNSHELL_BATCH_KEYED (100), UNSHELL_TRUST_PROXY (false: X-Forwarded-For ignored);
live data: UNSHELL_CH_API_KEY, UNSHELL_CH_API_BASE, UNSHELL_CH_STREAM_KEY, UNSHELL_CH_STREAM_BASE;
for mcp: SERVICE_API_BASE (REST API to forward to), SERVICE_API_KEY (sent as a Bearer token), SERVICE_TIMEOUT_MS (30000);
payments: UNSHELL_STRIPE_SECRET_KEY (none: test mode), UNSHELL_STRIPE_WEBHOOK_SECRET, UNSHELL_TOKEN_SECRET (generated),
UNSHELL_TOKEN_LIFETIME_DAYS (30). Every setting: docs/configuration.md.`;

/** `unshell keys create`, as the person typed it. */
function commandPath(command: CommandUnknownOpts): string {
  return command.parent === null ? command.name() : `${commandPath(command.parent)} ${command.name()}`;
}

/** Commander's message ("error: unknown option '--prot'\n(Did you mean --port?)") as one line that says what next. */
function usageLine(message: string, command: CommandUnknownOpts): string {
  const said = message
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/\.$/, '');
  return `unshell: ${said}; see ${commandPath(command)} --help\n`;
}

/** Settings every command needs, given to each since `addCommand` does not pass them down. */
function configure(command: CommandUnknownOpts): void {
  command
    .exitOverride()
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ outputError: (message, write) => write(usageLine(message, command)) });
  for (const sub of command.commands) configure(sub);
}

export function unshellProgram(): Command<[], { debug?: true }> {
  const program = new Command('unshell')
    .description(`unshell ${packageVersion()}: open corporate- and offshore-intelligence service`)
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--debug', 'show where an unexpected error happened')
    .addHelpText('after', ENVIRONMENT)
    .addCommand(serveCommand())
    .addCommand(mcpCommand())
    .addCommand(snapshotCommand())
    .addCommand(keysCommand())
    .addCommand(refreshCommand())
    .addCommand(sourcesCommand())
    .addCommand(screenCommand())
    .addCommand(exportCommand())
    .addCommand(benchCommand());
  program
    .command('version')
    .description('Print the version.')
    .action(() => console.log(packageVersion()));
  configure(program);
  return program;
}
