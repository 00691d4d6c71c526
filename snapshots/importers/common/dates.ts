// Dates as sources print them, turned into the record format's YYYY-MM-DD or partial YYYY-MM / YYYY.
import { missing } from '../../../engine/errors/missing.js';

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

const pad = (n: string): string => n.padStart(2, '0');

// The groups read below are filled by every match; one absent would be a bug in the expression.
const PART = 'part of a matched date';

function valid(y: string, m?: string, d?: string): string | null {
  const year = Number(y);
  if (year < 1800 || year > 2100) return null;
  if (m === undefined) return y;
  const month = Number(m);
  if (month < 1 || month > 12) return null;
  if (d === undefined) return `${y}-${pad(m)}`;
  const day = Number(d);
  if (day < 1 || day > 31) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/**
 * A date in any of the forms the sanctions lists print: `1962-05-01` (or an instant), `05 Jan 1960`, `Jan 1960`,
 * `1962`, `circa 1955`, `01/05/1962` (day first unless `order` is 'mdy'), `dd/mm/1945` (a year with the day and
 * month left as letters). A range (`1959 to 1961`) is not one date and gives null, as does anything unrecognised.
 */
export function partialDate(raw: string, order: 'dmy' | 'mdy' = 'dmy'): string | null {
  const s = raw.trim().replace(/^(circa|approximately|approx\.?|about|c\.)\s*/i, '');
  if (s === '' || /\bto\b|\bbetween\b/i.test(s) || /^\d{4}\s*-\s*\d{4}$/.test(s)) return null;
  let m = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T.*)?$/.exec(s);
  if (m !== null) return valid(m[1] ?? missing(PART), m[2], m[3]);
  m = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(s);
  if (m !== null) {
    const month = MONTHS[(m[2] ?? missing(PART)).toLowerCase()];
    return month === undefined ? null : valid(m[3] ?? missing(PART), month, m[1]);
  }
  m = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(s);
  if (m !== null) {
    const month = MONTHS[(m[1] ?? missing(PART)).toLowerCase()];
    return month === undefined ? null : valid(m[2] ?? missing(PART), month);
  }
  m = /^(\d{4})$/.exec(s);
  if (m !== null) return valid(m[1] ?? missing(PART));
  m = /^(\d{1,2}|[dm]{2})\/(\d{1,2}|[dm]{2})\/(\d{4})$/i.exec(s);
  if (m !== null) {
    const year = m[3] ?? missing(PART);
    const [one, two] = [m[1] ?? missing(PART), m[2] ?? missing(PART)];
    const [first, second] = order === 'dmy' ? [one, two] : [two, one];
    const day = /\d/.test(first) ? first : undefined;
    const month = /\d/.test(second) ? second : undefined;
    // `dd/05/1960` keeps the month; `05/mm/1960` cannot say more than the year.
    if (month === undefined) return valid(year);
    return valid(year, month, day);
  }
  return null;
}

/** The first of several printed dates that can be read, or null. */
export function firstDate(values: readonly string[], order: 'dmy' | 'mdy' = 'dmy'): string | null {
  for (const v of values) {
    const d = partialDate(v, order);
    if (d !== null) return d;
  }
  return null;
}

/** A full `YYYY-MM-DD` for provenance `retrieved_at`, or null when the value is not a complete date. */
export function fullDate(raw: string, order: 'dmy' | 'mdy' = 'dmy'): string | null {
  const d = partialDate(raw, order);
  return d !== null && d.length === 10 ? d : null;
}
