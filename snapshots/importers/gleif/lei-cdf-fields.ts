// Reads the fields of an LEI-CDF `LEIRecord` tree: the XML file's, or the golden-copy JSON's rebuilt as one.
import { child, children, textAt, type XmlNode } from '../common/xml-node.js';
import type { LeiAddress, LeiFields } from './lei-entity.js';

function address(node: XmlNode | undefined): LeiAddress | null {
  if (node === undefined) return null;
  return {
    lines: [
      textAt(node, 'AddressNumber') || null,
      textAt(node, 'FirstAddressLine') || null,
      ...children(node, 'AdditionalAddressLine').map((n) => n.text),
      textAt(node, 'MailRouting') || null,
    ],
    city: textAt(node, 'City') || null,
    region: textAt(node, 'Region') || null,
    country: textAt(node, 'Country') || null,
    postalCode: textAt(node, 'PostalCode') || null,
  };
}

export function leiFieldsFromCdf(record: XmlNode): LeiFields {
  const entity = child(record, 'Entity');
  const registration = child(record, 'Registration');
  const names = [
    ...children(child(entity, 'OtherEntityNames'), 'OtherEntityName'),
    ...children(child(entity, 'TransliteratedOtherEntityNames'), 'TransliteratedOtherEntityName'),
  ].map((n) => n.text);
  return {
    lei: textAt(record, 'LEI'),
    legalName: textAt(entity, 'LegalName') || null,
    otherNames: names,
    legalAddress: address(child(entity, 'LegalAddress')),
    headquartersAddress: address(child(entity, 'HeadquartersAddress')),
    jurisdiction: textAt(entity, 'LegalJurisdiction') || null,
    category: textAt(entity, 'EntityCategory') || null,
    // 8888 means "not yet on the ELF list": the free-text form is then the only name of the legal form.
    legalForm: textAt(entity, 'LegalForm/OtherLegalForm') || textAt(entity, 'LegalForm/EntityLegalFormCode') || null,
    entityStatus: textAt(entity, 'EntityStatus') || null,
    creationDate: textAt(entity, 'EntityCreationDate') || null,
    expirationDate: textAt(entity, 'EntityExpirationDate') || null,
    registrationAuthority: textAt(entity, 'RegistrationAuthority/RegistrationAuthorityID') || null,
    registrationAuthorityEntityId: textAt(entity, 'RegistrationAuthority/RegistrationAuthorityEntityID') || null,
    registrationStatus: textAt(registration, 'RegistrationStatus') || null,
    bics: [],
  };
}

/**
 * The golden-copy JSON is a mechanical XML→JSON ("badgerfish") mapping: text in `$`, attributes in `@name`, and
 * an element becomes an array only when it repeats. Rebuilding the XML tree lets one reader serve both files.
 */
const scalar = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

export function badgerfishNode(name: string, value: unknown, line: number): XmlNode {
  const node: XmlNode = { name, attrs: {}, children: [], text: '', line };
  if (value === null || typeof value !== 'object') {
    node.text = scalar(value);
    return node;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (key === '$') node.text = scalar(v);
    else if (key.startsWith('@')) node.attrs[key.slice(1)] = scalar(v);
    else
      for (const item of Array.isArray(v) ? (v as unknown[]) : [v]) node.children.push(badgerfishNode(key, item, line));
  }
  return node;
}
