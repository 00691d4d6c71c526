// OFAC `sdnList` XML (sdn.xml, consolidated.xml): one entity and a listing per program for each sdnEntry.
import type { Identifier } from '../../../engine/model/records.js';
import { countryCode, countryCodes } from '../../../engine/sources/countries.js';
import { firstDate, fullDate } from '../common/dates.js';
import { addIdentifier, identifierScheme, uniq } from '../common/identifier-schemes.js';
import { xmlElements } from '../common/xml-elements.js';
import { children, textAt, textsAt, type XmlNode } from '../common/xml-node.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';
import { OFAC_SOURCE, isUid, ofacEntityType, ofacName } from './ofac-common.js';
import { ofacEntryRecords } from './ofac-entry.js';
import { isIdentifierLabel } from './ofac-remarks.js';

function addressOf(a: XmlNode): string {
  const parts = ['address1', 'address2', 'address3', 'city', 'stateOrProvince', 'postalCode', 'country'].map((p) =>
    textAt(a, p),
  );
  return parts.filter((p) => p !== '').join(', ');
}

function identifiersOf(entry: XmlNode): { identifiers: Identifier[]; registeredIn: string | null } {
  const identifiers: Identifier[] = [];
  let registeredIn: string | null = null;
  for (const id of children(entry, 'idList').flatMap((l) => children(l, 'id'))) {
    const label = textAt(id, 'idType');
    const country = countryCode(textAt(id, 'idCountry'));
    // "Nationality of Registration" carries the country of incorporation in idCountry, not a number.
    if (/^nationality of registration/i.test(label)) registeredIn ??= country;
    if (!isIdentifierLabel(label)) continue;
    addIdentifier(identifiers, identifierScheme(label, country), textAt(id, 'idNumber'));
  }
  return { identifiers, registeredIn };
}

function* entryRecords(entry: XmlNode, file: string, retrievedAt: string): Generator<Located> {
  const uid = textAt(entry, 'uid');
  const at = `${file}:${entry.line}`;
  if (!isUid(uid)) {
    yield { at, problem: `uid "${uid}" is not a number`, field: 'uid' };
    return;
  }
  const lastName = textAt(entry, 'lastName');
  if (lastName === '') {
    yield { at, problem: `entry ${uid} has no lastName`, field: 'lastName' };
    return;
  }
  const name = ofacName(lastName, textAt(entry, 'firstName'));
  const akas = children(entry, 'akaList').flatMap((l) => children(l, 'aka'));
  const { identifiers, registeredIn } = identifiersOf(entry);
  const vessel = children(entry, 'vesselInfo')[0];
  if (vessel !== undefined) addIdentifier(identifiers, 'call-sign', textAt(vessel, 'callSign'));
  // The main entry first: OFAC flags one date of birth as the principal one.
  const dobs = children(entry, 'dateOfBirthList').flatMap((l) => children(l, 'dateOfBirthItem'));
  dobs.sort((a, b) => Number(textAt(b, 'mainEntry') === 'true') - Number(textAt(a, 'mainEntry') === 'true'));
  const remarks = textAt(entry, 'remarks') || null;
  yield* ofacEntryRecords(
    at,
    {
      uid,
      type: ofacEntityType(textAt(entry, 'sdnType')),
      name,
      aliases: uniq(akas.map((a) => ofacName(textAt(a, 'lastName'), textAt(a, 'firstName')))).filter((a) => a !== name),
      identifiers,
      addresses: uniq(
        children(entry, 'addressList')
          .flatMap((l) => children(l, 'address'))
          .map(addressOf),
      ),
      nationalities: countryCodes([
        ...textsAt(entry, 'nationalityList/nationality/country'),
        ...textsAt(entry, 'citizenshipList/citizenship/country'),
      ]),
      birthDate: firstDate(dobs.map((d) => textAt(d, 'dateOfBirth'))),
      flag: countryCode(textAt(vessel, 'vesselFlag')),
      registeredIn,
      details: { position: textAt(entry, 'title') || null },
      description: remarks,
      programs: textsAt(entry, 'programList/program'),
      // sdnList publishes no designation date.
      listedOn: null,
      listingRemarks: remarks,
      programField: 'programList',
    },
    retrievedAt,
  );
}

async function* readSdnList(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = file.split(/[\\/]/).pop() ?? file;
  let retrievedAt = options.retrievedAt;
  let declared: number | null = null;
  let entries = 0;
  for await (const item of xmlElements(file, new Set(['publshInformation', 'sdnEntry']))) {
    const node = item.node;
    if (item.kind === 'root') {
      if (node.name !== 'sdnList')
        throw new ImportError(file, `expected an sdnList document, found <${node.name}>`, node.line);
    } else if (node.name === 'publshInformation') {
      // Spelled "publsh" in the real files. Publish_Date is MM/DD/YYYY.
      retrievedAt = fullDate(textAt(node, 'Publish_Date'), 'mdy') ?? retrievedAt;
      const count = textAt(node, 'Record_Count');
      declared = /^\d+$/.test(count) ? Number(count) : null;
    } else {
      entries += 1;
      yield* entryRecords(node, name, retrievedAt);
    }
  }
  if (declared !== null && declared !== entries) {
    yield {
      at: `${name}#publshInformation`,
      problem: `Record_Count declares ${declared} entries, the file holds ${entries}`,
      field: 'Record_Count',
    };
  }
}

export const ofacXml = defineImporter({
  format: 'ofac-xml',
  description: 'OFAC sdnList XML: sdn.xml (SDN list) or consolidated.xml (non-SDN consolidated list)',
  source: OFAC_SOURCE,
  input: 'file',
  read: readSdnList,
});
