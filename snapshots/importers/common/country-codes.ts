// Country names as sanctions lists print them (English, UN style, upper case, with or without "the") → ISO alpha-2.
import { countryName, isCountryCode } from '../../../engine/model/countries.js';

/** Forms the runtime's English names do not cover: UN/EU official names, older names and common short names. */
const EXTRA: Record<string, string> = {
  'russian federation': 'RU',
  russia: 'RU',
  'iran islamic republic of': 'IR',
  iran: 'IR',
  'syrian arab republic': 'SY',
  syria: 'SY',
  'korea north': 'KP',
  'north korea': 'KP',
  'democratic people s republic of korea': 'KP',
  'korea democratic people s republic of': 'KP',
  'korea south': 'KR',
  'republic of korea': 'KR',
  'korea republic of': 'KR',
  'south korea': 'KR',
  'united kingdom of great britain and northern ireland': 'GB',
  'united kingdom': 'GB',
  uk: 'GB',
  'united states of america': 'US',
  'united states': 'US',
  usa: 'US',
  burma: 'MM',
  'democratic republic of the congo': 'CD',
  'congo democratic republic of': 'CD',
  'congo democratic republic of the': 'CD',
  'republic of the congo': 'CG',
  'congo republic of the': 'CG',
  'viet nam': 'VN',
  turkey: 'TR',
  turkiye: 'TR',
  'lao people s democratic republic': 'LA',
  'bolivia plurinational state of': 'BO',
  'venezuela bolivarian republic of': 'VE',
  'united republic of tanzania': 'TZ',
  'tanzania united republic of': 'TZ',
  'republic of moldova': 'MD',
  'moldova republic of': 'MD',
  'cote d ivoire': 'CI',
  'ivory coast': 'CI',
  'czech republic': 'CZ',
  'state of palestine': 'PS',
  'palestinian territories': 'PS',
  'west bank': 'PS',
  gaza: 'PS',
  'occupied palestinian territory': 'PS',
  'hong kong sar': 'HK',
  'macao': 'MO',
  macau: 'MO',
  'taiwan province of china': 'TW',
  'north macedonia': 'MK',
  macedonia: 'MK',
  'the former yugoslav republic of macedonia': 'MK',
  swaziland: 'SZ',
  'cabo verde': 'CV',
  'cape verde': 'CV',
  'micronesia federated states of': 'FM',
  'netherlands antilles': 'CW',
  'british virgin islands': 'VG',
  'virgin islands british': 'VG',
  'holy see': 'VA',
  kosovo: 'XK',
  'saint kitts and nevis': 'KN',
  'saint vincent and the grenadines': 'VC',
  'saint lucia': 'LC',
  'sao tome and principe': 'ST',
  'brunei darussalam': 'BN',
  'timor leste': 'TL',
  'east timor': 'TL',
  'gambia the': 'GM',
  'bahamas the': 'BS',
  'region crimea': 'UA',
  crimea: 'UA',
};

function key(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

let table: Map<string, string> | null = null;

function lookup(): Map<string, string> {
  if (table !== null) return table;
  table = new Map();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = countryName(code);
      if (name !== null) table.set(key(name), code);
    }
  }
  for (const [name, code] of Object.entries(EXTRA)) table.set(key(name), code);
  return table;
}

/** ISO alpha-2 for a country name or code, or null when unknown (`00`, `UNKNOWN`, regions such as "Europe"). */
export function countryCode(raw: string | undefined): string | null {
  const s = (raw ?? '').trim();
  if (s === '') return null;
  if (/^[A-Za-z]{2}$/.test(s)) {
    const code = s.toUpperCase();
    if (code === 'UK') return 'GB';
    return isCountryCode(code) ? code : null;
  }
  return lookup().get(key(s)) ?? null;
}

/** Distinct codes of the names that are known, in order. */
export function countryCodes(raws: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of raws) {
    const c = countryCode(r);
    if (c !== null && !out.includes(c)) out.push(c);
  }
  return out;
}
