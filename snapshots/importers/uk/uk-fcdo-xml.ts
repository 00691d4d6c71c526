// FCDO "UK Sanctions List" XML: one entity and one listing per Designation (individual, entity or ship).
import type { Identifier } from '../../../engine/model/records.js';
import { missing } from '../../../engine/errors/missing.js';
import { countryCodes } from '../../../engine/sources/countries.js';
import { firstDate, fullDate, partialDate } from '../common/dates.js';
import { addIdentifier, uniq } from '../common/identifier-schemes.js';
import { xmlElements } from '../common/xml-elements.js';
import { children, textAt, textsAt, type XmlNode } from '../common/xml-node.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';

// There is no stable public page per designation; this is the list's publication page.
const UK_LIST_URL = 'https://www.gov.uk/government/publications/the-uk-sanctions-list';

/** Name6 is the surname or the entity name, Name1..Name5 the given names in order. */
function fullName(n: XmlNode): string {
  return ['Name1', 'Name2', 'Name3', 'Name4', 'Name5', 'Name6']
    .map((p) => textAt(n, p))
    .filter((p) => p !== '')
    .join(' ');
}

function addressOf(a: XmlNode): string {
  const parts = [
    'AddressLine1',
    'AddressLine2',
    'AddressLine3',
    'AddressLine4',
    'AddressLine5',
    'AddressLine6',
    'AddressPostalCode',
    'AddressCountry',
  ];
  return uniq(parts.map((p) => textAt(a, p))).join(', ');
}

function identifiersOf(d: XmlNode): Identifier[] {
  const out: Identifier[] = [];
  addIdentifier(out, 'un', textAt(d, 'UNReferenceNumber'));
  addIdentifier(out, 'ofsi-group-id', textAt(d, 'OFSIGroupID'));
  // Repeated identical sub-records occur (a passport listed twice); addIdentifier keeps one.
  for (const p of textsAt(d, 'IndividualDetails/Individual/PassportDetails/Passport/PassportNumber'))
    addIdentifier(out, 'passport', p);
  for (const n of textsAt(
    d,
    'IndividualDetails/Individual/NationalIdentifierDetails/NationalIdentifier/NationalIdentifierNumber',
  ))
    addIdentifier(out, 'national-id', n);
  for (const imo of textsAt(d, 'ShipDetails/Ship/IMONumbers/IMONumber')) addIdentifier(out, 'imo', imo);
  for (const reg of textsAt(d, 'EntityDetails/Entity/BusinessRegistrationNumbers/BusinessRegistrationNumber')) {
    // Published as prose ("UK Company no. 06527449"); a Companies House number is what links to the registry.
    const coh = /\bUK company (?:no\.?|number)\s*:?\s*([A-Z]{2}\d{6}|\d{6,8})\b/i.exec(reg);
    if (coh !== null) addIdentifier(out, 'gb-coh', coh[1] ?? missing('number of a matched company'));
    else addIdentifier(out, 'registration-number', reg);
  }
  return out;
}

function* designationRecords(d: XmlNode, file: string, retrievedAt: string): Generator<Located> {
  const at = `${file}:${d.line}`;
  const uniqueId = textAt(d, 'UniqueID');
  if (uniqueId === '') {
    yield { at, problem: 'designation has no UniqueID', field: 'UniqueID' };
    return;
  }
  const names = children(d, 'Names').flatMap((n) => children(n, 'Name'));
  const primary = names.find((n) => textAt(n, 'NameType') === 'Primary Name') ?? names[0];
  const name = primary === undefined ? '' : fullName(primary);
  if (name === '') {
    yield { at, problem: `designation ${uniqueId} has no name`, field: 'Names' };
    return;
  }
  const aliases = uniq([...names.map(fullName), ...textsAt(d, 'NonLatinNames/NonLatinName/NameNonLatinScript')]).filter(
    (a) => a !== name,
  );
  const kind = textAt(d, 'IndividualEntityShip');
  const type = kind === 'Individual' ? 'person' : kind === 'Ship' ? 'asset' : 'company';
  const individual = children(d, 'IndividualDetails').flatMap((i) => children(i, 'Individual'))[0];
  const nationalities = individual === undefined ? [] : countryCodes(textsAt(individual, 'Nationalities/Nationality'));
  const other = textAt(d, 'OtherInformation');
  const reasons = textAt(d, 'UKStatementofReasons');
  // Parent companies and subsidiaries are published by name only, without ids, so they stay in the description.
  const parents = textsAt(d, 'EntityDetails/Entity/ParentCompanies/ParentCompany');
  const subsidiaries = textsAt(d, 'EntityDetails/Entity/Subsidiaries/Subsidiary');
  const description =
    [
      reasons,
      other,
      parents.length > 0 ? `Parent companies: ${parents.join('; ')}.` : '',
      subsidiaries.length > 0 ? `Subsidiaries: ${subsidiaries.join('; ')}.` : '',
    ]
      .filter((s) => s !== '')
      .join(' ') || null;
  const id = `uk:${uniqueId}`;
  const provenance = { source: 'uk', record_id: uniqueId, url: UK_LIST_URL, retrieved_at: retrievedAt };
  yield {
    at,
    record: {
      record: 'entity',
      id,
      type,
      name,
      aliases,
      jurisdiction: type === 'person' ? (nationalities[0] ?? null) : null,
      identifiers: identifiersOf(d),
      topics: ['sanction'],
      addresses: uniq(
        children(d, 'Addresses')
          .flatMap((a) => children(a, 'Address'))
          .map(addressOf),
      ),
      // Dates are dd/mm/yyyy; partial ones are written dd/mm/1945.
      birth_date: individual === undefined ? null : firstDate(textsAt(individual, 'DOBs/DOB'), 'dmy'),
      nationalities,
      position: individual === undefined ? null : textsAt(individual, 'Positions/Position').join('; ') || null,
      description,
      provenance: [provenance],
    },
  };
  const regime = textAt(d, 'RegimeName');
  if (regime === '') {
    yield { at, problem: `designation ${uniqueId} has no RegimeName, so no listing was written`, field: 'RegimeName' };
    return;
  }
  const remarks = [textAt(d, 'SanctionsImposed'), other].filter((s) => s !== '').join('. ') || null;
  yield {
    at,
    record: {
      record: 'listing',
      entity_id: id,
      list: 'UK',
      program: regime,
      listed_on: partialDate(textAt(d, 'DateDesignated'), 'dmy'),
      reference: uniqueId,
      remarks,
      provenance,
    },
  };
}

async function* readUk(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = file.split(/[\\/]/).pop() ?? file;
  let retrievedAt = options.retrievedAt;
  for await (const item of xmlElements(file, new Set(['DateGenerated', 'Designation']))) {
    const node = item.node;
    if (item.kind === 'root') {
      if (node.name !== 'Designations')
        throw new ImportError(file, `expected a Designations document, found <${node.name}>`, node.line);
    } else if (node.name === 'DateGenerated') retrievedAt = fullDate(node.text, 'dmy') ?? retrievedAt;
    else yield* designationRecords(node, name, retrievedAt);
  }
}

export const ukFcdoXml = defineImporter({
  format: 'uk-xml',
  description: 'UK Sanctions List (FCDO) XML, one Designation per listed individual, entity or ship',
  source: 'uk',
  input: 'file',
  read: readUk,
});
