// `unshell serve`: the REST API and the web app over a snapshot, until SIGINT or SIGTERM.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { loadConfig } from '../../engine/app/config.js';
import { exits } from './exits.js';

/** How long a SIGTERM waits for the requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export function serveCommand(): CommandUnknownOpts {
  return new Command('serve')
    .summary('Serve the REST API, the MCP endpoint and the web app (default: the demo)')
    .description(
      'Serve the REST API, the MCP endpoint and the web app. Without a snapshot, builds and serves the demo.',
    )
    .option('--snapshot <dir>', 'the snapshot to serve (UNSHELL_SNAPSHOT); default: the built-in demo')
    .option('--port <n>', 'port to listen on (UNSHELL_PORT, default 8080)')
    .option('--host <address>', 'address to listen on (UNSHELL_HOST, default 127.0.0.1)')
    .option(
      '--data-dir <dir>',
      'keys, usage, accounts, journals and the demo snapshot (UNSHELL_DATA_DIR, default .data)',
    )
    .action(
      exits(async (options) => {
        const config = loadConfig({
          snapshot: options.snapshot,
          port: options.port,
          host: options.host,
          dataDir: options.dataDir,
        });
        // A path that is no snapshot fails here, before the port is taken, not after a load that cannot succeed.
        if (config.snapshot !== null)
          await (await import('../../snapshots/format/manifest.js')).readManifest(config.snapshot);
        // Loaded when the command runs, so that the help of every command comes at once.
        const { startService } = await import('../../server/service.js');
        const { ProgressDisplay } = await import('./progress.js');
        // Bars for the load (a line every few seconds off a terminal), then the plain log of a running server.
        let loading: InstanceType<typeof ProgressDisplay> | null = new ProgressDisplay(process.stderr, {
          quiet: false,
        });
        const log = (line: string): void => {
          if (loading === null) console.error(`[unshell] ${line}`);
          else loading.log(`[unshell] ${line}`);
        };
        const service = await startService(config, log, loading.phase);
        const loaded = (): void => {
          loading?.stop();
          loading = null;
        };
        service.ready.then(loaded, loaded);
        const stop = (signal: string): void => {
          log(`${signal}: shutting down (requests in flight get up to ${SHUTDOWN_GRACE_MS / 1000} s to finish)`);
          void service.close(SHUTDOWN_GRACE_MS).then(() => process.exit(0));
        };
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
        try {
          await service.ready;
        } catch {
          // A snapshot that cannot be served is a failure, not a long load: the service has logged the reason (naming
          // the file), and exiting lets a supervisor tell it from a slow start, which /readyz answers 503 for.
          await service.close();
          return 1;
        }
        return null; // serving until a signal
      }),
    );
}
