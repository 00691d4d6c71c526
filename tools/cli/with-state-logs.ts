// The operator state for one command of the CLI: the data directory's files, or the replicas' PostgreSQL.
import type { Config } from '../../engine/app/config.js';
import type { StateLogs } from '../../engine/state/state-log.js';

/** Runs `work` on the state `config` names, and lets it go after (a command reads at each use; it does not listen). */
export async function withStateLogs<T>(config: Config, work: (logs: StateLogs) => T | Promise<T>): Promise<T> {
  // Loaded when a command runs, so that the help of every command comes at once.
  const { openStateLogs } = await import('../../engine/app/state/open-state-logs.js');
  const opened = await openStateLogs(config, { listen: false });
  try {
    return await work(opened.logs);
  } finally {
    await opened.close();
  }
}
