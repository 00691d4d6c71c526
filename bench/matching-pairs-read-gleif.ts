// Reads GLEIF LEI records in its three layouts (golden-copy JSON, LEI-CDF XML, API v1 JSON): the legal name and the
// other and transliterated names (previous legal names, trading names, ASCII transliterations).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';
import type { EntityRecord } from './matching-pairs-types.js';
import { descendants, kidText, xmlRecords } from './matching-pairs-xml.js';

export const GLEIF_GOLDEN_JSON = 'gleif/golden-copy-json/20240505-0000-gleif-goldencopy-lei2-intra-day.json';
export const GLEIF_CDF_XML = 'gleif/lei-cdf-xml/20180901-gleif-concatenated-file-lei2-Top10.xml';
export const GLEIF_API_DIR = 'gleif/api-v1-json/lei-records';

type Json = unknown;

function field(v: Json, key: string): Json {
  return typeof v === 'object' && v !== null && key in v ? (v as Record<string, Json>)[key] : undefined;
}

/** The golden copy's badgerfish JSON makes a repeated element an array only when it repeats. */
function asArray(v: Json): Json[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function text(v: Json): string | undefined {
  const t = typeof v === 'string' ? v : field(v, '$');
  return typeof t === 'string' ? t : undefined;
}

function gleifEntity(book: EntityBook, lei: string, source: string): EntityRecord {
  const e = book.get({ group: `gleif:${lei}`, publisher: 'gleif', source: `${source}:${lei}`, type: 'company' });
  addIdentifier(e, 'lei', lei);
  return e;
}

function readGoldenCopy(book: EntityBook, sharedData: (p: string) => string): void {
  const doc: Json = JSON.parse(readFileSync(sharedData(GLEIF_GOLDEN_JSON), 'utf8'));
  for (const rec of asArray(field(doc, 'records'))) {
    const ent = field(rec, 'Entity');
    const e = gleifEntity(book, text(field(rec, 'LEI')) ?? '', 'gleif-golden-json');
    addName(e, text(field(ent, 'LegalName')));
    for (const n of asArray(field(field(ent, 'OtherEntityNames'), 'OtherEntityName'))) addName(e, text(n));
    for (const n of asArray(field(field(ent, 'TransliteratedOtherEntityNames'), 'TransliteratedOtherEntityName')))
      addName(e, text(n));
    addIdentifier(e, 'reg', text(field(field(ent, 'RegistrationAuthority'), 'RegistrationAuthorityEntityID')));
    addCountry(e, text(field(ent, 'LegalJurisdiction'))?.slice(0, 2));
  }
}

function readCdfXml(book: EntityBook, sharedData: (p: string) => string): void {
  for (const rec of xmlRecords(readFileSync(sharedData(GLEIF_CDF_XML), 'utf8'), 'LEIRecord')) {
    const e = gleifEntity(book, kidText(rec, 'LEI') ?? '', 'gleif-cdf-xml');
    for (const tag of ['LegalName', 'OtherEntityName', 'TransliteratedOtherEntityName']) {
      for (const n of descendants(rec, tag)) addName(e, n.text);
    }
    for (const n of descendants(rec, 'RegistrationAuthorityEntityID')) addIdentifier(e, 'reg', n.text);
    for (const n of descendants(rec, 'LegalJurisdiction')) addCountry(e, n.text.trim().slice(0, 2));
  }
}

function readApiJson(book: EntityBook, sharedData: (p: string) => string): void {
  const dir = sharedData(GLEIF_API_DIR);
  for (const file of readdirSync(dir).sort()) {
    const doc: Json = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    for (const rec of asArray(field(doc, 'data'))) {
      if (field(rec, 'type') !== 'lei-records') continue;
      const attrs = field(rec, 'attributes');
      const ent = field(attrs, 'entity');
      const lei = field(attrs, 'lei');
      if (typeof lei !== 'string') continue;
      const e = gleifEntity(book, lei, 'gleif-api-json');
      addName(e, text(field(field(ent, 'legalName'), 'name')));
      for (const n of [...asArray(field(ent, 'otherNames')), ...asArray(field(ent, 'transliteratedOtherNames'))]) {
        addName(e, text(field(n, 'name')));
      }
      const reg = field(ent, 'registeredAs');
      addIdentifier(e, 'reg', typeof reg === 'string' ? reg : undefined);
      const j = field(ent, 'jurisdiction');
      addCountry(e, typeof j === 'string' ? j.slice(0, 2) : undefined);
    }
  }
}

export function readGleif(book: EntityBook, sharedData: (p: string) => string): void {
  readGoldenCopy(book, sharedData);
  readCdfXml(book, sharedData);
  readApiJson(book, sharedData);
}
