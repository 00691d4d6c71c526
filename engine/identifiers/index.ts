// Public API of the identifier schemes: what they are, how to normalise and check them, how to spot them.

export {
  IDENTIFIER_SCHEMES,
  IDENTIFIER_SCHEME_INFO,
  isIdentifierScheme,
  type IdentifierScheme,
  type IdentifierSchemeInfo,
} from './schemes.js';
export { GB_COH_PREFIXES, UEN_ENTITY_TYPES, normaliseIdentifier, type NormaliseResult } from './normalise.js';
export { detectIdentifiers, type DetectedIdentifier } from './detect.js';
export { isIndexedScheme } from './indexed-schemes.js';
export {
  cnpjWithCheckDigits,
  isValidCnpj,
  isValidLei,
  leiCheckDigits,
  leiWithCheckDigits,
  luhnValid,
  sirenWithCheckDigit,
} from './check-digits.js';
