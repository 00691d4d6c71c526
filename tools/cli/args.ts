// What the subcommands share in reading their arguments: the usage error, and parsers for option values.
import { InvalidArgumentError } from '@commander-js/extra-typings';

/** The command line itself was wrong: exit status 2, and a line saying what to type instead. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** An option value that must be a whole number above zero. */
export function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) throw new InvalidArgumentError('It must be a positive integer.');
  return Number(value);
}

/** An option value that may also be 0, which turns the thing off. */
export function countOrZero(value: string): number {
  return value === '0' ? 0 : positiveInteger(value);
}

/** An option value between 0 and 1. */
export function fraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) throw new InvalidArgumentError('It must be a number from 0 to 1.');
  return n;
}

/** A date written YYYY-MM-DD. */
export function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new InvalidArgumentError('It must be a date written YYYY-MM-DD.');
  return value;
}

/** Repeated options gather into a list. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
