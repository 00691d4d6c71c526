// Countries as sources write them (names in many forms, nationality adjectives, alpha-2, alpha-3 and subdivision
// codes) to ISO 3166-1 alpha-2: one table for every importer and live source.
import { countryName, isCountryCode } from '../model/countries.js';

/** ISO 3166-1 alpha-3 followed by alpha-2, five letters per country (from the iso-codes package's list). */
const ALPHA3 = `
  ABWAW AFGAF AGOAO AIAAI ALAAX ALBAL ANDAD AREAE ARGAR ARMAM ASMAS ATAAQ ATFTF ATGAG AUSAU AUTAT AZEAZ BDIBI
  BELBE BENBJ BESBQ BFABF BGDBD BGRBG BHRBH BHSBS BIHBA BLMBL BLRBY BLZBZ BMUBM BOLBO BRABR BRBBB BRNBN BTNBT
  BVTBV BWABW CAFCF CANCA CCKCC CHECH CHLCL CHNCN CIVCI CMRCM CODCD COGCG COKCK COLCO COMKM CPVCV CRICR CUBCU
  CUWCW CXRCX CYMKY CYPCY CZECZ DEUDE DJIDJ DMADM DNKDK DOMDO DZADZ ECUEC EGYEG ERIER ESHEH ESPES ESTEE ETHET
  FINFI FJIFJ FLKFK FRAFR FROFO FSMFM GABGA GBRGB GEOGE GGYGG GHAGH GIBGI GINGN GLPGP GMBGM GNBGW GNQGQ GRCGR
  GRDGD GRLGL GTMGT GUFGF GUMGU GUYGY HKGHK HMDHM HNDHN HRVHR HTIHT HUNHU IDNID IMNIM INDIN IOTIO IRLIE IRNIR
  IRQIQ ISLIS ISRIL ITAIT JAMJM JEYJE JORJO JPNJP KAZKZ KENKE KGZKG KHMKH KIRKI KNAKN KORKR KWTKW LAOLA LBNLB
  LBRLR LBYLY LCALC LIELI LKALK LSOLS LTULT LUXLU LVALV MACMO MAFMF MARMA MCOMC MDAMD MDGMG MDVMV MEXMX MHLMH
  MKDMK MLIML MLTMT MMRMM MNEME MNGMN MNPMP MOZMZ MRTMR MSRMS MTQMQ MUSMU MWIMW MYSMY MYTYT NAMNA NCLNC NERNE
  NFKNF NGANG NICNI NIUNU NLDNL NORNO NPLNP NRUNR NZLNZ OMNOM PAKPK PANPA PCNPN PERPE PHLPH PLWPW PNGPG POLPL
  PRIPR PRKKP PRTPT PRYPY PSEPS PYFPF QATQA REURE ROURO RUSRU RWARW SAUSA SDNSD SENSN SGPSG SGSGS SHNSH SJMSJ
  SLBSB SLESL SLVSV SMRSM SOMSO SPMPM SRBRS SSDSS STPST SURSR SVKSK SVNSI SWESE SWZSZ SXMSX SYCSC SYRSY TCATC
  TCDTD TGOTG THATH TJKTJ TKLTK TKMTM TLSTL TONTO TTOTT TUNTN TURTR TUVTV TWNTW TZATZ UGAUG UKRUA UMIUM URYUY
  USAUS UZBUZ VATVA VCTVC VENVE VGBVG VIRVI VNMVN VUTVU WLFWF WSMWS YEMYE ZAFZA ZMBZM ZWEZW
`;

const FROM_ALPHA3: ReadonlyMap<string, string> = new Map(
  ALPHA3.trim()
    .split(/\s+/)
    .map((p) => [p.slice(0, 3), p.slice(3)] as const),
);

/**
 * Names the runtime's English names do not cover: UN/EU official names, older and short names, the parts of a
 * country registries write ("England"), and the spellings leak and registry files use.
 */
const ALIASES: Record<string, string> = {
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
  macao: 'MO',
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
  england: 'GB',
  wales: 'GB',
  scotland: 'GB',
  'northern ireland': 'GB',
  'great britain': 'GB',
  'england and wales': 'GB',
  'england wales': 'GB',
  britain: 'GB',
  'u s a': 'US',
  us: 'US',
  'isle of man': 'IM',
  jersey: 'JE',
  guernsey: 'GG',
  bvi: 'VG',
  'cayman islands': 'KY',
  holland: 'NL',
  'the netherlands': 'NL',
  'republic of ireland': 'IE',
  eire: 'IE',
  'peoples republic of china': 'CN',
  'people s republic of china': 'CN',
  'hong kong': 'HK',
  uae: 'AE',
  'united arab emirates': 'AE',
  vietnam: 'VN',
  bahamas: 'BS',
  'the bahamas': 'BS',
  taiwan: 'TW',
  curacao: 'CW',
};

const NATIONALITIES: Record<string, string> = {
  british: 'GB',
  english: 'GB',
  welsh: 'GB',
  scottish: 'GB',
  'northern irish': 'GB',
  irish: 'IE',
  american: 'US',
  canadian: 'CA',
  australian: 'AU',
  'new zealander': 'NZ',
  'new zealand': 'NZ',
  'south african': 'ZA',
  french: 'FR',
  german: 'DE',
  italian: 'IT',
  spanish: 'ES',
  portuguese: 'PT',
  dutch: 'NL',
  belgian: 'BE',
  swiss: 'CH',
  austrian: 'AT',
  swedish: 'SE',
  norwegian: 'NO',
  danish: 'DK',
  finnish: 'FI',
  icelandic: 'IS',
  polish: 'PL',
  czech: 'CZ',
  slovak: 'SK',
  hungarian: 'HU',
  romanian: 'RO',
  bulgarian: 'BG',
  greek: 'GR',
  cypriot: 'CY',
  maltese: 'MT',
  lithuanian: 'LT',
  latvian: 'LV',
  estonian: 'EE',
  croatian: 'HR',
  slovenian: 'SI',
  serbian: 'RS',
  ukrainian: 'UA',
  russian: 'RU',
  belarusian: 'BY',
  turkish: 'TR',
  israeli: 'IL',
  indian: 'IN',
  pakistani: 'PK',
  bangladeshi: 'BD',
  'sri lankan': 'LK',
  chinese: 'CN',
  'hong konger': 'HK',
  japanese: 'JP',
  korean: 'KR',
  'south korean': 'KR',
  vietnamese: 'VN',
  thai: 'TH',
  malaysian: 'MY',
  singaporean: 'SG',
  indonesian: 'ID',
  filipino: 'PH',
  nigerian: 'NG',
  ghanaian: 'GH',
  kenyan: 'KE',
  egyptian: 'EG',
  moroccan: 'MA',
  emirati: 'AE',
  saudi: 'SA',
  'saudi arabian': 'SA',
  iranian: 'IR',
  iraqi: 'IQ',
  lebanese: 'LB',
  jordanian: 'JO',
  brazilian: 'BR',
  mexican: 'MX',
  argentine: 'AR',
  argentinian: 'AR',
  colombian: 'CO',
  chilean: 'CL',
  luxembourger: 'LU',
  monegasque: 'MC',
  kazakh: 'KZ',
  azerbaijani: 'AZ',
  georgian: 'GE',
};

function key(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .replace(/^the /, '')
    .trim();
}

let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName !== null) return byName;
  byName = new Map();
  for (const code of FROM_ALPHA3.values()) {
    const name = countryName(code);
    if (name !== null) byName.set(key(name), code);
  }
  for (const [name, code] of Object.entries(ALIASES)) byName.set(key(name), code);
  return byName;
}

let lastWords: Set<string> | null = null;

/**
 * Whether `word` (lower case) may end a country's name (kong, canada, emirates): a cheap test before `countryCode`
 * for callers that look for a country at the end of a longer text.
 */
export function mayEndCountryName(word: string): boolean {
  if (lastWords === null) {
    lastWords = new Set();
    for (const name of names().keys()) lastWords.add(name.slice(name.lastIndexOf(' ') + 1));
  }
  return lastWords.has(word);
}

/** A country name (any case, "ENGLAND", "Russian Federation", "USA") or a two-letter code, to alpha-2; null when unknown. */
export function countryCode(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const k = key(raw);
  if (k === '') return null;
  if (/^[a-z]{2}$/.test(k) && isCountryCode(k.toUpperCase())) return k.toUpperCase();
  return names().get(k) ?? null;
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

/** A nationality as registries write it ("British", "Vietnamese", or a country name), to alpha-2; null when unknown. */
export function nationalityCode(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  return NATIONALITIES[key(raw)] ?? countryCode(raw);
}

/** Alpha-2 for an ISO alpha-2, alpha-3 or subdivision code (`NG-LA` → NG); null when it is none of these. */
export function countryFromCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (code.length === 2) return isCountryCode(code) ? code : null;
  if (code.length === 3) return FROM_ALPHA3.get(code) ?? null;
  const country = /^([A-Z]{2})-[A-Z0-9]{1,3}$/.exec(code)?.[1];
  return country !== undefined && isCountryCode(country) ? country : null;
}
