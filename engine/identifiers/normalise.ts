// Turns a typed or imported identifier into the one canonical form the indexes are keyed by, or says why it is not one.

import { isOneDigitRepeated, isValidCnpj, isValidLei, luhnValid } from './check-digits.js';
import { IDENTIFIER_SCHEME_INFO, type IdentifierScheme } from './schemes.js';

export type NormaliseResult = { ok: true; value: string } | { ok: false; reason: string };

/**
 * Companies House company number prefixes: the registers listed in the Companies House URI customer guide,
 * plus those that occur on the register without being listed there (CE, CS, SG, and OE for the Register of
 * Overseas Entities of 2022). A number without a prefix is an England & Wales company.
 */
export const GB_COH_PREFIXES = [
  // England & Wales
  'OC',
  'LP',
  'FC',
  'GE',
  'SE',
  'AC',
  'ZC',
  'IP',
  'IC',
  'RC',
  'CE',
  'PC',
  'FE',
  'OE',
  // Scotland
  'SC',
  'SO',
  'SL',
  'SF',
  'SA',
  'SZ',
  'GS',
  'ES',
  'SP',
  'SI',
  'SR',
  'RS',
  'CS',
  'SG',
  // Northern Ireland
  'NI',
  'R0',
  'NC',
  'NL',
  'NF',
  'NA',
  'NZ',
  'GN',
  'EN',
  'NP',
  'NV',
  'NR',
  'NO',
] as const;

// Industrial and provident societies keep their register number and its R suffix inside the
// 8 characters (SP29395R in the Companies House snapshot), so they get 5 digits, not 6.
const GB_COH_SOCIETY_PREFIXES: ReadonlySet<string> = new Set(['IP', 'SP', 'NP']);

/** Entity-type letters of the "other entities" UEN form (TyyPQnnnnX), as published by uen.gov.sg. */
export const UEN_ENTITY_TYPES = [
  'CC',
  'CD',
  'CH',
  'CL',
  'CM',
  'CP',
  'CS',
  'CX',
  'DP',
  'FB',
  'FC',
  'FM',
  'FN',
  'GA',
  'GB',
  'GS',
  'HS',
  'LL',
  'LP',
  'MB',
  'MC',
  'MD',
  'MH',
  'MM',
  'MQ',
  'NB',
  'NR',
  'PA',
  'PB',
  'PF',
  'RF',
  'RP',
  'SM',
  'SS',
  'TC',
  'TU',
  'VH',
  'XL',
] as const;

const GB_COH_PREFIX_SET: ReadonlySet<string> = new Set(GB_COH_PREFIXES);
const UEN_ENTITY_TYPE_SET: ReadonlySet<string> = new Set(UEN_ENTITY_TYPES);

// Longer input is garbage or an attack, and echoing it back in full would only bloat the error.
const MAX_INPUT_LENGTH = 64;
const MAX_QUOTED_LENGTH = 40;

type Fail = (what: string) => NormaliseResult;
// Each normaliser receives the input trimmed and with inner whitespace removed: people paste identifiers
// grouped with spaces (SIREN "552 100 554", LEIs copied from PDFs), and no scheme has meaningful spaces.
type Normaliser = (compact: string, fail: Fail) => NormaliseResult;

const ok = (value: string): NormaliseResult => ({ ok: true, value });

const isZero = (digits: string): boolean => /^0+$/.test(digits);

function lei(compact: string, fail: Fail): NormaliseResult {
  const value = compact.toUpperCase();
  if (!/^[A-Z0-9]{18}[0-9]{2}$/.test(value)) return fail('must be 20 letters or digits, the last two digits');
  return isValidLei(value) ? ok(value) : fail('has wrong check digits');
}

// OFAC uids and EU logicalIds are database keys; zero-padding in some exports is not part of them.
function databaseKey(compact: string, fail: Fail): NormaliseResult {
  if (!/^[0-9]+$/.test(compact)) return fail('must be digits');
  const value = compact.replace(/^0+/, '');
  if (value === '') return fail('is zero');
  return value.length > 9 ? fail('has more than 9 digits') : ok(value);
}

// The kind letter is i (individual), e (entity) or v (vessel: the UK list cites UN vessel designations as KPv.001).
function un(compact: string, fail: Fail): NormaliseResult {
  const m = /^([A-Z]{2})([IEV])\.?([0-9]{3})$/i.exec(compact);
  if (m === null) return fail('must be two letters, i, e or v, a dot and 3 digits, like QDi.430');
  const [, regime = '', kind = '', number = ''] = m;
  return ok(`${regime.toUpperCase()}${kind.toLowerCase()}.${number}`);
}

function uk(compact: string, fail: Fail): NormaliseResult {
  const m = /^([A-Z]{3})([0-9]{1,4})$/.exec(compact.toUpperCase());
  if (m === null) return fail('must be 3 letters and up to 4 digits, like RUS0001');
  const [, regime = '', number = ''] = m;
  return isZero(number) ? fail('has number zero') : ok(regime + number.padStart(4, '0'));
}

// ACRA publishes the shapes of the UEN forms but not a check-letter algorithm for all of them, so only
// the shape is checked; a wrong check letter surfaces as not_found rather than invalid_parameter.
function uen(compact: string, fail: Fail): NormaliseResult {
  const value = compact.toUpperCase();
  if (/^[0-9]{8}[A-Z]$/.test(value)) return ok(value); // businesses (ROB)
  if (/^(?:18|19|20)[0-9]{7}[A-Z]$/.test(value)) return ok(value); // local companies: issue year + 5 digits
  // Foreign companies registered before the UEN scheme: F, three zeros (printed as spaces), 5 digits.
  const foreign = /^F(?:000)?([0-9]{5})([A-Z])$/.exec(value);
  if (foreign !== null) return ok(`F000${foreign[1] ?? ''}${foreign[2] ?? ''}`);
  const other = /^[RST][0-9]{2}([A-Z]{2})[0-9]{4}[A-Z]$/.exec(value);
  if (other === null) return fail('must be nnnnnnnnX, yyyynnnnnX or TyyPQnnnnX');
  const type = other[1] ?? '';
  return UEN_ENTITY_TYPE_SET.has(type) ? ok(value) : fail(`has unknown entity type "${type}"`);
}

// CIKs and KRS numbers are printed both bare and zero-padded to 10; the padded form is the canonical one.
function tenDigits(printedPrefix: string): Normaliser {
  const prefix = new RegExp(`^${printedPrefix}:?`, 'i');
  return (compact, fail) => {
    const digits = compact.replace(prefix, '');
    if (!/^[0-9]{1,10}$/.test(digits)) return fail('must be 1 to 10 digits');
    return isZero(digits) ? fail('is zero') : ok(digits.padStart(10, '0'));
  };
}

function gbCoh(compact: string, fail: Fail): NormaliseResult {
  const value = compact.toUpperCase();
  if (/^[0-9]+$/.test(value)) {
    // Spreadsheets drop the leading zeros of England & Wales numbers; they are part of the number.
    if (value.length > 8) return fail('has more than 8 digits');
    return isZero(value) ? fail('is zero') : ok(value.padStart(8, '0'));
  }
  const m = /^([A-Z][A-Z0-9])([0-9]+)(R?)$/.exec(value);
  if (m === null) return fail('must be up to 8 digits, or a register prefix such as SC, NI or OC and digits');
  const [, prefix = '', digits = '', suffix = ''] = m;
  if (!GB_COH_PREFIX_SET.has(prefix)) return fail(`has unknown prefix "${prefix}"`);
  if (suffix !== '' && !GB_COH_SOCIETY_PREFIXES.has(prefix)) return fail('must end in digits');
  const width = 6 - suffix.length;
  if (digits.length > width) return fail('is longer than 8 characters');
  return isZero(digits) ? fail('is zero') : ok(prefix + digits.padStart(width, '0') + suffix);
}

function siren(compact: string, fail: Fail): NormaliseResult {
  // A SIRET (14 digits) names one establishment; its first 9 digits are the SIREN, but guessing that
  // silently would hide a mistake in the caller's data.
  if (/^[0-9]{14}$/.test(compact)) return fail('is a SIRET; a SIREN has 9 digits');
  if (!/^[0-9]{9}$/.test(compact)) return fail('must be 9 digits');
  if (isZero(compact)) return fail('is zero');
  return luhnValid(compact) ? ok(compact) : fail('has a wrong check digit');
}

// Alphanumeric CNPJs, issued since July 2026, keep 12 letters or digits and two numeric check digits.
function cnpj(compact: string, fail: Fail): NormaliseResult {
  const value = compact.replace(/[./-]/g, '').toUpperCase();
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(value))
    return fail('must be 14 digits (or 12 letters and digits, then 2 check digits)');
  if (isOneDigitRepeated(value)) return fail('is one digit repeated');
  return isValidCnpj(value) ? ok(value) : fail('has wrong check digits');
}

const NORMALISERS: Readonly<Record<IdentifierScheme, Normaliser>> = {
  lei,
  ofac: databaseKey,
  eu: databaseKey,
  un,
  uk,
  uen,
  sec: tenDigits('CIK'),
  krs: tenDigits('KRS'),
  'gb-coh': gbCoh,
  siren,
  'br-cnpj': cnpj,
};

function quote(s: string): string {
  return JSON.stringify(s.length > MAX_QUOTED_LENGTH ? `${s.slice(0, MAX_QUOTED_LENGTH)}…` : s);
}

export function normaliseIdentifier(scheme: IdentifierScheme, raw: string): NormaliseResult {
  const { label } = IDENTIFIER_SCHEME_INFO[scheme];
  const trimmed = raw.trim();
  const fail: Fail = (what) => ({ ok: false, reason: `${label} ${quote(trimmed)} ${what}` });
  if (trimmed === '') return { ok: false, reason: `${label} is empty` };
  if (trimmed.length > MAX_INPUT_LENGTH) return fail('is too long');
  return NORMALISERS[scheme](trimmed.replace(/\s+/g, ''), fail);
}
