// One PSC register entry (snapshot line or API item) → the PSC entity, its relationship, statements and events.
import type { Identifier } from '../../model/records.js';
import { countryCode, nationalityCode } from '../countries.js';
import { isoDate, startOfDay, yearMonth } from '../record-dates.js';
import type { NormalisedRecordInput as RecordInput } from '../../model/records.js';
import { addressLine, companyId, companyNumber, companyUrl, field, provenance, text } from './ch-common.js';
import { controlOf } from './natures.js';
import { exemptionSummary, statementSummary } from './psc-statements.js';

export class PscProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PscOptions {
  retrievedAt: string;
  /** The API list is a company's current view: its notifications and cessations feed the activity timeline. */
  events: boolean;
}

const PERSON_KINDS = new Set(['individual-person-with-significant-control', 'individual-beneficial-owner']);
const LEGAL_KINDS = new Set([
  'corporate-entity-person-with-significant-control',
  'legal-person-person-with-significant-control',
  'corporate-entity-beneficial-owner',
  'legal-person-beneficial-owner',
]);
const SUPER_SECURE_KINDS = new Set(['super-secure-person-with-significant-control', 'super-secure-beneficial-owner']);

function date(data: unknown, name: string): string | null {
  const d = isoDate(field(data, name));
  if (d === undefined)
    throw new PscProblem(`data.${name}`, `not a YYYY-MM-DD date: ${JSON.stringify(field(data, name))}`);
  return d;
}

/** The last segment of `links.self`: the register's id of this entry, unique within the company. */
function entryId(data: unknown): string {
  const self = text(field(data, 'links'), 'self');
  const id = self
    ?.split('/')
    .filter((s) => s !== '')
    .pop();
  if (id === undefined) throw new PscProblem('data.links.self', 'missing: the entry has no id');
  return id;
}

/** A UK registration number becomes a gb-coh identifier (for resolution to the company); others are kept as given. */
export function identifiersOf(identification: unknown): Identifier[] {
  const reg = text(identification, 'registration_number');
  if (reg === null) return [];
  // Free text: trust the country when it is given, else look for a UK place or authority ("Companies House Cardiff").
  const country = text(identification, 'country_registered');
  const where = ['place_registered', 'legal_authority'].map((k) => text(identification, k) ?? '').join(' ');
  const uk =
    country !== null
      ? countryCode(country) === 'GB'
      : /england|wales|scotland|northern ireland|united kingdom|\buk\b|great britain|companies house|companies act 2006/i.test(
          where,
        );
  const number = uk ? companyNumber(reg.replace(/\s+/g, '')) : null;
  return number === null ? [{ scheme: 'registration-number', value: reg }] : [{ scheme: 'gb-coh', value: number }];
}

function personName(data: unknown): string | null {
  const e = field(data, 'name_elements');
  const parts = ['forename', 'other_forenames', 'middle_name', 'surname']
    .map((k) => text(e, k))
    .filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' ') : text(data, 'name');
}

type EntityInput = Extract<RecordInput, { record: 'entity' }>;

function ownerEntity(
  company: string,
  id: string,
  kind: string,
  data: unknown,
  url: string,
  retrievedAt: string,
): EntityInput {
  const published = text(data, 'name');
  const person = PERSON_KINDS.has(kind);
  const name = person ? personName(data) : published;
  if (name === null) throw new PscProblem('data.name', 'missing');
  const identification = field(data, 'identification');
  const addresses = [addressLine(field(data, 'address')), addressLine(field(data, 'principal_office_address'))].filter(
    (a): a is string => a !== null,
  );
  const nationalities = (text(data, 'nationality') ?? '')
    .split(',')
    .map((n) => nationalityCode(n))
    .filter((c): c is string => c !== null);
  const dob = field(data, 'date_of_birth');
  return {
    record: 'entity',
    id: `gb-coh-psc:${company}/${id}`,
    type: person ? 'person' : 'company',
    name,
    aliases: published !== null && published !== name ? [published] : [],
    jurisdiction: person
      ? countryCode(text(data, 'country_of_residence'))
      : (countryCode(text(identification, 'country_registered')) ??
        countryCode(text(identification, 'place_registered'))),
    identifiers: person ? [] : identifiersOf(identification),
    // Overseas-entity beneficial owners declare whether they are designated under UK sanctions.
    topics: field(data, 'is_sanctioned') === true ? ['sanction'] : [],
    addresses: [...new Set(addresses)],
    birth_date: person ? yearMonth(field(dob, 'year'), field(dob, 'month')) : null,
    nationalities: [...new Set(nationalities)],
    description: person
      ? null
      : [text(identification, 'legal_form'), text(identification, 'legal_authority')]
          .filter((s) => s !== null)
          .join(', ') || null,
    provenance: [provenance(`${company}/${id}`, url, retrievedAt)],
  };
}

/** Every record one register entry stands for; throws PscProblem naming the field when the entry is malformed. */
export function pscRecords(companyRaw: unknown, data: unknown, options: PscOptions): RecordInput[] {
  const company = companyNumber(companyRaw);
  if (company === null) throw new PscProblem('company_number', `not a company number: ${JSON.stringify(companyRaw)}`);
  const kind = text(data, 'kind');
  if (kind === null) throw new PscProblem('data.kind', 'missing');
  const url = `${companyUrl(company)}/persons-with-significant-control`;
  const prov = (id: string) => provenance(`${company}/${id}`, url, options.retrievedAt);
  const target = companyId(company);

  if (kind === 'persons-with-significant-control-statement') {
    const id = entryId(data);
    const code = text(data, 'statement');
    if (code === null) throw new PscProblem('data.statement', 'missing');
    // A withdrawn statement no longer explains anything about the company's owners.
    if (date(data, 'ceased_on') !== null) return [];
    return [
      {
        record: 'statement',
        entity_id: target,
        kind: 'psc-statement',
        code,
        summary: statementSummary(code, text(data, 'linked_psc_name')),
        date: date(data, 'notified_on'),
        provenance: prov(id),
      },
    ];
  }
  if (kind === 'exemptions') {
    const out: RecordInput[] = [];
    const exemptions = field(data, 'exemptions');
    for (const [key, ex] of Object.entries(exemptions !== null && typeof exemptions === 'object' ? exemptions : {})) {
      const code = text(ex, 'exemption_type') ?? key.replace(/_/g, '-');
      const items = field(ex, 'items');
      const periods = Array.isArray(items) ? (items as unknown[]) : [];
      // Only an exemption still running (an item without exempt_to) explains an empty register today.
      const open = periods.find((p) => text(p, 'exempt_to') === null);
      if (open === undefined) continue;
      const from = isoDate(field(open, 'exempt_from'));
      out.push({
        record: 'statement',
        entity_id: target,
        kind: 'exemption',
        code,
        summary: exemptionSummary(code),
        date: from ?? null,
        provenance: prov(`exemptions/${code}`),
      });
    }
    return out;
  }
  if (SUPER_SECURE_KINDS.has(kind)) {
    if (field(data, 'ceased') === true) return [];
    const code = text(data, 'description') ?? kind;
    const summary =
      'A person with significant control whose details are protected from the public register (super-secure).';
    return [
      {
        record: 'statement',
        entity_id: target,
        kind: 'super-secure',
        code,
        summary,
        date: date(data, 'notified_on'),
        provenance: prov(entryId(data)),
      },
    ];
  }
  if (!PERSON_KINDS.has(kind) && !LEGAL_KINDS.has(kind))
    throw new PscProblem('data.kind', `unknown kind ${JSON.stringify(kind)}`);

  const id = entryId(data);
  const owner = ownerEntity(company, id, kind, data, url, options.retrievedAt);
  const natures = field(data, 'natures_of_control');
  const list = Array.isArray(natures) ? natures.filter((n): n is string => typeof n === 'string') : [];
  const notified = date(data, 'notified_on');
  const ceased = date(data, 'ceased_on');
  const { kind: edge, share } = controlOf(list);
  const out: RecordInput[] = [
    owner,
    {
      record: 'relationship',
      source: owner.id,
      target,
      kind: edge,
      role: kind.endsWith('beneficial-owner') ? 'beneficial-owner' : 'psc',
      share,
      natures: list,
      start_date: notified,
      end_date: ceased,
      provenance: prov(id),
    },
  ];
  if (options.events) {
    const event = (type: 'psc-notified' | 'psc-ceased', on: string, verb: string): RecordInput => ({
      record: 'event',
      id: `gb-coh-psc:${company}/${id}#${type}`,
      entity_id: target,
      kind: 'ownership',
      type,
      occurred_at: startOfDay(on),
      summary: `${owner.name} ${verb} a person with significant control of ${company}${list.length > 0 ? ` (${list.join(', ')})` : ''}.`,
      provenance: prov(id),
    });
    if (notified !== null) out.push(event('psc-notified', notified, 'notified as'));
    if (ceased !== null) out.push(event('psc-ceased', ceased, 'ceased to be'));
  }
  return out;
}
