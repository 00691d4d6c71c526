// A command that only groups others (`unshell keys`, `unshell snapshot`): alone or with an unknown name, a usage error.
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { UsageError } from './args.js';

/** Makes `group` answer a missing or unknown subcommand with one line naming the ones it has. */
export function commandGroup(group: CommandUnknownOpts): CommandUnknownOpts {
  return group.allowExcessArguments().action(() => {
    const names = group.commands.map((c) => c.name()).join(', ');
    const [given] = group.args;
    throw new UsageError(
      given === undefined
        ? `${group.name()} needs a command: ${names}`
        : `${group.name()} has no command "${given}"; it has ${names}`,
    );
  });
}
