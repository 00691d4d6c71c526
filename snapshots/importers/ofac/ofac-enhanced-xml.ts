// OFAC Sanctions List Service "Enhanced XML": entities with dated list memberships and entity-to-entity links.
import type { Identifier } from '../../../engine/model/records.js';
import { countryCode, countryCodes } from '../../../engine/sources/countries.js';
import { fullDate, partialDate } from '../common/dates.js';
import { addIdentifier, identifierScheme, uniq } from '../common/identifier-schemes.js';
import { xmlElements } from '../common/xml-elements.js';
import { attr, child, children, textAt, type XmlNode } from '../common/xml-node.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';
import { OFAC_SOURCE, isUid, ofacEntityType, ofacProvenance } from './ofac-common.js';
import { edgeRule } from './ofac-enhanced-relations.js';
import { ofacEntryRecords } from './ofac-entry.js';
import { isIdentifierLabel } from './ofac-remarks.js';

const all = (node: XmlNode, list: string, item: string): XmlNode[] =>
  children(node, list).flatMap((l) => children(l, item));
const isTrue = (node: XmlNode, name: string): boolean => textAt(node, name) === 'true';

/** Every spelling of every name; the primary name's primary (Latin) translation first. */
function namesOf(entity: XmlNode): string[] {
  const names = all(entity, 'names', 'name');
  names.sort((a, b) => Number(isTrue(b, 'isPrimary')) - Number(isTrue(a, 'isPrimary')));
  const out: string[] = [];
  for (const n of names) {
    const translations = all(n, 'translations', 'translation');
    translations.sort((a, b) => Number(isTrue(b, 'isPrimary')) - Number(isTrue(a, 'isPrimary')));
    for (const t of translations) out.push(textAt(t, 'formattedFullName'));
  }
  return uniq(out);
}

function addressOf(a: XmlNode): string {
  const parts = all(a, 'translations', 'translation')
    .filter((t) => isTrue(t, 'isPrimary'))
    .flatMap((t) => all(t, 'addressParts', 'addressPart'))
    .map((p) => textAt(p, 'value'));
  return uniq([...parts, textAt(a, 'country')]).join(', ');
}

interface Features {
  birthDates: string[];
  countries: string[];
  established: string | null;
  identifiers: Identifier[];
}

function featuresOf(entity: XmlNode): Features {
  const out: Features = { birthDates: [], countries: [], established: null, identifiers: [] };
  for (const f of all(entity, 'features', 'feature')) {
    const label = textAt(f, 'type');
    const value = textAt(f, 'value');
    // A range ("1959 to 1961") is not one date; its value gives null and is left out.
    if (label === 'Birthdate') {
      const d = partialDate(value);
      if (d !== null) out.birthDates.push(d);
    } else if (/^(nationality|citizenship) country/i.test(label)) out.countries.push(value);
    else if (/^organization established date/i.test(label)) out.established ??= partialDate(value);
    else if (isIdentifierLabel(label)) addIdentifier(out.identifiers, identifierScheme(label), value);
  }
  return out;
}

function* entityRecords(entity: XmlNode, file: string, retrievedAt: string): Generator<Located> {
  const uid = attr(entity, 'id');
  const at = `${file}:${entity.line}`;
  if (!isUid(uid)) {
    yield { at, problem: `entity id "${uid}" is not a number`, field: 'id' };
    return;
  }
  const [name, ...aliases] = namesOf(entity);
  if (name === undefined || name === '') {
    yield { at, problem: `entity ${uid} has no name`, field: 'names' };
    return;
  }
  const type = ofacEntityType(textAt(entity, 'generalInfo/entityType'));
  const features = featuresOf(entity);
  const identifiers = features.identifiers;
  for (const doc of all(entity, 'identityDocuments', 'identityDocument')) {
    const label = textAt(doc, 'type');
    addIdentifier(
      identifiers,
      identifierScheme(label, countryCode(textAt(doc, 'issuingCountry'))),
      textAt(doc, 'documentNumber'),
    );
  }
  const remarks = textAt(entity, 'remarks') || null;
  // The earliest publication on any list is the designation date.
  const published = all(entity, 'sanctionsLists', 'sanctionsList')
    .map((l) => attr(l, 'datePublished'))
    .filter((d) => d !== '')
    .sort();
  const lists = uniq(all(entity, 'sanctionsLists', 'sanctionsList').map((l) => l.text));
  yield* ofacEntryRecords(
    at,
    {
      uid,
      type,
      name,
      aliases,
      identifiers,
      addresses: uniq(all(entity, 'addresses', 'address').map(addressOf)),
      nationalities: countryCodes(features.countries),
      birthDate: features.birthDates[0] ?? null,
      // The Vessel Flag and Nationality of Registration features are not read: only a person gets a jurisdiction.
      flag: null,
      registeredIn: null,
      details: { incorporation_date: type === 'company' ? features.established : null },
      description: remarks,
      programs: uniq(all(entity, 'sanctionsPrograms', 'sanctionsProgram').map((p) => p.text)),
      listedOn: published[0] === undefined ? null : partialDate(published[0]),
      // Without remarks, a listing names the lists the entry is published on.
      listingRemarks: remarks ?? (lists.join('; ') || null),
      // Unlike sdnList and the CSV, an entity without a program is not reported in this format.
      programField: null,
    },
    retrievedAt,
  );
  const provenance = ofacProvenance(uid, retrievedAt);
  for (const rel of all(entity, 'relationships', 'relationship')) {
    const role = textAt(rel, 'type');
    const related = child(rel, 'relatedEntity');
    const other = related === undefined ? '' : attr(related, 'entityId');
    const relAt = `${file}:${rel.line}`;
    if (!isUid(other)) {
      yield {
        at: relAt,
        problem: `relationship ${attr(rel, 'id')} of entity ${uid} names no related entity`,
        field: 'relatedEntity',
      };
      continue;
    }
    const rule = edgeRule(role);
    const [source, target] = rule.reverse ? [other, uid] : [uid, other];
    yield {
      at: relAt,
      record: {
        record: 'relationship',
        source: `ofac:${source}`,
        target: `ofac:${target}`,
        kind: rule.kind,
        role,
        provenance: { ...provenance, record_id: `${uid}/relationship/${attr(rel, 'id')}` },
      },
    };
  }
}

async function* readEnhanced(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = file.split(/[\\/]/).pop() ?? file;
  let retrievedAt = options.retrievedAt;
  for await (const item of xmlElements(file, new Set(['publicationInfo', 'entity']))) {
    const node = item.node;
    if (item.kind === 'root') {
      if (node.name !== 'sanctionsData')
        throw new ImportError(file, `expected an Enhanced XML sanctionsData document, found <${node.name}>`, node.line);
    } else if (node.name === 'publicationInfo') retrievedAt = fullDate(textAt(node, 'dataAsOf')) ?? retrievedAt;
    else yield* entityRecords(node, name, retrievedAt);
  }
}

export const ofacEnhancedXml = defineImporter({
  format: 'ofac-enhanced-xml',
  description:
    'OFAC Sanctions List Service Enhanced XML (SDN_ENHANCED.XML or a filtered export), with entity-to-entity relationships',
  source: OFAC_SOURCE,
  input: 'file',
  read: readEnhanced,
});
