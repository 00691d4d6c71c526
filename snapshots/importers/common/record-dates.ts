// Dates as sources write them, to the record format's YYYY-MM-DD (or a partial date where that is all there is).

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const pad = (n: number): string => String(n).padStart(2, '0');

function valid(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * The calendar date of an ISO-8601 date or timestamp as written: `2017-09-20T08:00:00+02:00` is 2017-09-20.
 * The date is read in the offset the source gives, not shifted to UTC, because registries mean a local date.
 */
export function isoDate(raw: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec((raw ?? '').trim());
  if (m === null) return null;
  return valid(Number(m[1]), Number(m[2]), Number(m[3])) ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** `YYYYMMDD` (Receita Federal); `0`, `00000000` and blanks mean no date. */
export function compactDate(raw: string | null | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec((raw ?? '').trim());
  if (m === null || !valid(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * `23-MAR-2006`, `23-Mar-06` (ICIJ). Two-digit years pivot on the current year: `06` is 2006, `98` is 1998.
 * Returns undefined for text that is not a date at all, so that the caller can report it.
 */
export function dayMonthYear(raw: string | null | undefined, now = new Date()): string | null | undefined {
  const s = (raw ?? '').trim();
  if (s === '') return null;
  const m = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{2}|\d{4})$/.exec(s);
  if (m === null) return undefined;
  const month = MONTHS.indexOf((m[2] as string).toUpperCase()) + 1;
  let year = Number(m[3]);
  if ((m[3] as string).length === 2) year += year <= now.getUTCFullYear() % 100 ? 2000 : 1900;
  const day = Number(m[1]);
  if (month === 0 || !valid(year, month, day)) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}
