// Country codes as sources write them (ISO alpha-3, alpha-2, subdivision codes, English names) to ISO 3166-1 alpha-2.
import { countryName, isCountryCode } from '../../../engine/model/countries.js';

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

/** English country name (lower case, as the runtime's ICU names it) to alpha-2; built on first use. */
let byName: Map<string, string> | null = null;

/** Alpha-2 for an ISO alpha-2, alpha-3 or subdivision code (`NG-LA` → NG); null when it is none of these. */
export function countryFromCode(raw: string | null | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  if (code.length === 2) return isCountryCode(code) ? code : null;
  if (code.length === 3) return FROM_ALPHA3.get(code) ?? null;
  const sub = /^([A-Z]{2})-[A-Z0-9]{1,3}$/.exec(code);
  return sub !== null && isCountryCode(sub[1] as string) ? (sub[1] as string) : null;
}

/** Alpha-2 for an English country name (`Samoa`, `British Virgin Islands`); null when not recognised. */
export function countryFromName(raw: string | null | undefined): string | null {
  const name = (raw ?? '').trim().toLowerCase();
  if (name === '') return null;
  if (byName === null) {
    byName = new Map();
    for (const a2 of FROM_ALPHA3.values()) {
      const n = countryName(a2);
      if (n !== null) byName.set(n.toLowerCase(), a2);
    }
    // Names sources use that ICU spells otherwise.
    for (const [n, a2] of Object.entries(NAME_VARIANTS)) byName.set(n, a2);
  }
  return byName.get(name) ?? null;
}

const NAME_VARIANTS: Record<string, string> = {
  'british virgin islands': 'VG',
  'united states': 'US',
  'united states of america': 'US',
  'united kingdom': 'GB',
  'hong kong': 'HK',
  'macau': 'MO',
  'south korea': 'KR',
  'russia': 'RU',
  'isle of man': 'IM',
  'cayman islands': 'KY',
  'bahamas': 'BS',
  'the bahamas': 'BS',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  'taiwan': 'TW',
  'vietnam': 'VN',
  'curacao': 'CW',
};
