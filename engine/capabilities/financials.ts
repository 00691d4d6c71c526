// GET /api/public/financials/{id}: a UK company's filed accounts, newest first, with year-over-year changes.
import { z } from 'zod';
import type { Corpus } from '../corpus.js';
import type { FinancialsRecord } from '../model/records.js';
import { SourceSchema } from '../model/views.js';
import { READ_ONLY, defineCapability } from './capability.js';
import { requireUkCompany } from './company-details.js';
import { companyHit } from './company-views.js';
import { EntityId } from './params.js';
import { SourceCollector } from './sources.js';

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
    const later = newestFirst[i] as FinancialsRecord;
    const earlier = newestFirst[i + 1] as FinancialsRecord;
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

export const financials = defineCapability({
  tool: 'get_financials',
  title: 'UK company financials',
  description:
    'Filed accounts of a UK company, one entry per accounting period, newest first: turnover, profit, net assets, cash and employees, ' +
    'each period citing the filing it comes from. A figure the company did not file (abridged or micro-entity accounts) is null, never 0. ' +
    'changes lists the year-over-year movement of every figure present in two consecutive periods, as a percentage of the earlier value ' +
    '(so a narrowing loss is a positive change). Use it to spot falling revenue, losses or net liabilities. ' +
    'Takes a gb-coh: id, or the id of another record of the same company; other entities answer 422 not_applicable. ' +
    'A company with no accounts on file answers with empty periods and a null currency.',
  method: 'GET',
  path: '/api/public/financials/:id',
  input: z.object({ id: EntityId.describe('Entity id of a UK company, e.g. gb-coh:01234567') }),
  output: z.object({
    id: z.string(),
    company_number: z.string(),
    currency: z
      .string()
      .nullable()
      .describe('ISO 4217 currency of the newest period; null when no accounts are on file'),
    periods: z.array(PeriodSchema),
    changes: z.array(ChangeSchema),
    sources: z.array(SourceSchema),
  }),
  cost: 1,
  errors: [422],
  annotations: READ_ONLY,
  run({ corpus, config }, { id }) {
    const ix = requireUkCompany(corpus, id, 'financials');
    const hit = companyHit(corpus, ix);
    const sources = new SourceCollector(config.publicUrl);
    return {
      id: hit.id,
      company_number: hit.company_number,
      ...financialHistory(corpus, ix, sources),
      sources: sources.list(),
    };
  },
});

export interface FinancialHistory {
  currency: string | null;
  periods: z.infer<typeof PeriodSchema>[];
  changes: Change[];
}

/** Every filed period of an entity, newest first, with the year-over-year changes; shared with the paid report. */
export function financialHistory(corpus: Corpus, ix: number, sources: SourceCollector): FinancialHistory {
  const id = corpus.entities.ids[ix] as string;
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
