#!/usr/bin/env node
// The `unshell` command: parses the command line, runs the command, and turns a failure into one line and a status.
import { CommanderError } from '@commander-js/extra-typings';
import { failureOf } from './failure.js';
import { unshellProgram } from './program.js';

/** What commander throws for help and the version: not failures, and already printed. */
const NOT_FAILURES = new Set(['commander.helpDisplayed', 'commander.version', 'commander.help']);

async function main(argv: string[]): Promise<void> {
  const program = unshellProgram();
  try {
    if (argv.length === 0) program.help();
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      // The message went out through the program's output settings, as one line.
      process.exitCode = NOT_FAILURES.has(err.code) ? err.exitCode : 2;
      return;
    }
    const failure = failureOf(err, program.opts().debug === true);
    process.stderr.write(`unshell: ${failure.line}\n`);
    process.exitCode = failure.status;
  }
}

void main(process.argv.slice(2));
