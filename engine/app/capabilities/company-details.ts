// GET /api/public/company-details/{id}: the registry profile of a UK company, with filing deadlines checked against today.
import { z } from 'zod';
import type { CompanyProfile } from '../../model/records.js';
import { sicDescription } from '../../model/sic-codes.js';
import { SourceSchema } from '../../model/views.js';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { companyHit, requireUkCompany } from '../views/company-views.js';
import { EntityId } from '../contract/params.js';
import { SourceCollector } from '../views/sources.js';
import { refreshCompany, snapshotNote } from '../live/live-lookup.js';
import { normaliseIdentifier } from '../../identifiers/index.js';

/** The company number in a gb-coh id, or null when it is not one (then the id is only looked up). */
function companyNumberOf(raw: string): string | null {
  const r = normaliseIdentifier('gb-coh', raw);
  return r.ok ? r.value : null;
}

const DeadlineSchema = z.object({
  last_made_up_to: z.string().nullable().describe('End of the last period filed (YYYY-MM-DD)'),
  next_due: z.string().nullable().describe('When the next filing is due (YYYY-MM-DD)'),
  overdue: z.boolean().describe('next_due is before today (UTC) and the company is not dissolved'),
});
type Deadline = z.infer<typeof DeadlineSchema>;

/** Companies House stops chasing a dissolved company's filings: nothing of it is overdue. */
function deadline(due: CompanyProfile['accounts'], today: string, dissolved: boolean): Deadline {
  const last = due?.last_made_up_to ?? null;
  const next = due?.next_due ?? null;
  return { last_made_up_to: last, next_due: next, overdue: !dissolved && next !== null && next < today };
}

export const companyDetails = defineCapability({
  tool: 'get_company_details',
  title: 'UK company details',
  description:
    'The Companies House profile of a UK company: status, type, registered address, SIC 2007 nature-of-business codes with their descriptions, ' +
    'incorporation and dissolution dates, accounts and confirmation-statement deadlines with overdue flags (computed against today, UTC), ' +
    'charges (mortgages) registered, outstanding and satisfied, and former names. Use it to check whether a company is keeping up with its filings. ' +
    'Takes a gb-coh: id, or the id of another record of the same company; other entities answer 422 not_applicable. ' +
    'Fields the registry did not publish are null (charges is null when no charges data is held, which is not the same as no charges).',
  method: 'GET',
  path: '/api/public/company-details/:id',
  input: z.object({ id: EntityId.describe('Entity id of a UK company, e.g. gb-coh:01234567') }),
  output: z.object({
    id: z.string(),
    company_number: z.string(),
    name: z.string(),
    status: z.string().nullable(),
    company_type: z.string().nullable(),
    address: z.string().nullable(),
    sic: z.array(
      z.object({
        code: z.string(),
        description: z
          .string()
          .nullable()
          .describe('As the source published it, else from the condensed list; null when neither has the code'),
      }),
    ),
    incorporated_on: z.string().nullable(),
    dissolved_on: z.string().nullable(),
    accounts: DeadlineSchema,
    confirmation_statement: DeadlineSchema,
    charges: z
      .object({
        total: z.number().int(),
        outstanding: z.number().int(),
        satisfied: z.number().int(),
        part_satisfied: z.number().int(),
      })
      .nullable()
      .describe('Null when no charges data is held'),
    former_names: z.array(z.object({ name: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
    sources: z.array(SourceSchema),
    live: z.boolean().describe('True when the profile is the live register’s, refreshed for this request or recently'),
    note: z.string().describe('Where the profile came from, and why it was not refreshed when it was not'),
  }),
  cost: 1,
  errors: [422],
  annotations: READ_ONLY,
  async run(ctx, { id }) {
    const { corpus, config, now } = ctx;
    // A gb-coh id names the company directly: it is refreshed before it is read (found even when new since the snapshot).
    const number = id.startsWith('gb-coh:') ? companyNumberOf(id.slice('gb-coh:'.length)) : null;
    const freshness = number === null ? null : await refreshCompany(ctx, number);
    const ix = requireUkCompany(corpus, id, 'company-details');
    const record = corpus.entities.record(ix);
    const hit = companyHit(corpus, ix);
    const profile = record.company;
    const sources = new SourceCollector(config.publicUrl);
    for (const p of record.provenance) sources.add(p, record.id);
    const today = now.toISOString().slice(0, 10);
    const dissolved = record.dissolution_date !== null || record.status === 'dissolved';
    return {
      id: record.id,
      company_number: hit.company_number,
      name: record.name,
      status: record.status,
      company_type: profile?.company_type ?? null,
      address: hit.address,
      sic: (profile?.sic ?? []).map((code) => ({
        code,
        description: profile?.sic_descriptions?.[code] ?? sicDescription(code),
      })),
      incorporated_on: record.incorporation_date,
      dissolved_on: record.dissolution_date,
      accounts: deadline(profile?.accounts, today, dissolved),
      confirmation_statement: deadline(profile?.confirmation_statement, today, dissolved),
      charges: profile?.charges ?? null,
      former_names: profile?.former_names ?? [],
      sources: sources.list(),
      ...(freshness === null || freshness === 'not_found'
        ? { live: false, note: `${snapshotNote(corpus)}.` }
        : freshness),
    };
  },
});
