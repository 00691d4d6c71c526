// `unshell screen`: screen a list (CSV or JSON lines) against a snapshot, with a progress bar and a summary.
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { INPUT_FORMATS } from '../../engine/app/screening/screening-input.js';
import { fraction, positiveInteger } from './args.js';
import { exits } from './exits.js';

export function screenCommand(): CommandUnknownOpts {
  return new Command('screen')
    .summary('Screen a list (CSV or JSON lines) against the snapshot, with a progress bar and a summary')
    .description(
      "Screen each row of a list against the snapshot with the matching API's scorer. The list is CSV with a header " +
        'line or JSON lines (by the extension, or --in-format); its columns are found by their headers (name, dob, ' +
        'country, nationality, jurisdiction, registration, lei, imo, schema, alias, id) or mapped with --columns. ' +
        'Results are CSV or JSON lines, one per row, with the snapshot id and the date of every list screened against. ' +
        'Exit status 0 when every row was screened, 1 when some could not be (each reported in its error column), ' +
        '2 for a bad flag or mapping.',
    )
    .requiredOption('--in <file>', 'the list to screen (- for standard input)')
    .option('--out <file>', 'where the results go (default standard output)')
    .option('--columns <mapping>', 'FIELD=Header,... for columns whose headers are not the field names', '')
    .option(
      '--threshold <x>',
      "the score from which a candidate is a match, 0 to 1 (default: the matching API's)",
      fraction,
    )
    .option('--candidates <n>', 'candidates kept per row (default and most: as the matching API)', positiveInteger)
    .addOption(
      new Option(
        '--format <format>',
        "results as csv or jsonl (default: by --out's extension, else as the input)",
      ).choices(INPUT_FORMATS),
    )
    .addOption(
      new Option('--in-format <format>', 'the list as csv or jsonl (default: by its extension, else csv)').choices(
        INPUT_FORMATS,
      ),
    )
    .option('--dataset <name>', 'screen against this dataset only (default: every list)')
    .option('--snapshot <dir>', 'the snapshot (UNSHELL_SNAPSHOT; default the demo)')
    .option('--data-dir <dir>', 'the data directory (UNSHELL_DATA_DIR, default .data)')
    .option('--json', 'the summary as JSON, without progress')
    .option('--quiet', 'the summary only, without progress')
    .action(exits(async (options) => (await import('./screen-run.js')).screen(options)));
}
