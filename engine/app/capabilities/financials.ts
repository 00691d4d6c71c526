// GET /api/public/financials/{id}: a UK company's filed accounts, newest first, with year-over-year changes.
import { z } from 'zod';
import { SourceSchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { EntityId } from '../contract/params.js';
import { companyHit, requireUkCompany } from '../views/company-views.js';
import { ChangeSchema, PeriodSchema, financialHistory } from '../views/financial-history.js';
import { SourceCollector } from '../views/sources.js';

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
