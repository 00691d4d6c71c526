// `unshell snapshot build`: a snapshot directory from the demo corpus, synthetic entities, record files and source files.
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { collect, countOrZero, isoDate, positiveInteger } from './args.js';
import { exits } from './exits.js';

export function snapshotBuildCommand(): CommandUnknownOpts {
  return new Command('build')
    .summary('Build a snapshot from the demo, synthetic entities, record files and source files')
    .description(
      'Build a snapshot from the demo corpus, N synthetic entities, files of normalised records (JSON lines) and/or ' +
        'published source files read by an importer. Parsed sources are cached by content, so that a rebuild ' +
        're-parses only the sources whose files changed.',
    )
    .option('--out <dir>', 'the snapshot directory to write (replaced whole when the build succeeds)')
    .option(
      '--config <file>',
      'the same choices as JSON: {"out", "demo", "synthetic", "retrieved_at", "records", "sources", "cache", "judgements"}, paths relative to the file; flags add to it',
    )
    .option('--demo', 'the built-in demo corpus')
    .option('--synthetic <n>', 'N synthetic entities (with --demo: the size of its background)', positiveInteger)
    .option('--seed <n>', 'seed of the synthetic corpus', positiveInteger)
    .option('--records <file>', 'a file of normalised records, JSON lines (repeatable)', collect)
    .option(
      '--source <format=path>',
      'a published source file, or a folder of a multi-file set (repeatable; unshell snapshot formats lists the formats)',
      collect,
    )
    .option(
      '--sources <dir>',
      'a folder written by unshell sources fetch: every file its sources.json lists, each read by its importer',
    )
    .option('--retrieved-at <date>', 'when the sources were fetched, YYYY-MM-DD (default today)', isoDate)
    .option('--cache <dir>', 'where parsed sources are cached (default OUT.import-cache)')
    .option('--no-cache', 'parse every source again, and cache nothing')
    .option('--judgements <file>', "an operator's same/different pairs (JSON lines), applied over the matcher")
    .addOption(
      new Option(
        '--embed <n>',
        'clusters given a semantic-search vector at build time (0: none; serve embeds the rest)',
      ).argParser(countOrZero),
    )
    .option('--json', 'print the summary as JSON, without progress or log')
    .option('--quiet', 'print the summary only, without progress or log')
    .action(exits(async (options) => (await import('./snapshot-build-run.js')).buildFromFlags(options)));
}
