// `unshell refresh sanctions`: fetch the sanctions lists and bring the snapshot's live corpus to them, through its journal.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { SANCTIONS_LISTS } from '../../engine/model/records.js';
import { commandGroup } from './command-group.js';
import { exits } from './exits.js';

export function refreshCommand(): CommandUnknownOpts {
  return commandGroup(
    new Command('refresh')
      .description('Bring the live corpus of a snapshot up to date with its publishers.')
      .addCommand(
        new Command('sanctions')
          .summary('Fetch the sanctions lists and apply them to the live corpus')
          .description(
            "Fetch the sanctions lists (UNSHELL_SANCTIONS_<LIST>_URL, default the publishers' own) and apply listings, " +
              "delistings and changes to the snapshot's live corpus through its journal. Exit status 1 when a list was " +
              'not applied. A running server holds the journal: there, UNSHELL_SANCTIONS_REFRESH_HOURS refreshes on a schedule.',
          )
          .option('--lists <lists>', `comma-separated, of ${SANCTIONS_LISTS.join(', ')} (default all)`)
          .option('--snapshot <dir>', 'the snapshot (UNSHELL_SNAPSHOT; default the demo)')
          .option('--data-dir <dir>', 'where its journal is (UNSHELL_DATA_DIR, default .data)')
          .option('--json', 'print the results as JSON, without progress')
          .option('--quiet', 'print the results only, without progress')
          .action(exits(async (options) => (await import('./refresh-run.js')).refreshSanctions(options))),
      ),
  );
}
