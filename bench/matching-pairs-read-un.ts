// Reads the UN Security Council consolidated list: each entry's name, its aliases and its original-script name.
import { readFileSync } from 'node:fs';
import { addBirthYears, addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';
import { descendants, kidText, kids, xmlRecords, type XmlNode } from './matching-pairs-xml.js';

export const UN_FILE = 'un/consolidated_2026-02-27.xml';

function entryName(node: XmlNode): string {
  return ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((f) => kidText(node, f))
    .filter((p) => p !== undefined)
    .join(' ');
}

/** Entity names sometimes hold two names joined by " ; " (e.g. "COMPAGNIE AERIENNE … (CAGL) ; GREAT LAKES …"). */
function splitJoined(name: string): string[] {
  return name.split(/\s;\s/u);
}

function readEntry(book: EntityBook, node: XmlNode, isPerson: boolean): void {
  const ref = kidText(node, 'REFERENCE_NUMBER') ?? `DATAID-${kidText(node, 'DATAID') ?? ''}`;
  const e = book.get({
    group: `un:${ref}`,
    publisher: 'un',
    source: `un:${ref}`,
    type: isPerson ? 'person' : 'company',
  });
  for (const n of splitJoined(entryName(node))) addName(e, n);
  for (const alias of kids(node, isPerson ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
    // Placeholder aliases carry an empty QUALITY and an empty ALIAS_NAME; addName skips the empty ones.
    for (const n of splitJoined(kidText(alias, 'ALIAS_NAME') ?? '')) addName(e, n);
  }
  addName(e, kidText(node, 'NAME_ORIGINAL_SCRIPT'));
  for (const dob of kids(node, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    for (const f of ['DATE', 'YEAR', 'FROM_YEAR', 'TO_YEAR']) addBirthYears(e, kidText(dob, f));
  }
  for (const doc of kids(node, 'INDIVIDUAL_DOCUMENT')) addIdentifier(e, 'document', kidText(doc, 'NUMBER'));
  for (const n of descendants(node, 'NATIONALITY')) for (const v of kids(n, 'VALUE')) addCountry(e, v.text);
}

export function readUn(book: EntityBook, sharedData: (p: string) => string): void {
  const xml = readFileSync(sharedData(UN_FILE), 'utf8');
  for (const node of xmlRecords(xml, 'INDIVIDUAL')) readEntry(book, node, true);
  for (const node of xmlRecords(xml, 'ENTITY')) readEntry(book, node, false);
}
