// Countries as people relate to them: display names, naming cultures, and the nationality mixes of synthetic persons.
import type { CultureKey } from './names/person-name.js';
import { Weighted } from './random.js';

interface CountryInfo {
  readonly name: string;
  /** The naming culture of its people, and the street-name language of its addresses. */
  readonly culture: CultureKey;
}

export const COUNTRIES = {
  GB: { name: 'United Kingdom', culture: 'gb' },
  IE: { name: 'Ireland', culture: 'gb' },
  JE: { name: 'Jersey', culture: 'gb' },
  GG: { name: 'Guernsey', culture: 'gb' },
  IM: { name: 'Isle of Man', culture: 'gb' },
  US: { name: 'United States', culture: 'us' },
  VG: { name: 'British Virgin Islands', culture: 'gb' },
  KY: { name: 'Cayman Islands', culture: 'gb' },
  BS: { name: 'Bahamas', culture: 'gb' },
  SC: { name: 'Seychelles', culture: 'gb' },
  BZ: { name: 'Belize', culture: 'gb' },
  MH: { name: 'Marshall Islands', culture: 'us' },
  PA: { name: 'Panama', culture: 'es' },
  DE: { name: 'Germany', culture: 'de' },
  AT: { name: 'Austria', culture: 'de' },
  CH: { name: 'Switzerland', culture: 'de' },
  LI: { name: 'Liechtenstein', culture: 'de' },
  NL: { name: 'Netherlands', culture: 'de' },
  FR: { name: 'France', culture: 'fr' },
  BE: { name: 'Belgium', culture: 'fr' },
  LU: { name: 'Luxembourg', culture: 'fr' },
  ES: { name: 'Spain', culture: 'es' },
  MX: { name: 'Mexico', culture: 'es' },
  AR: { name: 'Argentina', culture: 'es' },
  CO: { name: 'Colombia', culture: 'es' },
  VE: { name: 'Venezuela', culture: 'es' },
  IT: { name: 'Italy', culture: 'it' },
  PT: { name: 'Portugal', culture: 'pt' },
  BR: { name: 'Brazil', culture: 'pt' },
  PL: { name: 'Poland', culture: 'pl' },
  RU: { name: 'Russia', culture: 'ru' },
  BY: { name: 'Belarus', culture: 'ru' },
  KZ: { name: 'Kazakhstan', culture: 'ru' },
  UA: { name: 'Ukraine', culture: 'ua' },
  CN: { name: 'China', culture: 'cn' },
  HK: { name: 'Hong Kong', culture: 'cn' },
  SG: { name: 'Singapore', culture: 'cn' },
  IN: { name: 'India', culture: 'in' },
  AE: { name: 'United Arab Emirates', culture: 'ar' },
  SA: { name: 'Saudi Arabia', culture: 'ar' },
  QA: { name: 'Qatar', culture: 'ar' },
  LB: { name: 'Lebanon', culture: 'ar' },
  EG: { name: 'Egypt', culture: 'ar' },
  SY: { name: 'Syria', culture: 'ar' },
  CY: { name: 'Cyprus', culture: 'gr' },
  GR: { name: 'Greece', culture: 'gr' },
  NG: { name: 'Nigeria', culture: 'ng' },
  TR: { name: 'Turkey', culture: 'tr' },
  MT: { name: 'Malta', culture: 'gb' },
  LR: { name: 'Liberia', culture: 'us' },
  BM: { name: 'Bermuda', culture: 'gb' },
} as const satisfies Record<string, CountryInfo>;
export type CountryCode = keyof typeof COUNTRIES;

export function countryName(code: CountryCode): string {
  return COUNTRIES[code].name;
}

export function cultureOf(code: CountryCode): CultureKey {
  return COUNTRIES[code].culture;
}

function table(weights: Partial<Record<CountryCode, number>>): Weighted<CountryCode> {
  return new Weighted(Object.entries(weights).map(([code, w]) => [code as CountryCode, w] as const));
}

/** Nationalities of officers and owners on a UK-centred register. */
export const NATIONALITIES = table({
  GB: 52,
  IE: 1,
  US: 3,
  DE: 3,
  FR: 2.5,
  ES: 1.5,
  IT: 2,
  PT: 0.8,
  BR: 1.2,
  MX: 0.5,
  AR: 0.3,
  PL: 3,
  RU: 3,
  UA: 1.5,
  BY: 0.3,
  KZ: 0.3,
  CN: 4,
  HK: 0.8,
  SG: 0.4,
  IN: 5,
  AE: 1,
  SA: 0.7,
  QA: 0.2,
  LB: 0.3,
  EG: 0.3,
  CY: 1.2,
  GR: 1,
  NG: 2.5,
  TR: 2,
  CH: 0.5,
  AT: 0.3,
  BE: 0.3,
  VE: 0.2,
  CO: 0.2,
  SY: 0.1,
});

/** Nationalities of sanctioned persons: weighted towards the big designation programmes. */
export const SANCTIONED_NATIONALITIES = table({
  RU: 45,
  BY: 6,
  UA: 4,
  SY: 10,
  LB: 3,
  AE: 5,
  CN: 8,
  KZ: 3,
  TR: 4,
  VE: 5,
  IN: 1,
  SA: 2,
  NG: 2,
  GB: 2,
});

/** Nationalities of politically exposed persons. */
export const PEP_NATIONALITIES = table({
  GB: 20,
  RU: 10,
  UA: 6,
  NG: 8,
  AE: 5,
  SA: 4,
  CN: 5,
  IN: 6,
  TR: 5,
  CY: 4,
  GR: 3,
  BR: 4,
  MX: 3,
  KZ: 4,
  PL: 3,
  FR: 3,
  DE: 3,
  IT: 3,
  ES: 2,
  VE: 2,
  EG: 2,
  QA: 2,
});
