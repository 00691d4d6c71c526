// Companies House officers bulk files (Product 198 daily update, Product 195 snapshot): companies, officers, appointments.
import { missing } from '../../../engine/errors/missing.js';
import { countryCode, nationalityCode } from '../../../engine/sources/countries.js';
import { ymdDate } from '../../../engine/sources/record-dates.js';
import { inputFiles } from '../common/files.js';
import { textLines } from '../common/text-lines.js';
import { ImportError, defineImporter, type Located, type RecordInput } from '../importer.js';
import {
  CH_SOURCE,
  companyId,
  companyNumber,
  companyUrl,
  joinAddress,
  provenance,
} from '../../../engine/sources/companies-house/ch-common.js';
import {
  APPOINTMENT_TYPES,
  COMPANY_STATUS,
  ERRORED_APPOINTMENT,
  SNAPSHOT_LAYOUT,
  UPDATE_LAYOUT,
  VARIABLE_FIELDS,
  cut,
  type PersonLayout,
} from './officers-layout.js';

class RecordProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function companyRecord(line: string, retrievedAt: string): RecordInput {
  const number = companyNumber(line.slice(0, 8));
  if (number === null)
    throw new RecordProblem('company_number', `not a company number: ${JSON.stringify(line.slice(0, 8))}`);
  const nameLength = Number(line.slice(36, 40));
  // The name is followed by a "<"; its length field counts it.
  const name = line
    .slice(40, 40 + nameLength)
    .replace(/<$/, '')
    .trim();
  if (!Number.isInteger(nameLength) || name === '') throw new RecordProblem('company_name', 'missing');
  return {
    record: 'entity',
    id: companyId(number),
    type: 'company',
    name,
    jurisdiction: 'GB',
    identifiers: [{ scheme: 'gb-coh', value: number }],
    status: COMPANY_STATUS[line.charAt(9)] ?? null,
    provenance: [provenance(number, companyUrl(number), retrievedAt)],
  };
}

function dateOf(
  line: string,
  layout: PersonLayout,
  key: 'appointedOn' | 'resignedOn' | 'fullBirth',
  field: string,
): string | null {
  const d = ymdDate(cut(line, layout[key]));
  if (d === undefined) throw new RecordProblem(field, `not a YYYYMMDD date: ${JSON.stringify(cut(line, layout[key]))}`);
  return d;
}

function personRecords(line: string, layout: PersonLayout, retrievedAt: string): RecordInput[] {
  const number = companyNumber(line.slice(0, 8));
  if (number === null)
    throw new RecordProblem('company_number', `not a company number: ${JSON.stringify(line.slice(0, 8))}`);
  const code = cut(line, layout.appointmentType);
  if (code === ERRORED_APPOINTMENT) return [];
  const type = APPOINTMENT_TYPES[code];
  if (type === undefined) throw new RecordProblem('appointment_type', `unknown code ${JSON.stringify(code)}`);
  const personNumber = cut(line, layout.personNumber);
  if (!/^\d{12}$/.test(personNumber))
    throw new RecordProblem('person_number', `not 12 digits: ${JSON.stringify(personNumber)}`);
  const length = Number(cut(line, layout.variableLength));
  const variable = line.slice(layout.variableStart - 1);
  if (!Number.isInteger(length) || variable.length !== length) {
    throw new RecordProblem(
      'variable_data',
      `length field says ${cut(line, layout.variableLength)}, the record has ${variable.length} characters`,
    );
  }
  const parts = variable.split('<');
  const v = Object.fromEntries(VARIABLE_FIELDS.map((f, i) => [f, (parts[i] ?? '').trim()])) as Record<
    (typeof VARIABLE_FIELDS)[number],
    string
  >;
  const corporate = cut(line, layout.corporate) === 'Y';
  // Corporate officers put the company name in the surname slot.
  const name = corporate ? v.surname : [v.forenames, v.surname].filter((p) => p !== '').join(' ');
  if (name === '') throw new RecordProblem('surname', 'missing');
  const appointed = dateOf(line, layout, 'appointedOn', 'appointment_date');
  const resigned = dateOf(line, layout, 'resignedOn', 'resignation_date');
  const fullBirth = dateOf(line, layout, 'fullBirth', 'full_date_of_birth');
  const partial = /^(\d{4})(\d{2})/.exec(cut(line, layout.partialBirth));
  const birth = fullBirth ?? (partial === null ? null : `${partial[1]}-${partial[2]}`);
  const address = joinAddress([
    v.care_of,
    v.po_box,
    v.address_line_1,
    v.address_line_2,
    v.post_town,
    v.county,
    cut(line, layout.postcode),
    v.country,
  ]);
  const nationality = nationalityCode(v.nationality);
  // The first eight digits name the person; the last four change with their identifying details (a new address).
  const personId = `gb-coh-person:${personNumber.slice(0, 8)}`;
  const url = `${companyUrl(number)}/officers`;
  const recordId = `${number}/${personNumber}/${code}`;
  return [
    {
      record: 'entity',
      id: personId,
      type: corporate ? 'company' : 'person',
      name,
      aliases: !corporate && v.title !== '' ? [`${v.title} ${name}`] : [],
      jurisdiction: countryCode(v.residence_country),
      identifiers: [{ scheme: 'gb-coh-person-number', value: personNumber }],
      addresses: address === null ? [] : [address],
      birth_date: corporate ? null : birth,
      nationalities: nationality === null || corporate ? [] : [nationality],
      description: v.occupation === '' ? null : `Occupation: ${v.occupation}`,
      provenance: [provenance(recordId, url, retrievedAt)],
    },
    {
      record: 'relationship',
      source: personId,
      target: companyId(number),
      kind: 'directorship',
      role: corporate && (type.role === 'director' || type.role === 'secretary') ? `corporate-${type.role}` : type.role,
      start_date: appointed,
      // A resigned appointment without a resignation date still ended: the file's date is the latest it can have.
      end_date: type.ended ? (resigned ?? retrievedAt) : resigned,
      provenance: provenance(recordId, url, retrievedAt),
    },
  ];
}

async function* readFile(file: string): AsyncGenerator<Located> {
  let layout: PersonLayout | null = null;
  let retrievedAt = '';
  let records = 0;
  let trailer: number | null = null;
  for await (const { line, text } of textLines(file)) {
    const at = `${file}:${line}`;
    if (layout === null) {
      const m = /^DDDD(SNAP|UPDT)(\d{4})(\d{8})/.exec(text);
      const date = m === null ? undefined : ymdDate(m[3] ?? missing('date of a matched header'));
      if (m === null || date === undefined || date === null)
        throw new ImportError(file, 'not an officers bulk file: no DDDDSNAP / DDDDUPDT header', line);
      layout = m[1] === 'SNAP' ? SNAPSHOT_LAYOUT : UPDATE_LAYOUT;
      retrievedAt = date;
      continue;
    }
    if (text.trim() === '') continue;
    if (trailer !== null) throw new ImportError(file, 'records after the trailer', line);
    if (text.startsWith('99999999')) {
      trailer = Number(text.slice(8, 16));
      continue;
    }
    records += 1;
    try {
      const type = text.charAt(8);
      if (type === '1') yield { at, record: companyRecord(text, retrievedAt) };
      else if (type === '2') for (const record of personRecords(text, layout, retrievedAt)) yield { at, record };
      else throw new RecordProblem('record_type', `unknown record type ${JSON.stringify(type)}`);
    } catch (e) {
      if (!(e instanceof RecordProblem)) throw e;
      yield { at, problem: e.message, field: e.field };
    }
  }
  if (layout === null) throw new ImportError(file, 'empty file');
  if (trailer === null) throw new ImportError(file, 'truncated: no 99999999 trailer record');
  if (trailer !== records)
    throw new ImportError(file, `the trailer counts ${trailer} records, the file holds ${records}`);
}

export const chOfficersDat = defineImporter({
  format: 'ch-officers',
  description:
    'Companies House officers bulk files (Product 198 update / 195 snapshot, fixed width): officers and their appointments',
  source: CH_SOURCE,
  input: 'file or directory',
  async *read(input) {
    for (const file of inputFiles(input, ['.dat', '.txt'])) yield* readFile(file);
  },
});
