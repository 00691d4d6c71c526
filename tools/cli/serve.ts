// `unshell serve`: the REST API over a snapshot, until SIGINT or SIGTERM.
import { loadConfig } from '../../engine/app/config.js';
import { startService } from '../../server/service.js';
import { parseFlags } from './args.js';

/** How long a SIGTERM waits for the requests in flight before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseFlags(args, {
    snapshot: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  const config = loadConfig({
    snapshot: values.snapshot,
    port: values.port,
    host: values.host,
    dataDir: values['data-dir'],
  });
  const log = (line: string): void => console.error(`[unshell] ${line}`);
  const service = await startService(config, log);
  const stop = (signal: string): void => {
    log(`${signal}: shutting down (requests in flight get up to ${SHUTDOWN_GRACE_MS / 1000} s to finish)`);
    void service.close(SHUTDOWN_GRACE_MS).then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  try {
    await service.ready;
  } catch {
    // A snapshot that cannot be served is a failure, not a long load: the service has logged the reason (naming the
    // file), and exiting lets a supervisor tell it from a slow start, which /readyz answers 503 for.
    await service.close();
    return 1;
  }
  return -1; // keep running; exit happens on a signal
}
