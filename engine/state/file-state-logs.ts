// The default home of the operator state: one log file per store in the data directory, shared by the server and
// the CLI on the same machine.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { DurableState } from './durable-state.js';
import type { StateLog, StateLogOptions, StateLogs, StateMachine } from './state-log.js';

export class FileStateLogs implements StateLogs {
  readonly dir: string;
  readonly shared = false;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  get place(): string {
    return this.dir;
  }

  /**
   * Opens `<dir>/<name>`. The folder (owner only) and the file (owner only) are created first even for a reader,
   * so that a reader started before the first event still sees the events written after it; a reader on a disk
   * it cannot write replays what is there.
   */
  open<S, E>(
    name: string,
    schema: z.ZodType<E>,
    machine: StateMachine<S, E>,
    options: StateLogOptions = {},
  ): StateLog<S, E> {
    const file = path.join(this.dir, name);
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      closeSync(openSync(file, 'a', 0o600));
    } catch {
      // Read-only, replay reads what exists; writable, the open below names the file and the reason.
    }
    return DurableState.open(file, schema, machine, options);
  }
}
