// Reads the small EU (FSF XML) and UK (FCDO XML) extracts: every nameAlias wholeName, every UK Name/NonLatinName.
import { readFileSync } from 'node:fs';
import { addBirthYears, addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';
import type { EntityType } from './matching-pairs-types.js';
import { descendants, kidText, kids, xmlRecords } from './matching-pairs-xml.js';

export const EU_FILE = 'eu/eu_fsf_export_extract_5_entities.xml';
export const UK_FILE = 'uk/UK_Sanctions_List_extract_5_designations.xml';

export function readEu(book: EntityBook, sharedData: (p: string) => string): void {
  for (const ent of xmlRecords(readFileSync(sharedData(EU_FILE), 'utf8'), 'sanctionEntity')) {
    const id = ent.attrs['logicalId'] ?? '';
    const subject = descendants(ent, 'subjectType')[0]?.attrs['code'];
    const type: EntityType = subject === 'person' ? 'person' : 'company';
    const e = book.get({
      group: `eu:${id}`,
      publisher: 'eu',
      source: `eu:${ent.attrs['euReferenceNumber'] ?? id}`,
      type,
    });
    for (const alias of kids(ent, 'nameAlias')) addName(e, alias.attrs['wholeName']);
    for (const b of kids(ent, 'birthdate')) addBirthYears(e, b.attrs['birthdate'] ?? b.attrs['year']);
    for (const i of kids(ent, 'identification')) {
      const scheme = i.attrs['identificationTypeCode'] === 'regnumber' ? 'reg' : 'document';
      addIdentifier(e, scheme, i.attrs['number']);
    }
    for (const c of kids(ent, 'citizenship')) addCountry(e, c.attrs['countryIso2Code']);
  }
}

/** Name1..Name6 in order; Name6 is the surname or the whole entity name. */
function ukName(node: Parameters<typeof kidText>[0]): string {
  return [1, 2, 3, 4, 5, 6]
    .map((i) => kidText(node, `Name${i}`))
    .filter((p) => p !== undefined)
    .join(' ');
}

export function readUk(book: EntityBook, sharedData: (p: string) => string): void {
  for (const d of xmlRecords(readFileSync(sharedData(UK_FILE), 'utf8'), 'Designation')) {
    const id = kidText(d, 'UniqueID') ?? '';
    const kind = kidText(d, 'IndividualEntityShip');
    const type: EntityType = kind === 'Individual' ? 'person' : kind === 'Ship' ? 'vessel' : 'company';
    const e = book.get({ group: `uk:${id}`, publisher: 'uk', source: `uk:${id}`, type });
    for (const n of descendants(d, 'Name')) addName(e, ukName(n));
    for (const n of descendants(d, 'NameNonLatinScript')) addName(e, n.text);
    for (const dob of descendants(d, 'DOB')) addBirthYears(e, dob.text);
    for (const p of descendants(d, 'PassportNumber')) addIdentifier(e, 'document', p.text);
    for (const r of descendants(d, 'BusinessRegistrationNumber')) addIdentifier(e, 'reg', r.text.replace(/^\D+/u, ''));
    for (const imo of descendants(d, 'IMONumber')) addIdentifier(e, 'imo', imo.text.replace(/^IMO/iu, ''));
  }
}
