// UK company shapes: the registry number as an id, the company summary, and the search hit.
import { z } from 'zod';
import { missing } from '../../errors/missing.js';
import { ServiceError, invalidParameter, notFound } from '../../errors/service-error.js';
import type { Corpus } from '../../corpus.js';
import { normaliseIdentifier } from '../../identifiers/index.js';
import { CompanyProfileSchema } from '../../model/records.js';
import { clusterMembers } from '../../sanctions/cluster-listings.js';
import { requireEntity } from './entity-views.js';

export const CompanyHitSchema = z.object({
  id: z.string(),
  company_number: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  incorporation_date: z.string().nullable(),
  address: z.string().nullable(),
  jurisdiction: z.string().nullable(),
});
export type CompanyHit = z.infer<typeof CompanyHitSchema>;

export const CompanySummarySchema = z.object({
  company_number: z.string(),
  company_type: z.string().nullable(),
  sic: z.array(z.string()),
  accounts: CompanyProfileSchema.shape.accounts.unwrap().nullable(),
  confirmation_statement: CompanyProfileSchema.shape.confirmation_statement.unwrap().nullable(),
  former_names: z.array(z.object({ name: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});

export const isUkCompanyId = (id: string): boolean => id.startsWith('gb-coh:');

/** Normalises a registry number (zero-padded to 8, prefixes kept) or says which value is wrong. */
export function companyNumber(raw: string, param: string): string {
  const r = normaliseIdentifier('gb-coh', raw);
  if (!r.ok) throw invalidParameter(param, r.reason);
  return r.value;
}

export function requireCompany(corpus: Corpus, number: string): number {
  const ix = corpus.entities.indexOf(`gb-coh:${number}`) ?? corpus.identifiers.get('gb-coh', number);
  if (ix === undefined) throw notFound('company', number);
  return ix;
}

export function companyHit(corpus: Corpus, ix: number): CompanyHit {
  const e = corpus.entities.record(ix);
  const number = e.identifiers.find((i) => i.scheme === 'gb-coh')?.value ?? e.id.slice(e.id.indexOf(':') + 1);
  return {
    id: e.id,
    company_number: number,
    name: e.name,
    status: e.status,
    incorporation_date: e.incorporation_date,
    address: e.addresses[0] ?? null,
    jurisdiction: e.jurisdiction,
  };
}

/**
 * The UK company record behind an id: the entity itself, or the Companies House record of the same cluster (so a
 * LEI record resolved to a UK company answers too). Anything else is `not_applicable`.
 */
export function requireUkCompany(corpus: Corpus, id: string, operation: string): number {
  const ix = requireEntity(corpus, id);
  const isUk = (m: number): boolean =>
    isUkCompanyId(corpus.entities.ids.at(m) ?? missing('entity id')) && corpus.entities.type(m) === 'company';
  if (isUk(ix)) return ix;
  const member = clusterMembers(corpus, ix).find(isUk);
  if (member !== undefined) return member;
  throw new ServiceError(
    'not_applicable',
    `${operation}: entity "${id}" is not a UK company (Companies House); only gb-coh: companies have one`,
    'id',
  );
}
