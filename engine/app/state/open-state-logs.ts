// Where this process keeps the operator state: PostgreSQL when UNSHELL_STATE_URL says so, else the data directory.
import type { Config } from '../config.js';
import { FileStateLogs } from '../../state/file-state-logs.js';
import type { StateLogs } from '../../state/state-log.js';
import { StateLogError } from '../../state/state-log-error.js';
import { describeStateUrl, PostgresStateLogs } from './postgres-state-logs.js';
import { PostgresRateSharing } from './postgres-rate-sharing.js';
import { SOLE_LEADERSHIP, type Leadership } from './leadership.js';
import { PostgresLeadership } from './postgres-leadership.js';
import { PostgresSharedBudget } from './postgres-shared-budget.js';
import type { SharedBudget } from '../external/shared-budget.js';
import { RATE_WINDOW_MS } from '../accounts/rate-limiter.js';
import type { RateSharing } from '../accounts/rate-sharing.js';

export interface OpenStateLogs {
  logs: StateLogs;
  /** The other replicas' rate-limit counts (asked for with `rates`, and only with a database); null: none. */
  rates: RateSharing | null;
  /** Who among the replicas plays a role (follows the streams): this process alone, without a database. */
  leadership: Leadership;
  /** Outside services' budgets as the replicas share them; null: this process alone. */
  budget: SharedBudget | null;
  close(): Promise<void>;
}

/**
 * `listen`: follow other replicas' commits as they happen (a server); a one-shot command reads the state at each
 * use instead. `rates`: reconcile rate-limit counts with the other replicas (a server). A database that cannot be
 * reached fails here, at the start, not at the first request.
 */
export async function openStateLogs(
  config: Config,
  options: { listen: boolean; rates?: boolean; log?: (line: string) => void },
): Promise<OpenStateLogs> {
  if (config.stateUrl === null)
    return {
      logs: new FileStateLogs(config.dataDir),
      rates: null,
      leadership: SOLE_LEADERSHIP,
      budget: null,
      close: () => Promise.resolve(),
    };
  const url = config.stateUrl;
  try {
    const logs = await PostgresStateLogs.connect(url, options);
    const rates =
      options.rates === true
        ? await PostgresRateSharing.connect(url, { windowMs: RATE_WINDOW_MS, log: options.log }).catch(
            async (err: unknown) => {
              await logs.close();
              throw err;
            },
          )
        : null;
    const budget = new PostgresSharedBudget(url);
    return {
      logs,
      rates,
      leadership: new PostgresLeadership(url, { log: options.log }),
      budget,
      close: async () => void (await Promise.all([logs.close(), rates?.close(), budget.close()])),
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new StateLogError(`cannot open the operator state in ${describeStateUrl(config.stateUrl)}: ${reason}`);
  }
}
