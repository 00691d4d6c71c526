// GET /api/public/company/search: UK registry companies by name or number, to find a company number.
import { z } from 'zod';
import { READ_ONLY, defineCapability } from '../contract/capability.js';
import { CompanyHitSchema, companyHit, isUkCompanyId } from '../views/company-views.js';
import { Query, limit } from '../contract/params.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { missing } from '../../errors/missing.js';
import { withDeadline } from '../live/with-deadline.js';

export const COMPANY_SEARCH_LIMIT = { default: 8, max: 50 } as const;

export const searchCompanies = defineCapability({
  tool: 'search_companies',
  title: 'Search UK companies',
  description:
    'Find UK registry (Companies House) companies by name or company number, to get the company number for lookup_company. ' +
    'For people, non-UK companies or sanctioned parties use search_entities. With a Companies House key configured, the live ' +
    "register's search is consulted too and its hits merged in (a company registered since the snapshot is found): live is then true.",
  method: 'GET',
  path: '/api/public/company/search',
  input: z.object({
    q: Query.describe('Company name or number'),
    limit: limit(COMPANY_SEARCH_LIMIT.default, COMPANY_SEARCH_LIMIT.max),
  }),
  output: z.object({
    hits: z.array(CompanyHitSchema),
    live: z.boolean().describe('True only when the answer was refreshed from the live registry during this request'),
  }),
  table: ({ hits }) => ({
    columns: ['id', 'company_number', 'name', 'status', 'incorporation_date', 'address', 'jurisdiction'],
    rows: hits.map((h) => [h.id, h.company_number, h.name, h.status, h.incorporation_date, h.address, h.jurisdiction]),
  }),
  cost: 1,
  annotations: READ_ONLY,
  async run(ctx, input) {
    const { corpus, registry } = ctx;
    const { entities } = corpus;
    // The register's hits are added to the corpus when it lacks them, so the search below finds them with the rest.
    const registryHits =
      registry === undefined
        ? null
        : await withDeadline(registry.search(input.q, input.limit, ctx.caller.id), registry.deadlineMs);
    const uk = (ix: number): boolean => isUkCompanyId(entities.ids.at(ix) ?? missing('entity id'));
    const found = identifierMatches(corpus, input.q).filter(uk);
    for (const m of corpus.names.search(input.q, input.limit, uk)) {
      if (found.length >= input.limit) break;
      if (!found.includes(m.entity)) found.push(m.entity);
    }
    for (const h of registryHits === null || registryHits === 'timeout' ? [] : registryHits) {
      const ix = entities.indexOf(`gb-coh:${h.company_number}`);
      if (ix !== undefined && !found.includes(ix)) found.push(ix);
    }
    return {
      hits: found.slice(0, input.limit).map((ix) => companyHit(corpus, ix)),
      live: registryHits !== null && registryHits !== 'timeout',
    };
  },
});
