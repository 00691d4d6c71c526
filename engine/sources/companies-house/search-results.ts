// One hit of the registry's company search → a company entity with what a hit says (name, status, address, dates).
import type { NormalisedRecordInput as RecordInput } from '../../model/records.js';
import { isoDate } from '../record-dates.js';
import { addressLine, companyId, companyNumber, companyUrl, field, provenance, text } from './ch-common.js';
import { PscProblem } from './psc-records.js';

type Entity = Extract<RecordInput, { record: 'entity' }>;

/**
 * A hit is much less than a profile (no SIC codes, accounts or officers): it stands for a company the corpus did
 * not hold until a lookup refreshes it in full. Titles come with the register's double spaces ("YOU  LIMITED").
 */
export function searchHitEntity(item: unknown, retrievedAt: string): Entity {
  const number = companyNumber(text(item, 'company_number'));
  if (number === null) throw new PscProblem('company_number', 'missing or not a company number');
  const title = text(item, 'title')?.replace(/\s+/g, ' ');
  if (title === undefined) throw new PscProblem('title', 'missing');
  const address = addressLine(field(item, 'address')) ?? text(item, 'address_snippet');
  return {
    record: 'entity',
    id: companyId(number),
    type: 'company',
    name: title,
    jurisdiction: 'GB',
    identifiers: [{ scheme: 'gb-coh', value: number }],
    addresses: address === null ? [] : [address.replace(/\s+,/g, ',').replace(/\s+/g, ' ')],
    incorporation_date: isoDate(field(item, 'date_of_creation')) ?? null,
    dissolution_date: isoDate(field(item, 'date_of_cessation')) ?? null,
    status: text(item, 'company_status'),
    company: { company_number: number, company_type: text(item, 'company_type') },
    provenance: [provenance(number, companyUrl(number), retrievedAt)],
  };
}
