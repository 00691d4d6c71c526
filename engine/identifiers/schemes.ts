// The identifier schemes accepted by the by-identifier endpoint, with the labels and formats shown in the API docs.

export const IDENTIFIER_SCHEMES = [
  'lei',
  'ofac',
  'eu',
  'un',
  'uk',
  'uen',
  'sec',
  'krs',
  'gb-coh',
  'siren',
  'br-cnpj',
] as const;

export type IdentifierScheme = (typeof IDENTIFIER_SCHEMES)[number];

const SCHEME_SET: ReadonlySet<string> = new Set(IDENTIFIER_SCHEMES);

export function isIdentifierScheme(s: string): s is IdentifierScheme {
  return SCHEME_SET.has(s);
}

export interface IdentifierSchemeInfo {
  /** Short human name, also used to open validation messages. */
  readonly label: string;
  /** One line on the accepted form, for the OpenAPI description of `value`. */
  readonly format: string;
  /** A value in normalised form. */
  readonly example: string;
}

// Examples are real published identifiers, most of them present in the samples under ../shared/data, so a
// reader can try them against a full snapshot; the UEN and KRS examples only illustrate the format.
export const IDENTIFIER_SCHEME_INFO = {
  lei: {
    label: 'LEI',
    format: 'Legal Entity Identifier (ISO 17442): 20 letters or digits, the last two being MOD 97-10 check digits.',
    example: '529900T8BM49AURSDO55',
  },
  ofac: {
    label: 'OFAC uid',
    format: 'uid of an OFAC SDN or Consolidated list entry: 1 to 9 digits, leading zeros dropped.',
    example: '36',
  },
  eu: {
    label: 'EU logicalId',
    format:
      'logicalId of a sanctioned entity in the EU Financial Sanctions File: 1 to 9 digits, leading zeros dropped.',
    example: '191',
  },
  un: {
    label: 'UN reference number',
    format:
      'UN Security Council Consolidated List reference: regime code, i (individual) or e (entity), a dot, 3 digits, e.g. QDi.430.',
    example: 'QDi.430',
  },
  uk: {
    label: 'UK sanctions Unique ID',
    format:
      'UK Sanctions List Unique ID: 3-letter regime code and 4 digits, e.g. RUS0001; shorter numbers are zero-padded.',
    example: 'AFG0001',
  },
  uen: {
    label: 'UEN',
    format:
      'Singapore Unique Entity Number: nnnnnnnnX (businesses), yyyynnnnnX (local companies) or TyyPQnnnnX (other entities), X a check letter.',
    example: '196800306E',
  },
  sec: {
    label: 'SEC CIK',
    format: 'SEC EDGAR Central Index Key: up to 10 digits, zero-padded to 10; a leading "CIK" is dropped.',
    example: '0000320193',
  },
  krs: {
    label: 'KRS number',
    format: 'Polish National Court Register (KRS) number: up to 10 digits, zero-padded to 10.',
    example: '0000028860',
  },
  'gb-coh': {
    label: 'Companies House number',
    format:
      'UK Companies House company number: 8 characters, digits or a register prefix (SC, NI, OC, LP, FC, OE, …) and digits; zero-padded.',
    example: '08209948',
  },
  siren: {
    label: 'SIREN',
    format: 'French SIREN (INSEE): 9 digits, the last a Luhn check digit; a 14-digit SIRET is not accepted.',
    example: '552100554',
  },
  'br-cnpj': {
    label: 'CNPJ',
    format: 'Brazilian CNPJ: 14 digits, the last two check digits; 12.345.678/0001-95 punctuation is accepted.',
    example: '13810056000153',
  },
} as const satisfies Record<IdentifierScheme, IdentifierSchemeInfo>;
