// UN Security Council Consolidated List XML: INDIVIDUAL and ENTITY entries, each an entity and one listing.
import type { Identifier } from '../../../engine/model/records.js';
import { countryCode, countryCodes } from '../../../engine/sources/countries.js';
import { fullDate, partialDate } from '../common/dates.js';
import { addIdentifier, identifierScheme, uniq } from '../common/identifier-schemes.js';
import { xmlElements } from '../common/xml-elements.js';
import { attr, children, textAt, textsAt, type XmlNode } from '../common/xml-node.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';

const UN_LIST_URL = 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list';

/** Exactly one of DATE, YEAR or FROM_YEAR/TO_YEAR; a BETWEEN range is not one date. Some carry no value at all. */
function birthDateOf(dob: XmlNode): string | null {
  if (textAt(dob, 'TYPE_OF_DATE') === 'BETWEEN') return null;
  return partialDate(textAt(dob, 'DATE')) ?? partialDate(textAt(dob, 'YEAR'));
}

function placeOf(node: XmlNode): string {
  return uniq(['STREET', 'CITY', 'STATE_PROVINCE', 'ZIP_CODE', 'COUNTRY'].map((p) => textAt(node, p))).join(', ');
}

function identifiersOf(entry: XmlNode): Identifier[] {
  const out: Identifier[] = [];
  for (const doc of children(entry, 'INDIVIDUAL_DOCUMENT')) {
    const label = textAt(doc, 'TYPE_OF_DOCUMENT') || textAt(doc, 'TYPE_OF_DOCUMENT2');
    const country = countryCode(textAt(doc, 'ISSUING_COUNTRY') || textAt(doc, 'COUNTRY_OF_ISSUE'));
    if (label !== '') addIdentifier(out, identifierScheme(label, country), textAt(doc, 'NUMBER'));
  }
  return out;
}

function* entryRecords(entry: XmlNode, file: string, retrievedAt: string): Generator<Located> {
  const at = `${file}:${entry.line}`;
  const reference = textAt(entry, 'REFERENCE_NUMBER');
  if (reference === '') {
    yield { at, problem: `entry DATAID ${textAt(entry, 'DATAID')} has no reference number`, field: 'REFERENCE_NUMBER' };
    return;
  }
  const person = entry.name === 'INDIVIDUAL';
  // For entities FIRST_NAME holds the whole name.
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((p) => textAt(entry, p))
    .filter((p) => p !== '')
    .join(' ');
  if (name === '') {
    yield { at, problem: `entry ${reference} has no name`, field: 'FIRST_NAME' };
    return;
  }
  // Placeholder aliases with an empty QUALITY and ALIAS_NAME are skipped by the empty-name filter.
  const aliases = uniq([
    ...textsAt(entry, `${entry.name}_ALIAS/ALIAS_NAME`),
    textAt(entry, 'NAME_ORIGINAL_SCRIPT'),
  ]).filter((a) => a !== name);
  const nationalities = countryCodes(textsAt(entry, 'NATIONALITY/VALUE'));
  const comments = textAt(entry, 'COMMENTS1') || null;
  const provenance = { source: 'un', record_id: reference, url: UN_LIST_URL, retrieved_at: retrievedAt };
  const id = `un:${reference}`;
  yield {
    at,
    record: {
      record: 'entity',
      id,
      type: person ? 'person' : 'company',
      name,
      aliases,
      jurisdiction: person ? (nationalities[0] ?? null) : null,
      identifiers: identifiersOf(entry),
      topics: ['sanction'],
      addresses: uniq(children(entry, `${entry.name}_ADDRESS`).map(placeOf)),
      birth_date:
        children(entry, 'INDIVIDUAL_DATE_OF_BIRTH')
          .map(birthDateOf)
          .find((d) => d !== null) ?? null,
      nationalities,
      position: textsAt(entry, 'DESIGNATION/VALUE').join('; ') || null,
      description: comments,
      provenance: [provenance],
    },
  };
  const program = textAt(entry, 'UN_LIST_TYPE');
  if (program === '') {
    yield { at, problem: `entry ${reference} has no UN_LIST_TYPE, so no listing was written`, field: 'UN_LIST_TYPE' };
    return;
  }
  yield {
    at,
    record: {
      record: 'listing',
      entity_id: id,
      list: 'UN',
      program,
      listed_on: partialDate(textAt(entry, 'LISTED_ON')),
      reference,
      remarks: comments,
      provenance,
    },
  };
}

async function* readUn(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = file.split(/[\\/]/).pop() ?? file;
  let retrievedAt = options.retrievedAt;
  for await (const item of xmlElements(file, new Set(['INDIVIDUAL', 'ENTITY']))) {
    if (item.kind === 'root') {
      if (item.node.name !== 'CONSOLIDATED_LIST')
        throw new ImportError(file, `expected a CONSOLIDATED_LIST document, found <${item.node.name}>`, item.node.line);
      retrievedAt = fullDate(attr(item.node, 'dateGenerated')) ?? retrievedAt;
    } else yield* entryRecords(item.node, name, retrievedAt);
  }
}

export const unXml = defineImporter({
  format: 'un-xml',
  description: 'UN Security Council Consolidated List XML (consolidated.xml from scsanctions.un.org)',
  source: 'un',
  input: 'file',
  read: readUn,
});
