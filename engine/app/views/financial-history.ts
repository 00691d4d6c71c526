// A UK company's filed accounts as periods, newest first, with year-over-year changes: the financials operation and
// the paid report's financial history.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import type { FinancialsRecord } from '../../model/records.js';
import { missing } from '../../errors/missing.js';
import type { SourceCollector } from './sources.js';

export const METRICS = ['turnover', 'profit', 'net_assets', 'cash', 'employees'] as const;

export const PeriodSchema = z.object({
  period_start: z.string().nullable(),
  period_end: z.string(),
  turnover: z.number().nullable(),
  profit: z.number().nullable(),
  net_assets: z.number().nullable(),
  cash: z.number().nullable(),
  employees: z.number().nullable(),
  source_ref: z.string().describe('The filed accounts this period comes from, in sources'),
});

export const ChangeSchema = z.object({
  metric: z.enum(METRICS),
  from_period: z.string().describe('period_end of the earlier period'),
  to_period: z.string().describe('period_end of the later period'),
  from: z.number(),
  to: z.number(),
  change_pct: z.number().nullable().describe('(to − from) / |from| × 100, rounded to 0.1; null when from is 0'),
});
type Change = z.infer<typeof ChangeSchema>;

/** Against |from|, so the sign always says which way the figure moved, also when a loss narrows. */
export function changePct(from: number, to: number): number | null {
  if (from === 0) return null;
  return Math.round(((to - from) / Math.abs(from)) * 1000) / 10;
}

/** Changes from each period to the next newer one; periods of one date or of two currencies are not compared. */
function changesOf(newestFirst: readonly FinancialsRecord[]): Change[] {
  const out: Change[] = [];
  for (let i = 0; i + 1 < newestFirst.length; i++) {
    const later = newestFirst[i];
    const earlier = newestFirst[i + 1];
    if (later === undefined || earlier === undefined) break;
    if (later.period_end === earlier.period_end || later.currency !== earlier.currency) continue;
    for (const metric of METRICS) {
      const from = earlier[metric];
      const to = later[metric];
      if (from === null || to === null) continue;
      out.push({
        metric,
        from_period: earlier.period_end,
        to_period: later.period_end,
        from,
        to,
        change_pct: changePct(from, to),
      });
    }
  }
  return out;
}

export interface FinancialHistory {
  currency: string | null;
  periods: z.infer<typeof PeriodSchema>[];
  changes: Change[];
}

/** Every filed period of an entity, newest first, with the year-over-year changes; shared with the paid report. */
export function financialHistory(corpus: Corpus, ix: number, sources: SourceCollector): FinancialHistory {
  const id = corpus.entities.ids.at(ix) ?? missing('entity id');
  const records = Array.from(corpus.financials.byEntity.of(ix), (r) => corpus.financials.records.get(r));
  records.sort((a, b) => (a.period_end === b.period_end ? 0 : a.period_end < b.period_end ? 1 : -1));
  const periods = records.map((r) => ({
    period_start: r.period_start,
    period_end: r.period_end,
    turnover: r.turnover,
    profit: r.profit,
    net_assets: r.net_assets,
    cash: r.cash,
    employees: r.employees,
    source_ref: sources.add(r.provenance, id).ref,
  }));
  return { currency: records[0]?.currency ?? null, periods, changes: changesOf(records) };
}
