// `unshell snapshot`: building snapshots, folding their journals, and the formats the importers read.
import { Command, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { commandGroup } from './command-group.js';
import { snapshotBuildCommand } from './snapshot-build.js';
import { snapshotCompactCommand } from './snapshot-compact.js';

function formatsCommand(): CommandUnknownOpts {
  return new Command('formats').description("The importers' formats, with what each reads.").action(async () => {
    const { IMPORTERS } = await import('../../snapshots/importers/registry.js');
    const width = Math.max(...IMPORTERS.map((i) => i.format.length)) + 2;
    for (const i of IMPORTERS) console.log(`${i.format.padEnd(width)} ${i.input.padEnd(18)} ${i.description}`);
  });
}

export function snapshotCommand(): CommandUnknownOpts {
  return commandGroup(
    new Command('snapshot')
      .description('Build snapshots, fold their journals of live changes, list the source formats.')
      .addCommand(snapshotBuildCommand())
      .addCommand(snapshotCompactCommand())
      .addCommand(formatsCommand()),
  );
}
