// Dates in the fixed layouts registries publish (ISO, YYYYMMDD, DD/MM/YYYY, DD-MMM-YY), to the record format's dates.
import { missing } from '../errors/missing.js';
// Free-text dates of the sanctions lists ("circa 1955", "Jan 1960") are read by `dates.ts`.

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const pad = (n: number): string => String(n).padStart(2, '0');

/** Whether y-m-d is a real calendar day (rejects 31/02 and month 13, which a regex alone lets through). */
function isCalendarDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const day = (y: number, m: number, d: number): string | undefined =>
  isCalendarDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : undefined;

/**
 * A date cell: `null` when empty (the source publishes nothing), `undefined` when present but not a date (a
 * malformed value the caller may report), else ISO `YYYY-MM-DD`.
 */
export type DateCell = string | null | undefined;

/**
 * `YYYY-MM-DD`, or an ISO-8601 timestamp read as the calendar date it is written in: `2017-09-20T08:00:00+02:00` is
 * 2017-09-20, not shifted to UTC, because registries mean a local date.
 */
export function isoDate(raw: unknown): DateCell {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(raw.trim());
  return m === null ? undefined : day(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** `YYYYMMDD` (Companies House fixed-width files, Receita Federal); blank, `0` and `00000000` mean none. */
export function ymdDate(raw: string): DateCell {
  const s = raw.trim();
  if (s === '' || /^0+$/.test(s)) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m === null ? undefined : day(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** `DD/MM/YYYY` (Companies House CSV products). */
export function dmyDate(raw: string): DateCell {
  const s = raw.trim();
  if (s === '') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  return m === null ? undefined : day(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** `23-MAR-2006`, `23-Mar-06` (ICIJ). Two-digit years pivot on the current year: `06` is 2006, `98` is 1998. */
export function dayMonthYear(raw: string | null | undefined, now = new Date()): DateCell {
  const s = (raw ?? '').trim();
  if (s === '') return null;
  const m = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{2}|\d{4})$/.exec(s);
  if (m === null) return undefined;
  const digits = m[3] ?? missing('year of a matched date');
  const month = MONTHS.indexOf((m[2] ?? missing('month of a matched date')).toUpperCase()) + 1;
  let year = Number(digits);
  if (digits.length === 2) year += year <= now.getUTCFullYear() % 100 ? 2000 : 1900;
  return month === 0 ? undefined : day(year, month, Number(m[1]));
}

/** A birth month as `YYYY-MM` from a year and a month number (registries publish no day for officers). */
export function yearMonth(year: unknown, month: unknown): string | null {
  if (typeof year !== 'number' || !Number.isInteger(year) || year < 1800 || year > 2200) return null;
  if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12) return `${year}`;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Midnight UTC of a date, as the instant of an event that the source dates only to the day. */
export const startOfDay = (date: string): string => `${date}T00:00:00Z`;
