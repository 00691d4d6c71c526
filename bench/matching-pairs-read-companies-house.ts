// Reads Companies House samples: current vs previous company names (REST profiles, the Product 217 CSV), and every
// other company name in the samples as a pool for negatives.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';

export const CH_PROFILES = ['companies-house/api/rest/company_candour.json'];
export const CH_BASIC_CSV = 'companies-house/basic/relately-fixtures/prod217_BasicCompanyData_sample.csv';
export const CH_STREAM = 'companies-house/api/streaming/companies-stream_company-profile-3-events.ndjson';

interface ChProfile {
  company_name?: string;
  company_number?: string;
  previous_company_names?: { name?: string }[];
}

function readProfile(book: EntityBook, p: ChProfile, source: string): void {
  if (p.company_number === undefined) return;
  const e = book.get({
    group: `companies-house:${p.company_number}`,
    publisher: 'companies-house',
    source: `${source}:${p.company_number}`,
    type: 'company',
  });
  addName(e, p.company_name);
  for (const prev of p.previous_company_names ?? []) addName(e, prev.name);
  addIdentifier(e, 'reg', p.company_number);
  addCountry(e, 'gb');
}

export function readCompaniesHouse(book: EntityBook, sharedData: (p: string) => string): void {
  for (const f of CH_PROFILES)
    readProfile(book, JSON.parse(readFileSync(sharedData(f), 'utf8')) as ChProfile, 'companies-house-rest');
  for (const line of readFileSync(sharedData(CH_STREAM), 'utf8').split('\n')) {
    if (line.trim() !== '') readProfile(book, (JSON.parse(line) as { data: ChProfile }).data, 'companies-house-stream');
  }
  // Header names carry stray leading spaces (" CompanyNumber", " PreviousName_1.CompanyName").
  const rows = parse<Record<string, string>>(readFileSync(sharedData(CH_BASIC_CSV), 'utf8'), {
    columns: (h: string[]) => h.map((c) => c.trim()),
  });
  for (const r of rows) {
    const previous = Array.from({ length: 10 }, (_, i) => ({ name: r[`PreviousName_${i + 1}.CompanyName`] ?? '' }));
    readProfile(
      book,
      {
        company_name: r['CompanyName'] ?? '',
        company_number: r['CompanyNumber'] ?? '',
        previous_company_names: previous,
      },
      'companies-house-basic',
    );
  }
}
