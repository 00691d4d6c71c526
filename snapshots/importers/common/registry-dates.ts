// Dates in the Companies House layouts (DD/MM/YYYY, YYYYMMDD, YYYYMM) to ISO YYYY-MM-DD or partial dates.

/** Whether y-m-d is a real calendar day (rejects 31/02 and month 13, which a regex alone lets through). */
function isCalendarDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const iso = (y: string, m: string, d: string): string | undefined =>
  isCalendarDay(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : undefined;

/**
 * A date cell: `null` when empty (the source publishes nothing), `undefined` when present but not a date (a
 * malformed value the caller reports), else ISO `YYYY-MM-DD`.
 */
export type DateCell = string | null | undefined;

/** `DD/MM/YYYY` (Companies House CSV products). */
export function dmyDate(raw: string): DateCell {
  const s = raw.trim();
  if (s === '') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  return m === null ? undefined : iso(m[3] as string, m[2] as string, m[1] as string);
}

/** `YYYYMMDD`, blank-filled when absent (fixed-width products). */
export function ymdDate(raw: string): DateCell {
  const s = raw.trim();
  if (s === '') return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  return m === null ? undefined : iso(m[1] as string, m[2] as string, m[3] as string);
}

/** `YYYY-MM-DD` as JSON APIs publish it. */
export function isoDate(raw: unknown): DateCell {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  return m === null ? undefined : iso(m[1] as string, m[2] as string, m[3] as string);
}

/** A birth month as `YYYY-MM` from a year and a month number (registries publish no day for officers). */
export function yearMonth(year: unknown, month: unknown): string | null {
  if (typeof year !== 'number' || !Number.isInteger(year) || year < 1800 || year > 2200) return null;
  if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12) return `${year}`;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Midnight UTC of a date, as the instant of an event that the source dates only to the day. */
export const startOfDay = (date: string): string => `${date}T00:00:00Z`;
