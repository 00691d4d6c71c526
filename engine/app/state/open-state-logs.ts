// Where this process keeps the operator state: PostgreSQL when UNSHELL_STATE_URL says so, else the data directory.
import type { Config } from '../config.js';
import { FileStateLogs } from '../../state/file-state-logs.js';
import type { StateLogs } from '../../state/state-log.js';
import { StateLogError } from '../../state/state-log-error.js';
import { describeStateUrl, PostgresStateLogs } from './postgres-state-logs.js';

export interface OpenStateLogs {
  logs: StateLogs;
  close(): Promise<void>;
}

/**
 * `listen`: follow other replicas' commits as they happen (a server); a one-shot command reads the state at each
 * use instead. A database that cannot be reached fails here, at the start, not at the first request.
 */
export async function openStateLogs(
  config: Config,
  options: { listen: boolean; log?: (line: string) => void },
): Promise<OpenStateLogs> {
  if (config.stateUrl === null) return { logs: new FileStateLogs(config.dataDir), close: () => Promise.resolve() };
  try {
    const logs = await PostgresStateLogs.connect(config.stateUrl, options);
    return { logs, close: () => logs.close() };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new StateLogError(`cannot open the operator state in ${describeStateUrl(config.stateUrl)}: ${reason}`);
  }
}
