// Material for company names: business nouns (with the SIC 2007 codes that go with them), local-language nouns,
// syllables for coined brand words, and the lenders and leaks that synthetic records mention.
import { list } from './list.js';

/** An English business noun and the SIC 2007 codes a company so named would file under. */
export interface BusinessNoun {
  readonly word: string;
  readonly upper: string;
  readonly sic: readonly string[];
}

function nouns(entries: ReadonlyArray<readonly [string, string]>): readonly BusinessNoun[] {
  return entries.map(([word, sic]) => ({ word, upper: word.toUpperCase(), sic: sic.split(' ') }));
}

export const BUSINESS_NOUNS: readonly BusinessNoun[] = nouns([
  ['Capital', '64303 64999 66190'],
  ['Logistics', '49410 52290'],
  ['Properties', '68100 68209 68320'],
  ['Engineering', '71129 43210'],
  ['Trading', '46900 47910'],
  ['Holdings', '64209 70100'],
  ['Ventures', '64303 64209'],
  ['Consulting', '70229 62020'],
  ['Foods', '10710 46900 56101'],
  ['Textiles', '13100 46900'],
  ['Marine', '50200 52290'],
  ['Energy', '35110 43210'],
  ['Investments', '64999 64209'],
  ['Estates', '68100 68209'],
  ['Developments', '41100 68100'],
  ['Construction', '41201 41202 43390'],
  ['Technologies', '62012 62090'],
  ['Software', '62012'],
  ['Media', '73110 63990'],
  ['Management', '70229 68320'],
  ['Services', '82990 96090'],
  ['Solutions', '62020 82990'],
  ['Partners', '69201 70229'],
  ['Resources', '46900 64999'],
  ['Shipping', '50200'],
  ['Finance', '64999 66190'],
  ['Care', '86900'],
  ['Hospitality', '55100 56302'],
  ['Motors', '45111'],
  ['Retail', '47110 47910'],
  ['Imports', '46900'],
  ['Global', '46900 70100'],
  ['Homes', '41202 68100'],
  ['Land', '68100'],
  ['Agri', '01110'],
  ['Academy', '85590'],
  ['Legal', '69102'],
  ['Accountants', '69201'],
  ['Digital', '62090 73110'],
  ['Security', '74909'],
]);

/** Codes that fit any company: dormant, head offices, other business support. */
export const GENERIC_SIC = ['99999', '70100', '82990', '74909'] as const;

export const GB_NAME_EXTRAS = list('GROUP, INTERNATIONAL, (UK), UK, GLOBAL, EUROPE, (HOLDINGS), SERVICES');

/** Local-language business nouns, for names registered in the local language. */
export const LOCAL_NOUNS = {
  de: list(`Immobilien, Logistik, Handel, Beteiligungs, Bau, Maschinenbau, Technik, Energie, Consulting, Holding,
    Vermögensverwaltung, Textil, Lebensmittel, Finanz, Software, Verwaltungs, Grundbesitz, Anlagen`),
  fr: list(`Immobilier, Logistique, Conseil, Énergie, Transports, Distribution, Finances, Participations, Ingénierie,
    Textiles, Alimentation, Gestion, Développement, Patrimoine, Négoce`),
  es: list(`Inversiones, Inmobiliaria, Logística, Construcciones, Energía, Comercial, Consultores, Alimentos, Textiles,
    Transportes, Servicios, Desarrollos, Marítima, Naviera`),
  pt: list(`Investimentos, Imobiliária, Logística, Construções, Energia, Comércio, Consultoria, Alimentos, Têxtil,
    Transportes, Participações, Serviços`),
  pl: list(
    'Nieruchomości, Logistyka, Handel, Budownictwo, Energia, Inwestycje, Doradztwo, Transport, Usługi, Technologie',
  ),
  nl: list('Beheer, Vastgoed, Holding, Handel, Logistiek, Techniek, Investments, Participaties, Groep'),
  ru: list(
    'invest, stroy, trans, neftegaz, prom, agro, torg, servis, energo, telekom, metall, logistik, kapital, resurs',
  ),
} as const;

export const DUTCH_SURNAMES = list(`van Dijk, de Vries, Jansen, Bakker, Visser, Smit, Meijer, de Boer, Mulder, de Groot,
  Bos, Vos, Peters, Hendriks, van Leeuwen, Dekker, Brouwer, de Wit, Dijkstra, Smits`);

/** Two- and three-letter syllables that make pronounceable invented brand words (Velora, Novantis, Quintex). */
export const SYLLABLES =
  list(`ar, bel, cor, dex, el, fin, gra, hal, ion, ju, kel, lum, mar, nov, or, pax, quin, ros, sil,
  tor, ul, ven, wex, xan, yor, zen, ta, ri, lo, na, vi, sa, mo, te, ka, li, do, ra, ve, tis, ex, on, ia, ax, is, an,
  ber, cal, dor, fal, gen, lan, mer, nor, pel, sar, tal, val, ver, bri, cre, fla, gro, pri, stra, tri`);

/** Ending syllables that read like brand names. */
export const SYLLABLE_ENDINGS = list('a, ia, is, ex, on, os, ix, um, ar, en, o, ra, ta, na, tis, tek, via, ora, ium');

/** Single pinyin syllables that Chinese brand names are made of (Huaxin, Jinlong). */
export const PINYIN_SYLLABLES = list(`hua, xin, jin, long, tai, feng, sheng, da, heng, kang, fu, rui, tian, hong, yuan,
  ming, guang, hai, bao, cheng, an, xing, mei, zhong, wan, jia, tong, yi, hao, de, yu, chang, shun, xiang`);

/** Fictional lenders for charge registrations. */
export const LENDERS = list(`Northgate Bank PLC, Albion Commercial Finance Limited, Harbourline Capital LLP,
  Severn Trust Bank Limited, Caledonian Asset Finance Limited, Meridian Property Lending Limited,
  Kingsbridge Private Bank Limited, Thameside Invoice Finance Limited`);

/** Fictional leaks that synthetic offshore-leaks entities are "named in". */
export const LEAKS = list(`Marlin Ledger Files, Coral Vault Papers, Tidewater Records, Azure Harbour Leaks,
  Kingfisher Registry Dump, Saltpan Papers`);

/** Vessel names: an adjective-like word and a noun, as ships are often named. */
export const VESSEL_WORDS = {
  first: list(`Northern, Southern, Golden, Silver, Blue, Ocean, Sea, Star, Royal, Pacific, Atlantic, Baltic, Arctic,
    Crimson, Eastern, Western, Lady, Princess, Grand, Swift, Iron, Coral, Amber, Jade`),
  second: list(`Star, Spirit, Dawn, Pearl, Wind, Wave, Horizon, Voyager, Explorer, Trader, Pioneer, Glory, Venture,
    Carrier, Phoenix, Falcon, Osprey, Navigator, Meridian, Fortune, Harmony, Legend, Breeze, Tide`),
} as const;
