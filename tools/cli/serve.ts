// `unshell serve`: the REST API over a snapshot, until SIGINT or SIGTERM.
import { loadConfig } from '../../engine/app/config.js';
import { startService } from '../../server/service.js';
import { parseFlags } from './args.js';

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
    log(`${signal}: shutting down`);
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  try {
    await service.ready;
  } catch {
    // The server keeps answering /healthz and 503s; an operator sees the reason in the log and on /readyz.
  }
  return -1; // keep running; exit happens on a signal
}
