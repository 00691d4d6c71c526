// Companies House "Free Company Data Product" (BasicCompanyData CSV, Product 217): one company profile per row.
import { missing } from '../../../engine/errors/missing.js';
import path from 'node:path';
import type { CompanyProfile } from '../../../engine/model/records.js';
import { csvRows } from '../common/csv-rows.js';
import { dmyDate } from '../../../engine/sources/record-dates.js';
import { countryCode } from '../../../engine/sources/countries.js';
import { inputFiles } from '../common/files.js';
import { ImportError, defineImporter, type Located, type RecordInput } from '../importer.js';
import {
  CH_SOURCE,
  companyId,
  companyNumber,
  companyUrl,
  joinAddress,
  provenance,
} from '../../../engine/sources/companies-house/ch-common.js';
import { companyStatus, companyType } from './company-labels.js';

const REQUIRED = ['CompanyName', 'CompanyNumber', 'IncorporationDate', 'CompanyStatus'] as const;

/** "62020 - Information technology consultancy activities" → code and text; older rows carry 4-digit SIC 2003 codes. */
export function parseSicText(raw: string): { code: string; description: string } | null | undefined {
  const s = raw.trim();
  // CIOs and some other bodies publish the literal "None Supplied".
  if (s === '' || s.toLowerCase() === 'none supplied') return null;
  const m = /^(\d{4,5})\s*-\s*(.+)$/.exec(s);
  if (m === null) return undefined;
  return {
    code: m[1] ?? missing('code of a matched SIC'),
    description: (m[2] ?? missing('text of a matched SIC')).trim(),
  };
}

/** The snapshot date in the official file names (BasicCompanyData-2023-10-01-part1_7.csv, BasicCompanyDataAsOneFile-…). */
function fileDate(file: string): string | null {
  return /BasicCompanyData(?:AsOneFile)?-(\d{4}-\d{2}-\d{2})/.exec(path.basename(file))?.[1] ?? null;
}

class RowProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** One row read through its header: cells by trimmed column name, with checks that name the column at fault. */
class Row {
  constructor(private readonly cells: ReadonlyMap<string, string>) {}
  get(name: string): string {
    return (this.cells.get(name) ?? '').trim();
  }
  date(name: string): string | null {
    const d = dmyDate(this.get(name));
    if (d === undefined) throw new RowProblem(name, `not a DD/MM/YYYY date: ${JSON.stringify(this.get(name))}`);
    return d;
  }
  count(name: string): number {
    const s = this.get(name);
    if (s === '') return 0;
    if (!/^\d+$/.test(s)) throw new RowProblem(name, `not a count: ${JSON.stringify(s)}`);
    return Number(s);
  }
}

function entityOf(row: Row, retrievedAt: string): RecordInput {
  const number = companyNumber(row.get('CompanyNumber'));
  if (number === null)
    throw new RowProblem('CompanyNumber', `not a company number: ${JSON.stringify(row.get('CompanyNumber'))}`);
  const name = row.get('CompanyName');
  if (name === '') throw new RowProblem('CompanyName', 'empty');
  const incorporated = row.date('IncorporationDate');
  const dissolved = row.date('DissolutionDate');

  const sic: string[] = [];
  const sicText: Record<string, string> = {};
  for (let i = 1; i <= 4; i++) {
    const col = `SICCode.SicText_${i}`;
    const parsed = parseSicText(row.get(col));
    if (parsed === undefined)
      throw new RowProblem(col, `not "<code> - <description>": ${JSON.stringify(row.get(col))}`);
    if (parsed === null || sic.includes(parsed.code)) continue;
    sic.push(parsed.code);
    sicText[parsed.code] = parsed.description;
  }

  // PreviousName_1 is the latest former name; its CONDATE is the day the company stopped using it, and the next
  // older name's CONDATE (or incorporation, for the oldest) is the day it started.
  const former: NonNullable<CompanyProfile['former_names']> = [];
  const changes: { name: string; to: string | null }[] = [];
  for (let i = 1; i <= 10; i++) {
    const formerName = row.get(`PreviousName_${i}.CompanyName`);
    const to = row.date(`PreviousName_${i}.CONDATE`);
    if (formerName !== '') changes.push({ name: formerName, to });
  }
  changes.forEach((c, i) =>
    former.push({ name: c.name, from: i + 1 < changes.length ? (changes[i + 1]?.to ?? null) : incorporated, to: c.to }),
  );

  const company: CompanyProfile = {
    company_number: number,
    company_type: companyType(row.get('CompanyCategory')),
    sic,
    sic_descriptions: sicText,
    accounts: { last_made_up_to: row.date('Accounts.LastMadeUpDate'), next_due: row.date('Accounts.NextDueDate') },
    confirmation_statement: {
      last_made_up_to: row.date('ConfStmtLastMadeUpDate'),
      next_due: row.date('ConfStmtNextDueDate'),
    },
    former_names: former,
    charges: {
      total: row.count('Mortgages.NumMortCharges'),
      outstanding: row.count('Mortgages.NumMortOutstanding'),
      satisfied: row.count('Mortgages.NumMortSatisfied'),
      part_satisfied: row.count('Mortgages.NumMortPartSatisfied'),
    },
  };
  const address = joinAddress(
    [
      'RegAddress.CareOf',
      'RegAddress.POBox',
      'RegAddress.AddressLine1',
      'RegAddress.AddressLine2',
      'RegAddress.PostTown',
      'RegAddress.County',
      'RegAddress.PostCode',
      'RegAddress.Country',
    ].map((c) => row.get(c)),
  );
  const category = row.get('Accounts.AccountCategory');
  return {
    record: 'entity',
    id: companyId(number),
    type: 'company',
    name,
    aliases: former.map((f) => f.name),
    // CountryOfOrigin is "United Kingdom" for UK companies, the home country for overseas (FC) ones.
    jurisdiction: countryCode(row.get('CountryOfOrigin')) ?? 'GB',
    identifiers: [{ scheme: 'gb-coh', value: number }],
    addresses: address === null ? [] : [address],
    incorporation_date: incorporated,
    dissolution_date: dissolved,
    status: companyStatus(row.get('CompanyStatus')),
    description: category === '' ? null : `Accounts category: ${category}`,
    company,
    provenance: [provenance(number, companyUrl(number), retrievedAt)],
  };
}

async function* readFile(file: string, retrievedAt: string): AsyncGenerator<Located> {
  let header: string[] | null = null;
  for await (const { line, cells } of csvRows(file)) {
    const at = `${file}:${line}`;
    if (header === null) {
      // Fourteen header names carry a stray leading space (" CompanyNumber"): trim before mapping.
      header = cells.map((c) => c.trim());
      const absent = REQUIRED.filter((r) => !header?.includes(r));
      if (absent.length > 0)
        throw new ImportError(file, `not a BasicCompanyData CSV: header lacks ${absent.join(', ')}`, line);
      continue;
    }
    if (cells.length !== header.length) {
      yield { at, problem: `row has ${cells.length} cells, the header ${header.length}`, field: '(row)' };
      continue;
    }
    const h = header;
    // The row has as many cells as the header has names (checked above).
    const row = new Row(new Map(cells.map((c, i) => [h[i] ?? missing('header name'), c])));
    try {
      yield { at, record: entityOf(row, retrievedAt) };
    } catch (e) {
      if (!(e instanceof RowProblem)) throw e;
      yield { at, problem: e.message, field: e.field };
    }
  }
  if (header === null) throw new ImportError(file, 'empty file: no header row');
}

export const chBasicCsv = defineImporter({
  format: 'ch-basic-csv',
  description:
    'Companies House Free Company Data Product (BasicCompanyData CSV): company profiles, SIC codes, filing deadlines, former names',
  source: CH_SOURCE,
  input: 'file or directory',
  async *read(input, options) {
    for (const file of inputFiles(input, ['.csv'])) yield* readFile(file, fileDate(file) ?? options.retrievedAt);
  },
});
