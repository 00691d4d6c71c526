// Flag parsing shared by the subcommands, with usage errors that name the flag.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function parseFlags<O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: O,
): ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function positiveInteger(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new UsageError(`${flag} must be a positive integer, got "${value}"`);
  return Number(value);
}
