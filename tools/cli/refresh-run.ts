// What `unshell refresh sanctions` does: the lists fetched and applied to the live corpus through its journal.
import { loadConfig } from '../../engine/app/config.js';
import { prepareDataDirectory } from '../../engine/app/data-directory.js';
import { ChangeJournal, journalFile } from '../../engine/live/change-journal.js';
import { LiveCorpus } from '../../engine/live/live-corpus.js';
import { SANCTIONS_LISTS, type SanctionsList } from '../../engine/model/records.js';
import { StateLogError } from '../../engine/state/state-log-error.js';
import { isSanctionsList, refreshSanctions as refreshLists } from '../../server/sanctions-refresh.js';
import { UsageError } from './args.js';
import { loadForCommand } from './load-with-progress.js';
import { ProgressDisplay } from './progress.js';
import { withStateLogs } from './with-state-logs.js';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export async function refreshSanctions(values: {
  lists?: string;
  snapshot?: string;
  dataDir?: string;
  json?: true;
  quiet?: true;
}): Promise<number> {
  const lists = (values.lists ?? SANCTIONS_LISTS.join(',')).split(',').map((l: string) => l.trim().toUpperCase());
  for (const l of lists)
    if (!isSanctionsList(l)) throw new UsageError(`--lists takes ${SANCTIONS_LISTS.join(', ')}, got "${l}"`);
  const config = loadConfig({ snapshot: values.snapshot, dataDir: values.dataDir });
  prepareDataDirectory(config.dataDir);
  const corpus = await loadForCommand(config, values.quiet === true || values.json === true);
  return withStateLogs(config, async (logs) => {
    // A journal file is held by one process: beside a running server, its own schedule does this. A journal in
    // PostgreSQL is shared: the replicas apply what this records.
    let journal: ChangeJournal;
    try {
      journal = ChangeJournal.openIn(logs, journalFile(corpus.info.snapshotId), new LiveCorpus(corpus), { warn: log });
    } catch (err) {
      if (err instanceof StateLogError && err.message.includes('held by another process'))
        throw new StateLogError(
          `${err.message}: a running server holds the journal of this snapshot; refresh there with UNSHELL_SANCTIONS_REFRESH_HOURS, or stop it first`,
        );
      throw err;
    }
    try {
      const progress = new ProgressDisplay(process.stderr, { quiet: values.quiet === true || values.json === true });
      let results: Awaited<ReturnType<typeof refreshLists>>;
      try {
        results = await refreshLists(config, corpus, journal, lists as SanctionsList[], log, progress.phase);
      } finally {
        progress.stop();
      }
      if (values.json === true) process.stdout.write(`${JSON.stringify(results)}\n`);
      else
        for (const r of results)
          process.stdout.write(
            r.error === null
              ? `${r.list}: ${r.listed} listed, ${r.delisted} delisted, ${r.changed} entities changed (${r.records} records, ${r.problems} rows skipped)\n`
              : `${r.list}: not applied: ${r.error}\n`,
          );
      return results.every((r) => r.error === null) ? 0 : 1;
    } finally {
      journal.close();
    }
  });
}
