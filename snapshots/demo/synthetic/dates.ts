// Calendar arithmetic on day numbers (days since 1970-01-01, UTC) with allocation-light ISO formatting.
import { missing } from '../../../engine/errors/missing.js';

const PAD2: readonly string[] = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
/** A month, day, hour, minute or second as two digits, from the table rather than a new string each time. */
const pad2 = (n: number): string => PAD2[n] ?? missing('two-digit number');
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Day number of a civil date (proleptic Gregorian), after Howard Hinnant's days_from_civil. */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

interface CivilDate {
  year: number;
  month: number;
  day: number;
}

// Scratch for civil(): the functions below read it right after one synchronous call, never across a yield.
const civilScratch: CivilDate = { year: 0, month: 0, day: 0 };

function civil(dayNum: number): CivilDate {
  const z = dayNum + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  civilScratch.year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  civilScratch.month = month;
  civilScratch.day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  return civilScratch;
}

export function yearOf(dayNum: number): number {
  return civil(dayNum).year;
}

export function monthOf(dayNum: number): number {
  return civil(dayNum).month;
}

/** `YYYY-MM-DD`. */
export function isoDate(dayNum: number): string {
  const c = civil(dayNum);
  return `${c.year}-${pad2(c.month)}-${pad2(c.day)}`;
}

/** `YYYY-MM`, the partial birth date Companies House publishes. */
export function yearMonth(dayNum: number): string {
  const c = civil(dayNum);
  return `${c.year}-${pad2(c.month)}`;
}

/** `31 May 2025`, as filing-history summaries print dates. */
export function longDate(dayNum: number): string {
  const c = civil(dayNum);
  return `${c.day} ${MONTHS[c.month - 1] ?? missing('month name')} ${c.year}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ` for a count of seconds since the epoch. */
export function instant(seconds: number): string {
  const dayNum = Math.floor(seconds / 86400);
  const rest = seconds - dayNum * 86400;
  const h = Math.floor(rest / 3600);
  const m = Math.floor((rest % 3600) / 60);
  return `${isoDate(dayNum)}T${pad2(h)}:${pad2(m)}:${pad2(rest % 60)}Z`;
}

/** The last day of a month; `month` may run past 12 or below 1 and carries into the year. */
export function monthEnd(year: number, month: number): number {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return m === 12 ? dayNumber(y + 1, 1, 1) - 1 : dayNumber(y, m + 1, 1) - 1;
}

/** The same day of the month `months` later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(dayNum: number, months: number): number {
  const c = civil(dayNum);
  const total = c.year * 12 + c.month - 1 + months;
  const y = Math.floor(total / 12);
  const m = total - y * 12 + 1;
  const d = c.day;
  return Math.min(dayNumber(y, m, d > 28 ? 1 : d) + (d > 28 ? d - 1 : 0), monthEnd(y, m));
}
