// A long command stopped with Ctrl-C or a SIGTERM leaves nothing half-written behind.
import { rmSync } from 'node:fs';

/** Exit statuses of a process ended by a signal, as shells report them. */
const SIGNAL_STATUS: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export interface InterruptGuard {
  /** The work is done (or failed and cleaned up after itself): a signal no longer needs to remove it. */
  release(): void;
}

/** Until released, SIGINT or SIGTERM removes `dir`, calls `before` (to put the terminal back) and exits. */
export function removeOnInterrupt(dir: string, before: () => void): InterruptGuard {
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = (): void => {
      before();
      rmSync(dir, { recursive: true, force: true });
      process.stderr.write(`unshell: ${signal}: stopped; the unfinished ${dir} was removed\n`);
      process.exit(SIGNAL_STATUS[signal]);
    };
    process.once(signal, handler);
    return { signal, handler };
  });
  return {
    release(): void {
      for (const { signal, handler } of handlers) process.removeListener(signal, handler);
    },
  };
}
