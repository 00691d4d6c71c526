// Reads OFAC's two XML layouts: the sdnList schema (non-SDN consolidated list) and the Enhanced XML export, which
// also carries names in other scripts (Arabic, Cyrillic, Chinese) as translations of a name.
import { readFileSync } from 'node:fs';
import { addBirthYears, addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';
import type { EntityType, Exclusions } from './matching-pairs-types.js';
import { exclude } from './matching-pairs-types.js';
import { descendants, kid, kidText, kids, xmlRecords } from './matching-pairs-xml.js';

export const OFAC_SDNLIST_XML = 'ofac/consolidated_nonsdn_2025-06-30.xml';
export const OFAC_ENHANCED_XML = 'ofac/enhanced_xml_sdn_irgc_2024-08-28.xml';

function ofacType(raw: string | undefined): EntityType | 'aircraft' {
  const t = (raw ?? '').toLowerCase();
  return t === 'individual' ? 'person' : t === 'vessel' ? 'vessel' : t === 'aircraft' ? 'aircraft' : 'company';
}

function schemeOf(idType: string): string {
  const t = idType.toLowerCase();
  if (t.includes('imo')) return 'imo';
  if (t.includes('legal entity number')) return 'lei';
  if (/registration|tax|company number|commercial regist/u.test(t)) return 'reg';
  return 'document';
}

/** "LAST, First" like the CSV files, so that the same entry read from both is one name, not two. */
function sdnListName(lastName: string | undefined, firstName: string | undefined): string {
  return [lastName, firstName].filter((p) => p !== undefined).join(', ');
}

export function readOfacSdnListXml(book: EntityBook, sharedData: (p: string) => string, exclusions: Exclusions): void {
  for (const entry of xmlRecords(readFileSync(sharedData(OFAC_SDNLIST_XML), 'utf8'), 'sdnEntry')) {
    const uid = kidText(entry, 'uid') ?? '';
    const type = ofacType(kidText(entry, 'sdnType'));
    if (type === 'aircraft') {
      exclude(exclusions, 'aircraft');
      continue;
    }
    const e = book.get({ group: `ofac:${uid}`, publisher: 'ofac', source: `ofac-nonsdn-xml:${uid}`, type });
    addName(e, sdnListName(kidText(entry, 'lastName'), kidText(entry, 'firstName')));
    for (const aka of descendants(entry, 'aka'))
      addName(e, sdnListName(kidText(aka, 'lastName'), kidText(aka, 'firstName')));
    for (const id of descendants(entry, 'id'))
      addIdentifier(e, schemeOf(kidText(id, 'idType') ?? ''), kidText(id, 'idNumber'));
    for (const dob of descendants(entry, 'dateOfBirth')) addBirthYears(e, dob.text);
    addCountry(e, kidText(kid(entry, 'vesselInfo'), 'vesselFlag'));
  }
}

export function readOfacEnhancedXml(book: EntityBook, sharedData: (p: string) => string, exclusions: Exclusions): void {
  for (const entity of xmlRecords(readFileSync(sharedData(OFAC_ENHANCED_XML), 'utf8'), 'entity')) {
    const id = entity.attrs['id'] ?? '';
    const type = ofacType(kidText(kid(entity, 'generalInfo'), 'entityType'));
    if (type === 'aircraft') {
      exclude(exclusions, 'aircraft');
      continue;
    }
    const e = book.get({ group: `ofac:${id}`, publisher: 'ofac', source: `ofac-enhanced-xml:${id}`, type });
    for (const name of kids(kid(entity, 'names'), 'name')) {
      for (const tr of descendants(name, 'translation')) addName(e, kidText(tr, 'formattedFullName'));
    }
    for (const f of descendants(entity, 'feature')) {
      if (kidText(f, 'type') === 'Birthdate') addBirthYears(e, kidText(f, 'value'));
    }
    for (const doc of descendants(entity, 'identityDocument')) {
      addIdentifier(e, schemeOf(kidText(doc, 'type') ?? ''), kidText(doc, 'documentNumber'));
    }
    for (const c of descendants(entity, 'country')) addCountry(e, c.text);
  }
}
