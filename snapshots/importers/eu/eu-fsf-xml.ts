// EU Consolidated Financial Sanctions File (FSF) XML 1.1: one entity and one listing per sanctionEntity.
import type { Identifier } from '../../../engine/model/records.js';
import { countryCode, countryCodes } from '../../../engine/sources/countries.js';
import { fullDate, partialDate } from '../common/dates.js';
import { addIdentifier, identifierScheme, uniq } from '../common/identifier-schemes.js';
import { xmlElements } from '../common/xml-elements.js';
import { attr, children, textsAt, type XmlNode } from '../common/xml-node.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';

// The FSF has no public page per entry; this is the dataset's page, where the file and its notes are published.
const EU_LIST_URL =
  'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions';

const IDENTIFICATION_SCHEMES: Record<string, string> = {
  passport: 'passport',
  id: 'national-id',
  regnumber: 'registration-number',
  tin: 'tax-id',
  swiftbic: 'swift-bic',
  imo: 'imo',
};

/** `countryIso2Code` is `00` for UNKNOWN. */
const euCountry = (node: XmlNode): string | null => countryCode(attr(node, 'countryIso2Code'));

/**
 * The file flags no primary name: aliases repeat the name in every EU language. The English or untagged spelling
 * listed first (lowest logicalId) is the original designation's name.
 */
function primaryFirst(aliases: XmlNode[]): XmlNode[] {
  const rank = (a: XmlNode): number => (['EN', ''].includes(attr(a, 'nameLanguage')) ? 0 : 1);
  return [...aliases].sort((a, b) => rank(a) - rank(b) || Number(attr(a, 'logicalId')) - Number(attr(b, 'logicalId')));
}

function birthDateOf(b: XmlNode): string | null {
  // A Hijri-calendar entry also carries the Gregorian date in `birthdate`, so that attribute is read first.
  return partialDate(attr(b, 'birthdate')) ?? partialDate(attr(b, 'year'));
}

function addressOf(a: XmlNode): string {
  const country = attr(a, 'countryDescription');
  return uniq(
    ['street', 'poBox', 'zipCode', 'city', 'region', 'place']
      .map((k) => attr(a, k))
      .concat(country === 'UNKNOWN' ? [] : [country]),
  ).join(', ');
}

function identifiersOf(entry: XmlNode): Identifier[] {
  const out: Identifier[] = [];
  const un = attr(entry, 'unitedNationId');
  if (un !== '') addIdentifier(out, 'un', un);
  addIdentifier(out, 'eu-reference-number', attr(entry, 'euReferenceNumber'));
  for (const doc of children(entry, 'identification')) {
    const code = attr(doc, 'identificationTypeCode');
    const scheme =
      IDENTIFICATION_SCHEMES[code] ??
      identifierScheme(attr(doc, 'identificationTypeDescription') || code, euCountry(doc));
    addIdentifier(out, scheme, attr(doc, 'number') || attr(doc, 'latinNumber'));
  }
  return out;
}

function* entryRecords(entry: XmlNode, file: string, retrievedAt: string): Generator<Located> {
  const at = `${file}:${entry.line}`;
  const logicalId = attr(entry, 'logicalId');
  if (!/^\d{1,9}$/.test(logicalId)) {
    yield { at, problem: `logicalId "${logicalId}" is not a number`, field: 'logicalId' };
    return;
  }
  const aliases = primaryFirst(children(entry, 'nameAlias'));
  // wholeName is always filled; it holds double spaces, which the reader collapses.
  const names = uniq(aliases.map((a) => attr(a, 'wholeName')));
  const [name, ...others] = names;
  if (name === undefined) {
    yield { at, problem: `entity ${logicalId} has no nameAlias`, field: 'nameAlias' };
    return;
  }
  const subject = children(entry, 'subjectType')[0];
  const code = subject === undefined ? '' : attr(subject, 'code');
  const type =
    code === 'person' ? 'person' : code === 'enterprise' ? 'company' : code === 'vessel' ? 'asset' : 'company';
  const nationalities = countryCodes(children(entry, 'citizenship').map((c) => attr(c, 'countryIso2Code')));
  const remarks = textsAt(entry, 'remark').join(' ') || null;
  const reference = attr(entry, 'euReferenceNumber') || logicalId;
  const id = `eu:${logicalId}`;
  const provenance = { source: 'eu', record_id: logicalId, url: EU_LIST_URL, retrieved_at: retrievedAt };
  yield {
    at,
    record: {
      record: 'entity',
      id,
      type,
      name,
      aliases: others,
      jurisdiction: type === 'person' ? (nationalities[0] ?? null) : null,
      identifiers: identifiersOf(entry),
      topics: ['sanction'],
      addresses: uniq(children(entry, 'address').map(addressOf)),
      birth_date:
        children(entry, 'birthdate')
          .map(birthDateOf)
          .find((d) => d !== null) ?? null,
      nationalities: type === 'person' ? nationalities : [],
      position: uniq(aliases.map((a) => attr(a, 'function'))).join('; ') || null,
      description: remarks,
      provenance: [provenance],
    },
  };
  const programmes = uniq(children(entry, 'regulation').map((r) => attr(r, 'programme')));
  if (programmes.length === 0)
    yield {
      at,
      problem: `entity ${logicalId} names no regulation programme, so no listing was written`,
      field: 'regulation',
    };
  const details = attr(entry, 'designationDetails');
  for (const program of programmes) {
    yield {
      at,
      record: {
        record: 'listing',
        entity_id: id,
        list: 'EU',
        program,
        listed_on: partialDate(attr(entry, 'designationDate')),
        reference,
        remarks: [remarks, details].filter((r) => r).join(' ') || null,
        provenance,
      },
    };
  }
}

async function* readFsf(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = file.split(/[\\/]/).pop() ?? file;
  let retrievedAt = options.retrievedAt;
  for await (const item of xmlElements(file, new Set(['sanctionEntity']))) {
    if (item.kind === 'root') {
      if (item.node.name !== 'export')
        throw new ImportError(file, `expected an FSF export document, found <${item.node.name}>`, item.node.line);
      // generationDate is an instant with an offset (2026-08-05T16:47:04.449+02:00): its calendar date is kept.
      retrievedAt = fullDate(attr(item.node, 'generationDate').slice(0, 10)) ?? retrievedAt;
    } else yield* entryRecords(item.node, name, retrievedAt);
  }
}

export const euFsfXml = defineImporter({
  format: 'eu-xml',
  description: 'EU Consolidated Financial Sanctions File, XML schema 1.1 (xmlFullSanctionsList_1_1)',
  source: 'eu',
  input: 'file',
  read: readFsf,
});
