// Country names and nationality adjectives as registries write them, to ISO 3166-1 alpha-2.
import { countryName, isCountryCode } from '../../../engine/model/countries.js';

const key = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Names that differ from the runtime's English names, or name a part of a country (registries write "England"). */
const NAME_ALIASES: Record<string, string> = {
  england: 'GB', wales: 'GB', scotland: 'GB', 'northern ireland': 'GB', 'great britain': 'GB', uk: 'GB',
  'united kingdom': 'GB', 'england and wales': 'GB', 'england wales': 'GB', britain: 'GB',
  usa: 'US', 'united states of america': 'US', 'u s a': 'US', us: 'US',
  'isle of man': 'IM', jersey: 'JE', guernsey: 'GG', 'channel islands': 'GB',
  'british virgin islands': 'VG', bvi: 'VG', 'virgin islands british': 'VG', 'cayman islands': 'KY',
  holland: 'NL', 'the netherlands': 'NL', 'republic of ireland': 'IE', eire: 'IE',
  russia: 'RU', 'russian federation': 'RU', 'peoples republic of china': 'CN', 'people s republic of china': 'CN',
  'hong kong': 'HK', 'south korea': 'KR', 'korea republic of': 'KR', 'czech republic': 'CZ', 'uae': 'AE',
  'united arab emirates': 'AE', turkey: 'TR', 'ivory coast': 'CI', 'viet nam': 'VN', vietnam: 'VN',
};

/** Adjectives of nationality seen in Companies House officer and PSC records (common ones; unknown → none). */
const NATIONALITIES: Record<string, string> = {
  british: 'GB', english: 'GB', welsh: 'GB', scottish: 'GB', 'northern irish': 'GB', irish: 'IE',
  american: 'US', canadian: 'CA', australian: 'AU', 'new zealander': 'NZ', 'new zealand': 'NZ', 'south african': 'ZA',
  french: 'FR', german: 'DE', italian: 'IT', spanish: 'ES', portuguese: 'PT', dutch: 'NL', belgian: 'BE',
  swiss: 'CH', austrian: 'AT', swedish: 'SE', norwegian: 'NO', danish: 'DK', finnish: 'FI', icelandic: 'IS',
  polish: 'PL', czech: 'CZ', slovak: 'SK', hungarian: 'HU', romanian: 'RO', bulgarian: 'BG', greek: 'GR',
  cypriot: 'CY', maltese: 'MT', lithuanian: 'LT', latvian: 'LV', estonian: 'EE', croatian: 'HR', slovenian: 'SI',
  serbian: 'RS', ukrainian: 'UA', russian: 'RU', belarusian: 'BY', turkish: 'TR', israeli: 'IL',
  indian: 'IN', pakistani: 'PK', bangladeshi: 'BD', 'sri lankan': 'LK', chinese: 'CN', 'hong konger': 'HK',
  japanese: 'JP', korean: 'KR', 'south korean': 'KR', vietnamese: 'VN', thai: 'TH', malaysian: 'MY',
  singaporean: 'SG', indonesian: 'ID', filipino: 'PH', nigerian: 'NG', ghanaian: 'GH', kenyan: 'KE',
  egyptian: 'EG', moroccan: 'MA', emirati: 'AE', saudi: 'SA', 'saudi arabian': 'SA', iranian: 'IR', iraqi: 'IQ',
  lebanese: 'LB', jordanian: 'JO', brazilian: 'BR', mexican: 'MX', argentine: 'AR', argentinian: 'AR',
  colombian: 'CO', chilean: 'CL', luxembourger: 'LU', monegasque: 'MC', kazakh: 'KZ', azerbaijani: 'AZ', georgian: 'GE',
};

let byName: Map<string, string> | null = null;
function names(): Map<string, string> {
  if (byName !== null) return byName;
  byName = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!isCountryCode(code)) continue;
      const name = countryName(code);
      if (name !== null) byName.set(key(name), code);
    }
  }
  for (const [name, code] of Object.entries(NAME_ALIASES)) byName.set(key(name), code);
  return byName;
}

/** A country name (any case, "ENGLAND", "United Kingdom", "USA") or a two-letter code, to alpha-2; null when unknown. */
export function countryCode(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const k = key(raw);
  if (k === '') return null;
  if (/^[a-z]{2}$/.test(k) && isCountryCode(k.toUpperCase())) return k.toUpperCase();
  return names().get(k) ?? null;
}

/** A nationality as registries write it ("British", "Vietnamese", or a country name), to alpha-2; null when unknown. */
export function nationalityCode(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  return NATIONALITIES[key(raw)] ?? countryCode(raw);
}
