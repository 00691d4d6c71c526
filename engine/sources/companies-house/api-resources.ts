// Companies House Public Data API resources (profile, officers, filing history, insolvency, appointments) → records.
import { missing } from '../../errors/missing.js';
import type { CompanyProfile } from '../../model/records.js';
import { countryCode, nationalityCode } from '../countries.js';
import { isoDate, startOfDay, yearMonth } from '../record-dates.js';
import type { NormalisedRecordInput as RecordInput } from '../../model/records.js';
import { addressLine, companyId, companyUrl, field, officerUrl, provenance, text } from './ch-common.js';
import { PscProblem, identifiersOf } from './psc-records.js';

type Entity = Extract<RecordInput, { record: 'entity' }>;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
const date = (v: unknown): string | null => isoDate(v) ?? null;

/** England-and-Wales, Scotland, Northern Ireland… are all GB; overseas registrations name no UK jurisdiction. */
const UK_JURISDICTIONS = new Set([
  'england-wales',
  'wales',
  'scotland',
  'northern-ireland',
  'united-kingdom',
  'england',
]);

export function profileEntity(
  p: unknown,
  number: string,
  charges: CompanyProfile['charges'] | undefined,
  retrievedAt: string,
): Entity {
  const name = text(p, 'company_name');
  if (name === null) throw new PscProblem('company_name', 'missing');
  const accounts = field(p, 'accounts');
  const cs = field(p, 'confirmation_statement');
  const former = list(field(p, 'previous_company_names')).flatMap((f) => {
    const n = text(f, 'name');
    return n === null ? [] : [{ name: n, from: date(field(f, 'effective_from')), to: date(field(f, 'ceased_on')) }];
  });
  const company: CompanyProfile = {
    company_number: number,
    company_type: text(p, 'type'),
    sic: list(field(p, 'sic_codes')).filter((s): s is string => typeof s === 'string'),
    accounts: {
      last_made_up_to: date(field(field(accounts, 'last_accounts'), 'made_up_to')),
      next_due: date(field(accounts, 'next_due')) ?? date(field(field(accounts, 'next_accounts'), 'due_on')),
    },
    confirmation_statement: {
      last_made_up_to: date(field(cs, 'last_made_up_to')),
      next_due: date(field(cs, 'next_due')),
    },
    former_names: former,
    ...(charges === undefined ? {} : { charges }),
  };
  const address = addressLine(field(p, 'registered_office_address'));
  const jurisdiction = text(p, 'jurisdiction');
  return {
    record: 'entity',
    id: companyId(number),
    type: 'company',
    name,
    aliases: former.map((f) => f.name),
    jurisdiction:
      jurisdiction !== null && UK_JURISDICTIONS.has(jurisdiction)
        ? 'GB'
        : countryCode(text(field(p, 'foreign_company_details'), 'originating_registry') ?? ''),
    identifiers: [{ scheme: 'gb-coh', value: number }],
    addresses: address === null ? [] : [address],
    incorporation_date: date(field(p, 'date_of_creation')),
    dissolution_date: date(field(p, 'date_of_cessation')),
    status: text(p, 'company_status'),
    company,
    provenance: [provenance(number, companyUrl(number), retrievedAt)],
  };
}

/** "STEVENSON, Elizabeth Mary" → "Elizabeth Mary STEVENSON"; a corporate name has no comma to turn round. */
function officerName(item: unknown): string | null {
  const published = text(item, 'name');
  const m = published === null ? null : /^([^,]+),\s*(.+)$/.exec(published);
  if (m === null) return published;
  const surname = m[1] ?? missing('surname of a matched name');
  const given = m[2] ?? missing('given names of a matched name');
  return `${given.trim()} ${surname.trim()}`;
}

/** The API's officer id is only in the appointments link: /officers/<id>/appointments. */
function officerId(item: unknown): string | null {
  const link = text(field(field(item, 'links'), 'officer'), 'appointments') ?? text(field(item, 'links'), 'self');
  return /\/officers\/([^/]+)\/appointments/.exec(link ?? '')?.[1] ?? null;
}

function officerEntity(id: string, item: unknown, corporate: boolean, retrievedAt: string): Entity {
  const name = officerName(item);
  if (name === null) throw new PscProblem('name', 'missing');
  const published = text(item, 'name');
  const dob = field(item, 'date_of_birth');
  const nationality = nationalityCode(text(item, 'nationality'));
  const address = addressLine(field(item, 'address'));
  const occupation = text(item, 'occupation');
  return {
    record: 'entity',
    id: `gb-coh-officer:${id}`,
    type: corporate ? 'company' : 'person',
    name,
    aliases: published !== null && published !== name ? [published] : [],
    jurisdiction: countryCode(text(item, 'country_of_residence')),
    identifiers: corporate ? identifiersOf(field(item, 'identification')) : [],
    addresses: address === null ? [] : [address],
    birth_date: corporate ? null : yearMonth(field(dob, 'year'), field(dob, 'month')),
    nationalities: nationality === null || corporate ? [] : [nationality],
    description: occupation === null ? null : `Occupation: ${occupation}`,
    provenance: [provenance(id, officerUrl(id), retrievedAt)],
  };
}

/** One officer-list item → the officer and the directorship. */
export function officerRecords(item: unknown, number: string, retrievedAt: string): RecordInput[] {
  const id = officerId(item);
  if (id === null) throw new PscProblem('links.officer.appointments', 'missing: the officer has no id');
  const role = text(item, 'officer_role');
  if (role === null) throw new PscProblem('officer_role', 'missing');
  const officer = officerEntity(id, item, role.startsWith('corporate-'), retrievedAt);
  return [officer, directorship(officer.id, number, role, item, id, retrievedAt)];
}

function directorship(
  source: string,
  number: string,
  role: string,
  item: unknown,
  id: string,
  retrievedAt: string,
): RecordInput {
  const start = isoDate(field(item, 'appointed_on'));
  const end = isoDate(field(item, 'resigned_on'));
  if (start === undefined)
    throw new PscProblem('appointed_on', `not a YYYY-MM-DD date: ${JSON.stringify(field(item, 'appointed_on'))}`);
  if (end === undefined)
    throw new PscProblem('resigned_on', `not a YYYY-MM-DD date: ${JSON.stringify(field(item, 'resigned_on'))}`);
  return {
    record: 'relationship',
    source,
    target: companyId(number),
    kind: 'directorship',
    role,
    start_date: start,
    end_date: end,
    provenance: provenance(`${number}/officers/${id}`, officerUrl(id), retrievedAt),
  };
}

/** GET /officers/{id}/appointments: one officer across companies. */
export function appointmentRecords(doc: unknown, retrievedAt: string): RecordInput[] {
  const id = officerId(doc);
  if (id === null) throw new PscProblem('links.self', 'missing: the officer has no id');
  const items = list(field(doc, 'items'));
  const corporate = items.some((i) => (text(i, 'officer_role') ?? '').startsWith('corporate-'));
  const officer = officerEntity(id, doc, corporate, retrievedAt);
  const out: RecordInput[] = [officer];
  for (const item of items) {
    const number = text(field(item, 'appointed_to'), 'company_number');
    const role = text(item, 'officer_role');
    if (number === null || role === null) throw new PscProblem('items.appointed_to.company_number', 'missing');
    out.push(directorship(officer.id, number, role, item, id, retrievedAt));
  }
  return out;
}

/** Filing-history category (and subcategory) → event type. */
function filingType(item: unknown): string {
  const category = text(item, 'category') ?? 'other';
  const sub = text(item, 'subcategory');
  const type = text(item, 'type') ?? '';
  if (category === 'accounts') return 'accounts-filed';
  if (category === 'confirmation-statement') return 'confirmation-statement-filed';
  if (category === 'annual-return') return 'annual-return-filed';
  if (category === 'officers')
    return sub === 'appointments'
      ? 'officer-appointed'
      : sub === 'termination'
        ? 'officer-resigned'
        : 'officer-changed';
  if (category === 'change-of-name') return 'change-of-name';
  if (category === 'mortgage')
    return sub === 'satisfy' || /^(MR04|MG02)/.test(type)
      ? 'charge-satisfied'
      : sub === 'create' || /^(MR01|MG01)/.test(type)
        ? 'charge-created'
        : 'charge-filed';
  if (category === 'incorporation') return 'incorporation';
  if (category === 'gazette') return /^GAZ2/.test(type) ? 'dissolution' : 'gazette-notice';
  if (category === 'persons-with-significant-control')
    return sub === 'termination' ? 'psc-cessation-filed' : 'psc-filed';
  if (category === 'address') return 'registered-office-changed';
  if (category === 'insolvency' || category === 'liquidation') return 'insolvency-filed';
  return `${category}-filed`;
}

/** A filing-history item → a `filing` event; its transaction id makes the event id unique and stable. */
export function filingEvent(item: unknown, number: string, index: number, retrievedAt: string): RecordInput {
  const on = isoDate(field(item, 'date'));
  if (on === undefined || on === null)
    throw new PscProblem(`items[${index}].date`, `not a YYYY-MM-DD date: ${JSON.stringify(field(item, 'date'))}`);
  const transaction = text(item, 'transaction_id') ?? `${on}-${text(item, 'type') ?? 'filing'}-${index}`;
  const values = field(item, 'description_values');
  const detail =
    values !== null && typeof values === 'object'
      ? Object.values(values)
          .filter((v) => typeof v === 'string')
          .join('; ')
      : '';
  const key = (text(item, 'description') ?? 'filing').replace(/-/g, ' ');
  return {
    record: 'event',
    id: `gb-coh:${number}/filing-history/${transaction}`,
    entity_id: companyId(number),
    kind: 'filing',
    type: filingType(item),
    occurred_at: startOfDay(on),
    summary: `${text(item, 'type') ?? 'Filing'}: ${key}${detail === '' ? '' : ` (${detail})`}`,
    provenance: provenance(
      `${number}/filing-history/${transaction}`,
      `${companyUrl(number)}/filing-history`,
      retrievedAt,
    ),
  };
}

/** Insolvency cases → one `filing` event per dated step (petitioned-on, wound-up-on, …). */
export function insolvencyEvents(doc: unknown, number: string, retrievedAt: string): RecordInput[] {
  const out: RecordInput[] = [];
  for (const c of list(field(doc, 'cases'))) {
    const caseType = text(c, 'type') ?? 'insolvency';
    const caseNumber = text(c, 'number') ?? String(out.length + 1);
    const practitioners = list(field(c, 'practitioners'))
      .map((p) => text(p, 'name'))
      .filter((n) => n !== null);
    for (const d of list(field(c, 'dates'))) {
      const on = date(field(d, 'date'));
      const step = text(d, 'type');
      if (on === null || step === null) continue;
      out.push({
        record: 'event',
        id: `gb-coh:${number}/insolvency/${caseNumber}/${step}`,
        entity_id: companyId(number),
        kind: 'filing',
        type: `insolvency-${step.replace(/-on$/, '')}`,
        occurred_at: startOfDay(on),
        summary: `${caseType.replace(/-/g, ' ')} case ${caseNumber}: ${step.replace(/-/g, ' ')} ${on}${practitioners.length > 0 ? ` (practitioners: ${practitioners.join(', ')})` : ''}`,
        provenance: provenance(`${number}/insolvency/${caseNumber}`, `${companyUrl(number)}/insolvency`, retrievedAt),
      });
    }
  }
  return out;
}
