// Dates as lists publish them, often only a year or a month: packed for compact storage, compared as far as both go.

/** How two partial dates agree. */
export type DateAgreement = 'none' | 'full' | 'partial' | 'contradiction';

/** A partial date `YYYY[-MM[-DD]]` as YYYYMMDD with zeros for unknown parts; 0 when absent or unreadable. */
export function packDate(date: string | null): number {
  if (date === null) return 0;
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date);
  if (m === null) return 0;
  return Number(m[1]) * 10000 + Number(m[2] ?? 0) * 100 + Number(m[3] ?? 0);
}

/** 'full' when both dates are complete and equal, 'partial' when they agree as far as both go, 'contradiction' otherwise. */
export function compareDates(a: number, b: number): DateAgreement {
  if (a === 0 || b === 0) return 'none';
  const parts = (d: number): [number, number, number] => [Math.floor(d / 10000), Math.floor(d / 100) % 100, d % 100];
  const [ya, ma, da] = parts(a);
  const [yb, mb, db] = parts(b);
  if (ya !== yb) return 'contradiction';
  if (ma !== 0 && mb !== 0 && ma !== mb) return 'contradiction';
  if (da !== 0 && db !== 0 && da !== db) return 'contradiction';
  return da !== 0 && db !== 0 ? 'full' : 'partial';
}
