// `unshell export`: the whole snapshot as FollowTheMoney JSON lines or BODS 0.4 statements (JSON lines), streamed.
import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { CORPUS_EXPORT_FORMATS } from '../../engine/app/export/corpus-export-formats.js';
import { exits } from './exits.js';

export function exportCommand(): CommandUnknownOpts {
  return new Command('export')
    .summary('The whole snapshot as FollowTheMoney entities or BODS 0.4 statements (JSON lines)')
    .description(
      'The whole snapshot, one record at a time: ftm writes FollowTheMoney entities as JSON lines (each record, then ' +
        'the Ownership, Directorship, Family, UnknownLink, Sanction and Identification links it is the first party of); ' +
        'bods writes Beneficial Ownership Data Standard 0.4 statements as JSON lines (a person or entity statement per ' +
        'record, a relationship statement per holding, control, parent link or directorship).',
    )
    .addOption(new Option('--format <format>', 'ftm or bods').choices(CORPUS_EXPORT_FORMATS).makeOptionMandatory())
    .option('--out <file>', 'where the lines go (default standard output)')
    .option('--snapshot <dir>', 'the snapshot (UNSHELL_SNAPSHOT; default the demo)')
    .option('--data-dir <dir>', 'the data directory (UNSHELL_DATA_DIR, default .data)')
    .option('--quiet', 'no progress')
    .action(exits(async (options) => (await import('./export-run.js')).exportSnapshot(options)));
}
