// A disqualified director as the registry publishes one (natural person or corporate body) → an entity record.
import type { NormalisedRecordInput as RecordInput } from '../../model/records.js';
import { nationalityCode } from '../countries.js';
import { isoDate } from '../record-dates.js';
import { CH_SITE, addressLine, field, provenance, text } from './ch-common.js';
import { PscProblem } from './psc-records.js';

const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);

/** "disqualified 2022-08-04 to 2028-08-03 (undertaking, section 7); companies: ASH ELECTRIC LIMITED" per disqualification. */
function describe(d: unknown): string {
  const from = isoDate(field(d, 'disqualified_from')) ?? '?';
  const until = isoDate(field(d, 'disqualified_until')) ?? '?';
  const how = [text(d, 'disqualification_type'), text(field(d, 'reason'), 'section')]
    .map((p, i) => (p === null ? null : i === 1 ? `section ${p}` : p))
    .filter((p) => p !== null)
    .join(', ');
  const companies = list(field(d, 'company_names')).filter((c): c is string => typeof c === 'string');
  return `disqualified ${from} to ${until}${how === '' ? '' : ` (${how})`}${companies.length > 0 ? `; companies: ${companies.join(', ')}` : ''}`;
}

/** `kind` is `natural` or `corporate`, as in the resource's path; `id` is the registry's id of the officer. */
export function disqualifiedOfficer(
  data: unknown,
  kind: 'natural' | 'corporate',
  id: string,
  retrievedAt: string,
): RecordInput {
  const name =
    kind === 'natural'
      ? ['forename', 'other_forenames', 'surname']
          .map((k) => text(data, k))
          .filter((p) => p !== null)
          .join(' ')
      : (text(data, 'name') ?? '');
  if (name === '') throw new PscProblem(kind === 'natural' ? 'surname' : 'name', 'missing');
  const disqualifications = list(field(data, 'disqualifications'));
  const nationality = nationalityCode(text(data, 'nationality'));
  const addresses = disqualifications.map((d) => addressLine(field(d, 'address'))).filter((a) => a !== null);
  const url = `${CH_SITE}/disqualified-officers/${kind}/${encodeURIComponent(id)}`;
  return {
    record: 'entity',
    id: `gb-coh-disqualified:${id}`,
    type: kind === 'natural' ? 'person' : 'company',
    name,
    topics: ['disqualified-director'],
    addresses: [...new Set(addresses)],
    birth_date: kind === 'natural' ? (isoDate(field(data, 'date_of_birth')) ?? null) : null,
    nationalities: nationality === null ? [] : [nationality],
    description: `Disqualified director: ${disqualifications.map(describe).join('; ') || 'details not published'}`,
    provenance: [provenance(`disqualified-officers/${kind}/${id}`, url, retrievedAt)],
  };
}
