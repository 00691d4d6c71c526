// Reads OFAC's legacy CSV layout (SDN.CSV + ALT.CSV, CONS_PRIM.CSV + CONS_ALT.CSV): primary names and their
// aka/fka/nka aliases, with the identity data that sits in free-text remarks.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { addBirthYears, addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';
import type { EntityRecord, EntityType, Exclusions } from './matching-pairs-types.js';
import { exclude } from './matching-pairs-types.js';

export const OFAC_CSV_SETS = [
  { label: 'ofac-sdn-csv-2021', prim: 'ofac/legacy_csv_2021-07-07/SDN.CSV', alt: 'ofac/legacy_csv_2021-07-07/ALT.CSV' },
  {
    label: 'ofac-cons-csv-2025',
    prim: 'ofac/cons_csv_2025-12-19/CONS_PRIM.CSV',
    alt: 'ofac/cons_csv_2025-12-19/CONS_ALT.CSV',
  },
  // Its SDN.CSV is missing: aliases join only the entries known from the other files (same OFAC uid, same entity).
  { label: 'ofac-sdn-csv-2025', prim: undefined, alt: 'ofac/legacy_csv_2025-12-24_partial/ALT.CSV' },
] as const;

/** No header, latin-1, CRLF, a Ctrl-Z byte at the end, and `-0- ` (with its trailing space) for null. */
function readRows(file: string): string[][] {
  const text = readFileSync(file, 'latin1').replace(/\x1a/gu, '');
  const rows = parse(text, { relax_quotes: true, relax_column_count: true, skip_empty_lines: true });
  return rows.map((r) => r.map((v) => (v.trim() === '-0-' ? '' : v.trim())));
}

function ofacType(sdnType: string): EntityType | 'aircraft' {
  const t = sdnType.toLowerCase();
  return t === 'individual' ? 'person' : t === 'vessel' ? 'vessel' : t === 'aircraft' ? 'aircraft' : 'company';
}

const ID_PATTERNS: readonly (readonly [string, RegExp])[] = [
  ['imo', /\bIMO (\d{7})\b/gu],
  ['lei', /\bLegal Entity Number ([0-9A-Z]{20})\b/gu],
  [
    'reg',
    /\b(?:Registration ID|Registration Number|Business Registration Number|Company Number|Tax ID No\.|Commercial Registry Number)\s+([A-Z0-9][A-Z0-9-]{3,})/gu,
  ],
  ['document', /\b(?:Passport|National ID No\.|Cedula No\.|Identification Number|NIT #)\s+([A-Z0-9][A-Z0-9-]{3,})/gu],
];

/** Identity data is not structured in the CSV: it sits in the `;`-separated remarks as "key value" fragments. */
export function readRemarks(e: EntityRecord, remarks: string): void {
  for (const [scheme, re] of ID_PATTERNS) for (const m of remarks.matchAll(re)) addIdentifier(e, scheme, m[1]);
  for (const m of remarks.matchAll(/\bDOB ([^;]+)/gu)) addBirthYears(e, m[1]);
}

export function readOfacCsv(book: EntityBook, sharedData: (p: string) => string, exclusions: Exclusions): void {
  for (const set of OFAC_CSV_SETS) {
    if (set.prim !== undefined) {
      for (const r of readRows(sharedData(set.prim))) {
        const [entNum = '', name = '', sdnType = '', , , callSign = '', , , , flag = '', , remarks = ''] = r;
        const type = ofacType(sdnType);
        if (type === 'aircraft') {
          exclude(exclusions, 'aircraft');
          continue;
        }
        const e = book.get({ group: `ofac:${entNum}`, publisher: 'ofac', source: `${set.label}:${entNum}`, type });
        addName(e, name);
        addIdentifier(e, 'callsign', callSign);
        addCountry(e, flag);
        readRemarks(e, remarks);
      }
    }
    for (const [entNum = '', , , altName = ''] of readRows(sharedData(set.alt))) {
      if (!book.has(`ofac:${entNum}`)) {
        exclude(exclusions, 'ofac-alias-without-entry');
        continue;
      }
      // The type is the one already known for this uid; the seed's type is ignored by EntityBook for known groups.
      addName(
        book.get({ group: `ofac:${entNum}`, publisher: 'ofac', source: `${set.label}:${entNum}`, type: 'company' }),
        altName,
      );
    }
  }
}
