// ICIJ nodes as parties: whether an officer is a person or a company, jurisdictions, and the edge kinds.
import type { EdgeKind } from '../../../engine/model/records.js';
import { normaliseName } from '../../../engine/names/normalise.js';
import { countryCode, countryFromCode } from '../../../engine/sources/countries.js';

/**
 * Words that mark an organisation even without a legal-form suffix. ICIJ does not say whether an officer or an
 * intermediary is a person or a company, so the heuristic is: a legal form the name normaliser recognises (Ltd,
 * S.A., GmbH, Inc, …) or one of these words makes a company; anything else is a person. It errs towards
 * persons, which is right for most officers; a company misread as a person only changes its type label.
 */
const ORGANISATION_WORDS = new Set([
  'anstalt',
  'associates',
  'bank',
  'company',
  'consultants',
  'corporate',
  'corporation',
  'corp',
  'establishment',
  'fiduciaria',
  'fiduciary',
  'foundation',
  'fund',
  'fundacion',
  'group',
  'holding',
  'holdings',
  'inc',
  'international',
  'investments',
  'law',
  'management',
  'nominees',
  'partners',
  'services',
  'stiftung',
  'trust',
  'trustees',
  'secretaries',
  'directors',
  'limited',
  'ltd',
  'sa',
  'bv',
  'nv',
  'ag',
  'llc',
  'plc',
  'gmbh',
  'sarl',
]);

export function looksLikeCompany(name: string): boolean {
  if (normaliseName(name).legal.length > 0) return true;
  return name
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((w) => ORGANISATION_WORDS.has(w));
}

/** ICIJ's own jurisdiction codes that are not ISO codes (from the Offshore Leaks data). */
const ICIJ_JURISDICTIONS: Record<string, string> = {
  BVI: 'VG',
  BAH: 'BS',
  SAM: 'WS',
  PMA: 'PA',
  SEY: 'SC',
  NIUE: 'NU',
  ANG: 'AI',
  NEV: 'KN',
  CAYMN: 'KY',
  UK: 'GB',
  JSY: 'JE',
  GSY: 'GG',
  IOM: 'IM',
  MAURI: 'MU',
  LABUA: 'MY',
  COOK: 'CK',
  MARSH: 'MH',
  CRI: 'CR',
  USDE: 'US',
  WYO: 'US',
  NV: 'US',
  HK: 'HK',
  BM: 'BM',
};

/** Alpha-2 for an ICIJ jurisdiction: its own codes, ISO codes, then the description as a country name. */
export function icijJurisdiction(code: string, description: string): string | null {
  const c = code.trim().toUpperCase();
  return ICIJ_JURISDICTIONS[c] ?? countryFromCode(c) ?? countryCode(description);
}

/** The first of `JEY;GBR`-style country codes that is a country. */
export function firstCountry(codes: string): string | null {
  for (const c of codes.split(';')) {
    const a2 = countryFromCode(c);
    if (a2 !== null) return a2;
  }
  return null;
}

/**
 * The edge kind of an ICIJ link. `officer_of` covers every role, so the human `link` text decides: shareholders
 * own (no percentage is ever published), directors and secretaries direct, beneficiaries and protectors control.
 * Similarity edges that ICIJ asserts (`same_as`, `same_company_as`) are identities; name likeness is only an
 * association. Returns null for edges about address nodes, which are applied as addresses instead.
 */
export function edgeKind(relType: string, link: string): EdgeKind | null {
  const rel = relType.toLowerCase();
  const text = link.toLowerCase();
  if (rel === 'registered_address' || rel === 'same_address_as' || text === 'registered address') return null;
  if (rel === 'intermediary_of' || text.startsWith('intermediary')) return 'intermediary';
  if (rel === 'same_as' || rel === 'same_company_as' || rel === 'same_intermediary_as' || rel === 'same_id_as')
    return 'identity';
  if (rel !== '' && rel !== 'officer_of') return 'association';
  if (/shareholder|\bowner/.test(text)) return 'ownership';
  if (
    /director|secretary|officer|president|treasurer|signatory|chairman|manager|board|auditor|legal representative/.test(
      text,
    )
  )
    return 'directorship';
  if (/beneficiar|protector|trustee|settlor|attorney|nominee|founder|power of/.test(text)) return 'control';
  return 'association';
}

/** The machine rel_type the 2016 edges file leaves out, from its human text. */
export function relTypeOf2016(text: string): string {
  const t = text.toLowerCase().trim();
  if (t === 'registered address') return 'registered_address';
  if (t.startsWith('intermediary')) return 'intermediary_of';
  if (t.startsWith('similar')) return 'similar';
  if (t.startsWith('same name') || t.startsWith('same address')) return 'same_name_as';
  return 'officer_of';
}
