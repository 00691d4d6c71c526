// The server's own sanctions refresh: every UNSHELL_SANCTIONS_REFRESH_HOURS, the first soon after start.
import type { Config } from '../engine/app/config.js';
import type { Corpus } from '../engine/corpus.js';
import type { ChangeJournal } from '../engine/live/change-journal.js';
import { SANCTIONS_LISTS } from '../engine/model/records.js';
import { refreshSanctions } from './sanctions-refresh.js';

export interface SanctionsSchedule {
  /** Stops the timer and waits for a refresh under way, so that the journal can be closed after it. */
  stop(): Promise<void>;
}

/** Null when no schedule is configured. Refreshes never overlap: one that is still running skips its next turn. */
export function startSanctionsSchedule(
  config: Config,
  corpus: Corpus,
  journal: ChangeJournal,
  log: (line: string) => void,
): SanctionsSchedule | null {
  const hours = config.sanctions.everyHours;
  if (hours <= 0) return null;
  let running: Promise<void> | null = null;
  const turn = (): void => {
    if (running !== null) return;
    running = refreshSanctions(config, corpus, journal, SANCTIONS_LISTS, log)
      .then(() => undefined)
      .catch((err: unknown) => log(`sanctions refresh failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(turn, 1_000);
  const every = setInterval(turn, hours * 3_600_000);
  first.unref();
  every.unref();
  log(`sanctions: refreshing the lists every ${hours} h`);
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
