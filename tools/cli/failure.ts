// What the command line prints when a command fails: one line saying what is wrong and what to do, and an exit status.
import { ConfigError } from '../../engine/errors/config-error.js';
import { ioReason } from '../../engine/errors/io-reason.js';
import { StateLogError } from '../../engine/state/state-log-error.js';
import { EmptyBuildError } from '../../snapshots/build/empty-build-error.js';
import { JudgementsError } from '../../snapshots/build/judgements.js';
import { SnapshotError } from '../../snapshots/format/manifest.js';
import { ImportError } from '../../snapshots/importers/importer.js';
import { UsageError } from './args.js';
import { shownPath } from './shown-path.js';

/** 2: the command line was wrong; 1: the command was right but could not be done. */
export type ExitStatus = 1 | 2;

export interface Failure {
  line: string;
  status: ExitStatus;
}

/** Errors whose message is already written for the person at the terminal. */
const EXPLAINED = [ConfigError, SnapshotError, ImportError, StateLogError, JudgementsError, EmptyBuildError] as const;

function isSystemError(err: unknown): err is NodeJS.ErrnoException & { code: string } {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === 'string';
}

/** The first line of a message: a failure is told in one. */
const firstLine = (message: string): string => message.split('\n', 1)[0] ?? message;

export function failureOf(err: unknown, debug: boolean): Failure {
  if (err instanceof UsageError) return { line: err.message, status: 2 };
  if (EXPLAINED.some((kind) => err instanceof kind)) return { line: firstLine((err as Error).message), status: 1 };
  if (isSystemError(err) && err.syscall !== undefined) {
    const where = err.path === undefined ? '' : `${shownPath(err.path)}: `;
    return { line: `${where}${ioReason(err)} (${err.syscall} failed)`, status: 1 };
  }
  const message = err instanceof Error ? err.message : String(err);
  return {
    line: debug
      ? `unexpected error: ${err instanceof Error ? (err.stack ?? message) : message}`
      : `unexpected error: ${firstLine(message)} (--debug shows where it happened)`,
    status: 1,
  };
}
