// Where synthetic companies are registered: the jurisdiction list, kept as small indexes, and its weightings.
import { Weighted } from './random.js';

/** Index 0 is GB; 1–13 are the offshore centres; the rest onshore. The order is relied on by `isOffshore`. */
export const COMPANY_JURISDICTIONS = [
  'GB',
  'VG',
  'KY',
  'BS',
  'SC',
  'PA',
  'BZ',
  'MH',
  'CY',
  'JE',
  'GG',
  'IM',
  'LI',
  'AE',
  'US',
  'DE',
  'FR',
  'NL',
  'LU',
  'CH',
  'IE',
  'PL',
  'RU',
  'CN',
  'HK',
  'SG',
  'BR',
  'IN',
] as const;
export type CompanyJurisdiction = (typeof COMPANY_JURISDICTIONS)[number];

export const GB = 0;
const LAST_OFFSHORE = 13;

export function isOffshore(index: number): boolean {
  return index >= 1 && index <= LAST_OFFSHORE;
}

export function jurisdictionCode(index: number): CompanyJurisdiction {
  const code = COMPANY_JURISDICTIONS[index];
  if (code === undefined) throw new RangeError(`jurisdictionCode: no jurisdiction at index ${index}`);
  return code;
}

export function jurisdictionIndex(code: CompanyJurisdiction): number {
  return COMPANY_JURISDICTIONS.indexOf(code);
}

type Weights = Partial<Record<CompanyJurisdiction, number>>;

function table(weights: Weights): Weighted<number> {
  return new Weighted(
    Object.entries(weights).map(([code, w]) => [jurisdictionIndex(code as CompanyJurisdiction), w] as const),
  );
}

const OFFSHORE: Weights = {
  VG: 20,
  KY: 11,
  BS: 5,
  SC: 6,
  PA: 8,
  BZ: 5,
  MH: 5,
  CY: 15,
  JE: 8,
  GG: 4,
  IM: 4,
  LI: 2,
  AE: 7,
};

const ONSHORE_ABROAD: Weights = {
  US: 4,
  DE: 3,
  FR: 2.5,
  NL: 2,
  LU: 1.5,
  CH: 1.5,
  IE: 1.5,
  PL: 1,
  RU: 1,
  CN: 1,
  HK: 1,
  SG: 1,
  BR: 0.5,
  IN: 0.5,
};

function scaled(weights: Weights, total: number): Weights {
  const sum = Object.values(weights).reduce((a, b) => a + b, 0);
  return Object.fromEntries(Object.entries(weights).map(([k, w]) => [k, (w * total) / sum]));
}

/**
 * Stand-alone companies. Chains and groups add offshore companies of their own, so this table holds fewer
 * offshore ones than the ~8% the whole corpus ends with, and a little more GB than its ~70%.
 */
export const SINGLE_JURISDICTIONS = table({ GB: 75, ...scaled(OFFSHORE, 2), ...scaled(ONSHORE_ABROAD, 23) });

/** Intermediate holders in chains: the offshore hops. */
export const OFFSHORE_JURISDICTIONS = table(OFFSHORE);

/** Group holding companies and the tops of chains: more often abroad or offshore. */
export const HOLDING_JURISDICTIONS = table({ GB: 45, ...scaled(OFFSHORE, 25), ...scaled(ONSHORE_ABROAD, 30) });

/** The operating company at the bottom of a chain is usually British. */
export const CHAIN_BOTTOM_JURISDICTIONS = table({ GB: 85, ...scaled(ONSHORE_ABROAD, 15) });
