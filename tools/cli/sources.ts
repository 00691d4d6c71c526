// `unshell sources fetch`: the real sources' current bulk files, from their publishers, into one folder.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { SOURCE_CODES } from '../../snapshots/fetch/source-catalog.js';
import { commandGroup } from './command-group.js';
import { exits } from './exits.js';

export function sourcesCommand(): CommandUnknownOpts {
  return commandGroup(
    new Command('sources')
      .description("Fetch the real sources' bulk files from their publishers, for snapshot build --sources.")
      .addCommand(
        new Command('fetch')
          .summary("Download each source's current bulk files into a folder")
          .description(
            "Download each source's current public bulk files from the publisher's own address (each set by its " +
              'variable, UNSHELL_SOURCE_<FILE>_URL or UNSHELL_SANCTIONS_<LIST>_URL, for a mirror), unpack the archives ' +
              'and write DIR/sources.json: what was fetched, from where and when. A cut download resumes where it ' +
              'stopped; a file the publisher has not changed is not fetched again. Exit status 1 when a file failed.',
          )
          .option('--only <sources>', `comma-separated, of ${SOURCE_CODES.join(', ')} (default all)`)
          .option('--dir <dir>', 'the folder to fetch into', 'sources')
          .option('--json', 'print the results as JSON, without progress or log')
          .option('--quiet', 'print the results only, without progress or log')
          .action(exits(async (options) => (await import('./sources-run.js')).fetchSourcesCommand(options))),
      ),
  );
}
