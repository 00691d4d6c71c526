// Identifier schemes ↔ the FollowTheMoney properties that carry them, read by the importer and written by exports.

/** FollowTheMoney identifier properties and the scheme each is kept under here. */
export const FTM_IDENTIFIER_PROPERTIES: Readonly<Record<string, string>> = {
  leiCode: 'lei',
  innCode: 'inn',
  ogrnCode: 'ogrn',
  okpoCode: 'okpo',
  imoNumber: 'imo',
  mmsi: 'mmsi',
  swiftBic: 'swift-bic',
  registrationNumber: 'registration-number',
  taxNumber: 'tax-id',
  vatCode: 'vat',
  idNumber: 'national-id',
  passportNumber: 'passport',
  dunsCode: 'duns',
  uscCode: 'uscc',
  isin: 'isin',
  unscId: 'un',
  wikidataId: 'wikidata',
};

/** Schemes of national registers and lists that FollowTheMoney has no property of their own for. */
const REGISTER_SCHEMES: Readonly<Record<string, string>> = {
  'gb-coh': 'registrationNumber',
  siren: 'registrationNumber',
  krs: 'registrationNumber',
  uen: 'registrationNumber',
  sec: 'registrationNumber',
  'br-cnpj': 'taxNumber',
  'gb-coh-person-number': 'idNumber',
};

const BY_SCHEME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(FTM_IDENTIFIER_PROPERTIES).map(([property, scheme]): [string, string] => [scheme, property]),
  ...Object.entries(REGISTER_SCHEMES),
]);

/**
 * The property an identifier of this scheme is written under, or undefined for schemes that are not a property of
 * the entity (the lists' own references, which belong to its Sanction entities).
 */
export function ftmPropertyOfScheme(scheme: string): string | undefined {
  return BY_SCHEME.get(scheme);
}
