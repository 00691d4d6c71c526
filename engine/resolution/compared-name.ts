// A written name as the match scorer compares it: read once (folded, its legal forms, titles and numbers told apart,
// a person's family and given names found), with the other names it yields (an acronym, an ex- name, another reading).
import {
  legalFormsOf,
  type LegalFormFacts,
  STOP_WORDS,
  foldToAscii,
  foldVariant,
  foldVariants,
  hasNonLatinLetters,
  splitLegalForms,
  splitLegalFormFacts,
  isAbjad,
  normaliseFolded,
  normaliseSplit,
  normaliseName,
  otherReadings,
  type NormalisedName,
} from '../names/index.js';
import { companyForm, nativeCompanyForm, spelledOut } from './company-forms.js';
import { namesWithin, type NameWithin } from './name-annotations.js';
import type { SubjectKind } from './subject-kind.js';
import { numbersWrittenOneWay } from './name-numbers.js';
import { withoutVesselPrefix } from './vessel-names.js';
import { NamesRead } from './names-read.js';

/** A name as the scorer compares it: normalised, and whether it was written in Latin letters. */
export interface ComparedName {
  raw: string;
  /** When this name came out of another written name (its acronym, an ex- name, the name without its branch). */
  within?: { written: string; from: YieldedName['from'] };
  /**
   * The name normalised; its core, the words compared, also without the legal forms the GLEIF list knows
   * (Obshchestvo s ogranichennoi otvetstvennostyu, Perseroan Terbatas) when a word is left without them.
   */
  normalised: NormalisedName;
  /** The core's words as written, before spelling variants are folded (Petro stays Petro, not Pyotr). */
  written: string[];
  /**
   * A company's words with its legal forms left in, folded as the core is: a word taken for a form on one side may
   * be a word of the name on the other (RT-Metallurgiya, Hungarian Rt.; Insurance Company Surgutneftegas).
   */
  spoken: string[];
  /** Its legal forms, with the countries and kinds they imply. */
  forms: LegalFormFacts[];
  latin: boolean;
  abjad: boolean;
  /** Written in the Arabic script (Arabic, Persian, Urdu): of the abjads, the one where ch stands for ش. */
  arabic: boolean;
  /** A person's family name when the name is written family name first ("AL-RAWI, Umar Talib"): its core words. */
  family: string[];
  /** A person's own given name: the first word after the comma of "FAMILY, Given", else the first word. */
  given: string;
  /**
   * The text that writes the given names, unfolded: after the comma of "FAMILY, Given", else the whole name. Read only
   * when a given name is not found folded (givenWritten).
   */
  givenText: string;
  /** The own given name as written (givenWritten), read on first asking: a name is compared with many. */
  givenAsWritten?: string;
  /** The given names of "FAMILY, Given Father Grandfather", titles left out; empty for a name without a comma. */
  givenNames: string[];
  /** A person's patronymics (Aleksandrovich, Petrovna, Ogly): a father's name that one list gives and another not. */
  patronymics: string[];
  /** The core words in the order written and, for "FAMILY, Given", in the order spoken (Given Family). */
  orders: string[][];
}

/** Endings of Slavic patronymics as romanised (Ivanovich, Petrovna, Mykolayovych, Uladzimiravitj) and Turkic ones. */
const PATRONYMIC =
  /^[a-z]{3,}(?:ovich|evich|ovych|evych|ievich|yevich|avich|ovitj|evitj|avitj|ovna|evna|ivna|ichna|yivna)$/;
const TURKIC_PATRONYMICS: ReadonlySet<string> = new Set(['ogly', 'oglu', 'kyzy', 'qizi', 'uly', 'uulu']);

/**
 * Russian patronymics the endings above miss: of Lev, whose e drops (Lvovich, Lvovna), and of fathers' names ending
 * in -a, which end -ich and -ichna (Ilya: Ilyich, Ilinichna; Nikita, Kuzma, Foma, Luka, Savva).
 */
const SHORT_PATRONYMICS: ReadonlySet<string> = new Set(
  (
    'lvovich lvovna ilyich ilich ilyinichna ilinichna nikitich nikitichna kuzmich kuzminichna fomich fominichna ' +
    'lukich lukinichna savvich savvichna'
  ).split(' '),
);

const isPatronymic = (word: string): boolean =>
  PATRONYMIC.test(word) || TURKIC_PATRONYMICS.has(word) || SHORT_PATRONYMICS.has(word);

/** Titles and honorifics of people, as normalised (variants folded: sheikh is shaykh). */
const PERSON_TITLES: ReadonlySet<string> = new Set(
  (
    'mr mrs ms miss dr prof haji hajji hadji alhaji alhaj haj hajj hadj mullah mulla mawlawi maulvi molvi maulana ' +
    'mawlana moulana maulavi maulawi molavi mowlavi moulvi mufti qari shaykh ustad ustadh ayatollah hojatoleslam ' +
    'sayyid sayyed sayed seyyed seyed syed imam ' +
    // Burmese and Karen honorifics before a name (Daw Aung San Suu Kyi; Padoh Mahn Nyein Maung).
    'daw padoh ' +
    'doctor general gen colonel col major captain capt lieutenant brigadier commander'
  ).split(' '),
);

/** Whether a word of a name in Latin letters, as normalised, is a person's title or honorific (Haji, Seyyed, Dr). */
export const isPersonTitle = (word: string): boolean => PERSON_TITLES.has(word);

/**
 * The same titles written in an abjad, as read without vowels (سید syd, حاجی hjy, شیخ shykh, ملا ml): in such a name
 * the Latin titles are words of names (mr is عمر, Omar).
 */
const ABJAD_TITLES: ReadonlySet<string> = new Set('syd lsyd hjy hj shykh lshykh ml mwlwy mwlwi mfty dktr'.split(' '));

/**
 * Words that join a person's name to the father's (Ahmed bin Abdullah, son of Abdullah; Fatima bint Ali), in Latin
 * letters: one list writes them and another leaves them out, so a person's name is compared without them.
 */
const NAME_CONNECTORS: ReadonlySet<string> = new Set(['bin', 'ibn', 'bint', 'binti']);
const NO_WORDS: ReadonlySet<string> = new Set();

/** Letters of the Arabic script (Arabic, Persian, Urdu), as against the other abjads (Hebrew). */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/** A word that is only a number, in digits or roman numerals. */
const NUMBER_WORD = /^(?:\d+|[ivxlc]+)$/;

/** Names read for comparison, kept: a corpus's names and a batch's queries recur, and reading one costs microseconds. */
const READ_NAMES_LIMIT = 100_000;
const readNames = new NamesRead<ComparedName>(READ_NAMES_LIMIT);

function compared(raw: string, kind: SubjectKind): ComparedName {
  const known = readNames.get(kind, raw);
  if (known !== undefined) return known;
  const text = kind === 'vessel' ? withoutVesselPrefix(raw) : raw;
  const folded = foldToAscii(text);
  const all = folded === '' ? [] : folded.split(' ');
  const split = splitLegalForms(all, text);
  const normalised = normaliseSplit(all, split);
  const ascii = /^[\x00-\x7f]*$/.test(text);
  // Forms spelled out in words; one-word forms are normalisation's (ltd, gmbh), and some are also words of names
  // (Bank, Fund, Trust are forms somewhere).
  const latin = ascii || !hasNonLatinLetters(text);
  // A name in another script writes its form as one word (주식회사 jusikhoesa, 株式会社 kabushikigaisha), however long.
  const legal =
    kind === 'company'
      ? splitLegalFormFacts(all, latin ? companyForm : nativeCompanyForm)
      : kind === 'any'
        ? splitLegalFormFacts(all, spelledOut)
        : { forms: [], rest: all };
  // The rest is folded already, and folding is idempotent: it is its own raw text.
  const rest = legal.rest.join(' ');
  const bare = legal.rest.length < all.length ? normaliseFolded(rest, rest).core : [];
  // Without its forms a name must keep a word that is not a number (Fund II LP is not "II").
  const named = bare.some((w) => !NUMBER_WORD.test(w)) ? bare : normalised.core;
  // A person's titles, and the bin of a father's name, come and go between the names one list gives: compared
  // without them while a word is left.
  const abjad = !ascii && isAbjad(text);
  const titles = abjad ? ABJAD_TITLES : PERSON_TITLES;
  const connectors = abjad ? NO_WORDS : NAME_CONNECTORS;
  const untitled = kind === 'person' ? named.filter((w) => !titles.has(w) && !connectors.has(w)) : named;
  const kept = untitled.length > 0 && untitled.length < named.length ? untitled : named;
  // No. 3, NO.3 and 3 are one number, as are III and 3 in the name of a ship or a fund.
  const core = numbersWrittenOneWay(kept, kind !== 'person');
  const at = kind === 'person' ? text.indexOf(',') : -1;
  const unjoined = (words: string[]): string[] => {
    const left = words.filter((w) => !connectors.has(w));
    return left.length > 0 ? left : words;
  };
  const comma =
    at < 0
      ? null
      : {
          family: unjoined(normaliseName(text.slice(0, at)).core),
          given: unjoined(normaliseName(text.slice(at + 1)).core),
        };
  const words = split.core.filter((w) => !STOP_WORDS.has(w));
  // A title is not a given name: KHAN, Haji Asad is Asad, and YAHYA RAHIM-SAFAVI, Seyyed gives none after the comma.
  const ownGiven = comma === null ? core[0] : (comma.given.find((w) => !titles.has(w)) ?? '');
  // Only a name that lost a form to either split has words to give back.
  const formless = legal.forms.length === 0 && normalised.legal.length === 0;
  const spoken =
    (kind === 'company' || kind === 'any') && !formless
      ? numbersWrittenOneWay(
          foldVariants(all).filter((w) => !STOP_WORDS.has(w)),
          true,
        )
      : core;
  const name: ComparedName = {
    raw,
    normalised: core === normalised.core ? normalised : { ...normalised, core },
    written: words,
    spoken: spoken.length === core.length ? core : spoken,
    // A person's or a vessel's name has no legal form: Sa'd is not a Slovenian company (s.d.).
    forms: kind === 'person' || kind === 'vessel' ? [] : legalFormsOf(all),
    latin,
    abjad,
    arabic: abjad && ARABIC_SCRIPT.test(text),
    family: comma === null ? [] : comma.family,
    given: ownGiven ?? '',
    givenText: at < 0 ? text : text.slice(at + 1),
    givenNames: comma === null ? [] : comma.given.filter((w) => !titles.has(w)),
    // A family name is never a patronymic, whatever its ending (KESKEVICH Sergey, LUKASHEVICH, Ivan): it stands first.
    patronymics:
      kind === 'person' ? core.filter((w, i) => i >= Math.max(1, comma?.family.length ?? 0) && isPatronymic(w)) : [],
    orders: comma === null ? [core] : [core, [...comma.given, ...comma.family]],
  };
  readNames.set(kind, raw, name);
  return name;
}

/**
 * A person's own given name as written, its spelling not folded (Mohammadbagher, whose fold is not Muhammad's), or ''
 * when no written word folds to it alone.
 */
export function givenWritten(name: ComparedName): string {
  name.givenAsWritten ??=
    foldToAscii(name.givenText)
      .split(' ')
      .find((w) => w !== '' && foldVariant(w) === name.given) ?? '';
  return name.givenAsWritten;
}

/**
 * A name's words as written (spelling variants not folded) in the orders `orders` holds them: as written and, for
 * "FAMILY, Given", Given Family; with its stop words or without (the el of Abd el Samie is the article an abjad
 * writes, the of of Bank of Iran is not written). Titles stay: the comparison of consonants weighs added words.
 */
export function writtenOrders(name: ComparedName, stopWords: boolean): string[][] {
  const wordsOf = (text: string): string[] =>
    foldToAscii(text)
      .split(' ')
      .filter((w) => w !== '' && (stopWords || !STOP_WORDS.has(w)));
  const at = name.orders.length < 2 ? -1 : name.raw.indexOf(',');
  const written = stopWords ? wordsOf(name.raw) : name.written;
  if (at < 0) return [written];
  return [written, [...wordsOf(name.raw.slice(at + 1)), ...wordsOf(name.raw.slice(0, at))]];
}

/**
 * The Arabic article as romanised before a name (al-Qadhafi, el-Senussi, Al Jaburi): one list writes it and another
 * drops it, so a person's name is also read without it.
 */
const ARTICLE = /(?<![\p{L}\p{N}'])(?:al|el)(?:-|\s+)(?=\p{L})/giu;

/** Every name as written, read, and the names each yields (namesWithin), read and marked as such. */
export function readAll(names: readonly string[], kind: SubjectKind): ComparedName[] {
  const out: ComparedName[] = [];
  for (const raw of names) {
    out.push(compared(raw, kind));
    for (const within of withinOf(raw, kind))
      out.push({ ...compared(within.name, kind), within: { written: raw, from: within.from } });
  }
  return out;
}

/**
 * A name a written name yields: those of namesWithin, a person's name without its article, and another reading of a
 * name in another script (otherReadings).
 */
interface YieldedName {
  name: string;
  from: NameWithin['from'] | 'article' | 'reading';
}

/** Names yielded by written names, kept like the names read. */
const yielded = new NamesRead<YieldedName[]>(READ_NAMES_LIMIT);

function withinOf(raw: string, kind: SubjectKind): YieldedName[] {
  let found = yielded.get(kind, raw);
  if (found === undefined) {
    const bare = kind === 'person' ? raw.replace(ARTICLE, '') : raw;
    const article: YieldedName[] = bare !== raw && bare.trim() !== '' ? [{ name: bare, from: 'article' }] : [];
    const readings = otherReadings(raw).map((name): YieldedName => ({ name, from: 'reading' }));
    found = [...article, ...readings, ...namesWithin(raw, kind)];
    yielded.set(kind, raw, found);
  }
  return found;
}
