// Whether two descriptions name the same real entity: one score, with what each feature contributed and why.
import {
  compareLegalForms,
  legalFormsOf,
  type LegalFormFacts,
  STOP_WORDS,
  foldToAscii,
  foldVariants,
  hasNonLatinLetters,
  RUN_TOGETHER_EQUAL,
  splitLegalForms,
  splitLegalFormFacts,
  isAbjad,
  letterOverlap,
  nameSounds,
  normaliseFolded,
  normaliseSplit,
  normaliseName,
  otherReadings,
  runTogetherSimilarity,
  type NormalisedName,
} from '../names/index.js';
import { companyForm, nativeCompanyForm, spelledOut } from './company-forms.js';
import { consonantAgreement, consonantWords, joinedAsIn, sameConsonants } from './consonant-agreement.js';
import { firstNameWords, keepsEnds, opensWith, runsAlong, type SameName } from './name-line.js';
import { namesWithin, type NameWithin } from './name-annotations.js';
import type { SubjectKind } from './subject-kind.js';
import { compareDates, packDate } from './partial-dates.js';
import { namesNumbers, numbersAgree, numbersWrittenOneWay } from './name-numbers.js';
import { withoutVesselPrefix } from './vessel-names.js';
import { isTranslatedGenericWord, saidInEnglish } from './generic-word-translations.js';
import { wordCorrespondence, wordScore } from './word-agreement.js';
import { EVERY_WORD_COUNTS, type WordRarity } from './word-rarity.js';
import { NamesRead } from './names-read.js';

/** Two names' written words with their breaks removed: 0.95 when the letters agree (Petroplus, Petro Plus). */
function runTogetherWords(a: readonly string[], b: readonly string[]): number {
  const x = a.join('');
  return x !== '' && a.length !== b.length && x === b.join('') ? RUN_TOGETHER_EQUAL : 0;
}

/** One feature's part in a score: 0..1, and in words what was compared. */
export interface FeatureScore {
  score: number;
  detail: string;
}

/** Feature name → its part, as the matching API returns them. */
export type Explanations = Record<string, FeatureScore>;

export interface MatchScore {
  /** 0..1: how sure it is that both describe one real entity. */
  score: number;
  explanations: Explanations;
}

export type { SubjectKind };

/** What is known of one side: its names and, when given, dates, countries and identifiers. */
export interface MatchSubject {
  kind: SubjectKind;
  names: readonly string[];
  birthDate?: string | null;
  countries?: readonly string[];
  /** `scheme:value` strings, normalised by the caller. */
  identifiers?: readonly string[];
}

/** A cross-script pair whose names sound alike scores from this floor up, by how many letters agree. */
const SOUNDING_FLOOR = 0.6;
/** A name in an abjad whose consonants are those of the other name scores this (times the share that agree). */
const CONSONANTS_EQUAL = 0.9;
/** Numbers in both names that differ (No. 6, No. 8): a sister ship or another fund, not a spelling. */
const NUMBERS_DIFFER = 0.5;
/** A number on one side only: often an annotation, sometimes a sibling. */
const NUMBER_ONE_SIDE = 0.9;
/** Legal forms of different countries' law: a GmbH and a Sdn. Bhd. are two companies. */
const LEGAL_COUNTRIES_DIFFER = 0.3;
/**
 * Legal forms of different kinds in one country's law (an OOO and an AO, a Ltda. and an S.A.): a company converted
 * keeps its name, and lists give the name it had before (ZALIV SHIPYARD LLC, OJSC ZALIV SHIPYARD), so one name,
 * respelled at most, under another kind stays a match; forms of two countries' law do not.
 */
const LEGAL_KINDS_DIFFER = 0.05;
/**
 * One name spelled two ways (every word of each has a close counterpart in the other, or the same letters with the
 * word breaks moved) keeps this share of what its spelling lost: Mahmood Shahid and Mehmoud Shahid are one name,
 * more surely than a name and the same name with a word added.
 */
const RESPELLED_KEEPS = 0.25;
/** A person's family name (written first, before a comma) with no counterpart in the other name: a relative, perhaps. */
const FAMILY_NAME_MISSING = 0.85;
/** A person's own given name with no counterpart in the other name: Ali Barzan is Barzan's son, not Barzan. */
const GIVEN_NAME_MISSING = 0.85;
/**
 * "FAMILY, Given Father" against "FAMILY, Given Father Grandfather": the fuller name goes on along the line of names
 * the shorter begins, as an Arabic name adds a father's and a grandfather's (a son's starts with his own).
 */
const NAMES_CHAIN = 0.95;
/** The fewest given names the shorter name gives for its line to say more than a given name and a family name do. */
const CHAIN_GIVEN_NAMES = 2;
/**
 * A family name this distinctive (its rarest word's weight) makes one given name line enough: KONY, Salim and KONY,
 * Salim Saleh are one man, while SALEHI, Ali and SALEHI, Ali Akbar, or KIM, Chol and KIM, Chol Nam, are names many
 * people share. Chosen on the tuning half of the labelled pairs; a weight of 0.7 is a word carried by at most N^0.3
 * of a corpus's N names.
 */
const DISTINCTIVE_FAMILY_NAME = 0.7;
/** One word of a person's name against a fuller name: a given name alone names many people. */
const SINGLE_WORD_PERSON = 0.8;
/** One name adds a word that makes it a group or holding company: the holding is not the company it holds. */
const HOLDING_ADDED = 0.1;
/** Words that make a company's name that of a group or holding company. */
const HOLDING_WORDS: ReadonlySet<string> = new Set([
  'holding',
  'holdings',
  'group',
  'groupe',
  'gruppe',
  'grupo',
  'gruppo',
]);
/**
 * A name read from an acronym in parentheses or from the name without its branch keeps this much: an acronym names
 * several entities, a branch is the entity in one place. An ex- or f/k/a name is a name of the entity itself.
 */
const ANNOTATION_KEEPS = 0.97;
const BIRTH_FULL = 0.1;
const BIRTH_PARTIAL = 0.05;
const BIRTH_CONTRADICTS = 0.3;
const COUNTRY_CONTRADICTS = 0.1;

const round = (x: number): number => Math.round(x * 1000) / 1000;
const clamp = (x: number): number => Math.min(1, Math.max(0, x));

/** A name as the scorer compares it: normalised, and whether it was written in Latin letters. */
interface ComparedName {
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
    givenNames: comma === null ? [] : comma.given.filter((w) => !titles.has(w)),
    patronymics: kind === 'person' ? core.filter(isPatronymic) : [],
    orders: comma === null ? [core] : [core, [...comma.given, ...comma.family]],
  };
  readNames.set(kind, raw, name);
  return name;
}

/**
 * A name's words as written (spelling variants not folded) in the orders `orders` holds them: as written and, for
 * "FAMILY, Given", Given Family; with its stop words or without (the el of Abd el Samie is the article an abjad
 * writes, the of of Bank of Iran is not written). Titles stay: the comparison of consonants weighs added words.
 */
function writtenOrders(name: ComparedName, stopWords: boolean): string[][] {
  const wordsOf = (text: string): string[] =>
    foldToAscii(text)
      .split(' ')
      .filter((w) => w !== '' && (stopWords || !STOP_WORDS.has(w)));
  const at = name.orders.length < 2 ? -1 : name.raw.indexOf(',');
  const written = stopWords ? wordsOf(name.raw) : name.written;
  if (at < 0) return [written];
  return [written, [...wordsOf(name.raw.slice(at + 1)), ...wordsOf(name.raw.slice(0, at))]];
}

/** A family name's word scoring this against a word of the other name is there: one edit, a sound-alike, a prefix. */
const COUNTERPART_WORD = 0.8;

/**
 * The Arabic article as romanised before a name (al-Qadhafi, el-Senussi, Al Jaburi): one list writes it and another
 * drops it, so a person's name is also read without it.
 */
const ARTICLE = /(?<![\p{L}\p{N}'])(?:al|el)(?:-|\s+)(?=\p{L})/giu;

/** Every name as written, read, and the names each yields (namesWithin), read and marked as such. */
function readAll(names: readonly string[], kind: SubjectKind): ComparedName[] {
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

/**
 * Whether each word of `family` (a family name, or a given name) is in `words`: a counterpart that is the same word respelled or shortened (Khoshiban,
 * Khushaiban), or its letters within the other name's run of letters (Donjuan, Don Juan). Hammad is not Ahmad.
 */
function wordsFoundIn(family: readonly string[], words: readonly string[]): boolean {
  const run = words.join('');
  return family.every(
    (f) => run.includes(f) || words.some((w) => w.includes(f) || wordScore(f, w) >= COUNTERPART_WORD),
  );
}

/**
 * A word of a line of names scoring this against the word at its place in the other is that word respelled (one
 * edit, alike to the ear), not one sharing its consonants or beginning (Hamid is not Ahmad).
 */
const SAME_NAME_WORD = 0.85;

/** Two words of names in one script are one name respelled at most. */
const respelled: SameName = (a, b) => wordScore(a, b) >= SAME_NAME_WORD;

/** Each word of `a` is the word at its place in `b`, respelled at most. */
const sameWordsInOrder = (a: readonly string[], b: readonly string[]): boolean =>
  a.every((w, i) => respelled(w, b[i] ?? ''));

/** Whether `word` is distinctive in the corpus; knowing no corpus, the scorer takes no word for one. */
const distinctive = (word: string, rarity: WordRarity): boolean =>
  rarity !== EVERY_WORD_COUNTS && rarity.weight(word) >= DISTINCTIVE_FAMILY_NAME;

/**
 * The shorter and the fuller of two names both written "FAMILY, Given …", where the fuller goes on from the shorter in
 * both parts: its family name begins with the shorter's (the same, or with a second surname or a further family name
 * after it: BARRERA MEDRANO, Nicandro / BARRERA, Nicandro; JAMMEH BABILI MANSA, Yahya / JAMMEH, Yahya) and the given
 * names of the shorter (two or more, or one after a distinctive family name) run along its given names from the first
 * (runsAlong), respelled at most; and the fuller adds something (NAMES_CHAIN). Else null.
 */
function givenNamesGoingOn(x: ComparedName, y: ComparedName, rarity: WordRarity): [ComparedName, ComparedName] | null {
  const [shorter, fuller] =
    x.givenNames.length < y.givenNames.length ||
    (x.givenNames.length === y.givenNames.length && x.family.length < y.family.length)
      ? [x, y]
      : [y, x];
  const goesOn =
    (shorter.givenNames.length >= CHAIN_GIVEN_NAMES ||
      (shorter.givenNames.length === 1 &&
        // The family name both give, as either writes it: the words the fuller adds after it may be rare alone.
        [...shorter.family, ...fuller.family.slice(0, shorter.family.length)].some((w) => distinctive(w, rarity)))) &&
    fuller.givenNames.length + fuller.family.length > shorter.givenNames.length + shorter.family.length &&
    shorter.family.length > 0 &&
    fuller.family.length >= shorter.family.length &&
    sameWordsInOrder(shorter.family, fuller.family) &&
    runsAlong(shorter.givenNames, fuller.givenNames, respelled);
  return goesOn ? [shorter, fuller] : null;
}

/** The article a name writes before a family name or a nisba (al-Rimi, el-Sayed): no name of the line itself. */
const LINE_ARTICLES: ReadonlySet<string> = new Set(['al', 'el']);

/**
 * The least sum of the weights of a first and a last name that together tell a person. A weight is ln(N / names with
 * the word) / ln(N), so weights add as the logarithms of chances do: a sum of 1.2 is a pair that, were first and last
 * names drawn apart, fewer than N^-0.2 of the corpus's names would carry (Hani Youssef; not Ahmad Hasan).
 */
const DISTINCTIVE_PAIR = 1.2;

/**
 * Whether a shorter name of only a first and a last name says enough for a line of names: its last name is
 * distinctive in the corpus (Ayman al-Zawahiri, not Mohammed Ali), as one given name after a family name must be, or
 * its first and last names are together (DISTINCTIVE_PAIR). `first` is the last word of the first name (Manan of
 * Abdul Manan).
 */
const lastNameEnough = (shorter: readonly string[], first: string, last: string, rarity: WordRarity): boolean =>
  shorter.length > firstNameWords(shorter) + 1 ||
  distinctive(last, rarity) ||
  (rarity !== EVERY_WORD_COUNTS && rarity.weight(first) + rarity.weight(last) >= DISTINCTIVE_PAIR);

/** How a fuller name written in its own order keeps a shorter one: names added between its ends, or after them. */
interface NameLine {
  shorter: ComparedName;
  fuller: ComparedName;
  /** What the explanation says of the fuller and the shorter. */
  keeps: string;
}

/**
 * How the fuller name `f` keeps the shorter `s` as one person's line of names, words compared by `same`, or null:
 * between its first and last names, the shorter's others in order (keepsEnds: a father's and a grandfather's name
 * written in, Qasim al-Rimi / Qasim Muhammad Mahdi al-Rimi), a first and a last name alone only when they say enough
 * (lastNameEnough); or after all of them (opensWith: the names after a father's, Fuad Mohamed Khalif / Fuad Muhammad
 * Khalaf Shongole), the shorter's last name distinctive, since many a Mohammed Ali has a father's name after his.
 * `named` is the name whose words tell its first name and how rare each name is, word for word with `s` from its
 * start: the shorter itself in one script, the Latin name across two. The rarities, looked up, come before the words
 * compared, which cost more.
 */
function lineKept(
  s: readonly string[],
  f: readonly string[],
  same: SameName,
  named: readonly string[],
  rarity: WordRarity,
): string | null {
  const first = named[firstNameWords(named) - 1] ?? '';
  if (lastNameEnough(s, first, named.at(-1) ?? '', rarity) && keepsEnds(s, f, same))
    return 'keeps the first and last names of';
  const opens =
    s.length > firstNameWords(named) && distinctive(named[s.length - 1] ?? '', rarity) && opensWith(s, f, same);
  return opens ? 'opens with the names of' : null;
}

/** Two people's names written in their own order (no comma on either side), in one script, as a line (lineKept). */
function namesBetween(x: ComparedName, y: ComparedName, rarity: WordRarity): NameLine | null {
  if (x.family.length > 0 || y.family.length > 0) return null;
  const names = (n: ComparedName): readonly string[] => n.normalised.core.filter((w) => !LINE_ARTICLES.has(w));
  const [xs, ys] = [names(x), names(y)];
  // Only a fuller name adds names.
  if (xs.length === ys.length) return null;
  const [shorter, fuller, s, f] = xs.length < ys.length ? [x, y, xs, ys] : [y, x, ys, xs];
  const keeps = lineKept(s, f, respelled, s, rarity);
  return keeps === null ? null : { shorter, fuller, keeps };
}

/**
 * The same across two scripts, one an abjad, by the names' very consonants (نسيم بن رمضان صحراوي, Nasim Sahrawi; أديب
 * شعبان العاني, Adib Shaban), each name's words broken where the other's break, the Latin name's words telling first
 * names and rarities. Whether the abjad's name or the other is the shorter.
 */
function namesBetweenScripts(abjad: ComparedName, other: ComparedName, rarity: WordRarity): NameLine | null {
  // The other name in its natural order: "FAMILY, Given" read as Given Family.
  const natural = other.orders.at(-1) ?? other.normalised.core;
  const latin = natural.filter((w) => !LINE_ARTICLES.has(w));
  for (const wAsConsonant of [false, true]) {
    const [abjadWords, otherWords] = [
      consonantWords(abjad.normalised.core, abjad.arabic, wAsConsonant),
      consonantWords(natural, abjad.arabic, wAsConsonant),
    ];
    // Each name's words broken where the other's break (Abd al-Rahim, عبدالرحيم).
    const ours = joinedAsIn(abjadWords, otherWords);
    const theirs = joinedAsIn(otherWords, abjadWords);
    const [s, f] = ours.length < theirs.length ? [ours, theirs] : [theirs, ours];
    const keeps = lineKept(s, f, sameConsonants, latin, rarity);
    if (keeps !== null)
      return s === ours ? { shorter: abjad, fuller: other, keeps } : { shorter: other, fuller: abjad, keeps };
  }
  return null;
}

/**
 * Whether `own`'s family name, written before a comma, is in `other` (or `own` gives none), said in `explain`. The
 * fuller of a line of names has its family name's first words in the other's, and more after them.
 */
function familyNameFound(
  own: ComparedName,
  other: ComparedName,
  line: readonly [ComparedName, ComparedName] | null,
  explain: Explanations,
): boolean {
  if (own.family.length === 0) return true;
  const goesOn = line !== null && own === line[1] && own.family.length > other.family.length;
  const found = goesOn || wordsFoundIn(own.family, other.normalised.core);
  explain['family_name'] = {
    score: found ? 1 : 0,
    detail: goesOn
      ? `the family name "${own.family.join(' ')}" begins with "${other.family.join(' ')}"`
      : found
        ? `the family name "${own.family.join(' ')}" is in "${other.raw}"`
        : `the family name "${own.family.join(' ')}" is not in "${other.raw}"`,
  };
  return found;
}

/**
 * Whether `own`'s own given name is in `other` (or `own` gives none), said in `explain` when not. The other name as
 * written too: its title may be run into this given name (Seyedaliakbar, Seyed Aliakbar).
 */
function givenNameFound(own: ComparedName, other: ComparedName, explain: Explanations): boolean {
  if (own.given === '' || wordsFoundIn([own.given], other.normalised.core) || wordsFoundIn([own.given], other.written))
    return true;
  explain['given_name'] = { score: 0, detail: `the given name "${own.given}" is not in "${other.raw}"` };
  return false;
}

/**
 * What the structure of two people's names says: a family name written first that the other name lacks (BARI,
 * Abdul Baqi / Abdul Baqi: perhaps a relative), an own given name the other lacks (a son is named before his
 * father), and a single word against a fuller name (a given name alone).
 */
function personNameFeatures(
  x: ComparedName,
  y: ComparedName,
  score: number,
  explain: Explanations,
  rarity: WordRarity,
): number {
  let out = score;
  const line = givenNamesGoingOn(x, y, rarity);
  if (line !== null) {
    const [shorter, fuller] = line;
    const family =
      fuller.family.length > shorter.family.length
        ? `a family name beginning with "${shorter.family.join(' ')}"`
        : shorter.givenNames.length < CHAIN_GIVEN_NAMES
          ? 'the same distinctive family name'
          : 'the same family name';
    const given = shorter.givenNames.length === 1 ? 'given name' : 'given names';
    explain['given_names'] = {
      score: 1,
      detail: `"${fuller.raw}" goes on from the ${given} of "${shorter.raw}", with ${family}`,
    };
    out = Math.max(out, NAMES_CHAIN);
  } else {
    const between = namesBetween(x, y, rarity);
    if (between !== null) {
      const { shorter, fuller, keeps } = between;
      explain['given_names'] = { score: 1, detail: `"${fuller.raw}" ${keeps} "${shorter.raw}", with more names` };
      out = Math.max(out, NAMES_CHAIN);
    }
  }
  // The fuller of a line of names last, so that what its family name adds is what the explanation says.
  const first = line?.[0] ?? x;
  const second = line?.[1] ?? y;
  if (!familyNameFound(first, second, line, explain) || !familyNameFound(second, first, line, explain))
    out *= FAMILY_NAME_MISSING;
  if (!givenNameFound(x, y, explain) || !givenNameFound(y, x, explain)) out *= GIVEN_NAME_MISSING;
  const fewer = Math.min(x.normalised.core.length, y.normalised.core.length);
  const more = Math.max(x.normalised.core.length, y.normalised.core.length);
  if (fewer === 1 && more > 1 && out > SINGLE_WORD_PERSON && explain['respelled'] === undefined) {
    explain['single_word'] = { score: 0, detail: `"${(fewer === x.normalised.core.length ? x : y).raw}" is one word` };
    out = SINGLE_WORD_PERSON;
  }
  return out;
}

/**
 * `own`'s core with the words of its legal forms back that are words of `other`'s core, or those said in another
 * language (National Bank, a form of the United States, is Banco Nacional's name), in the order written; the core
 * itself when it had no form or none is a word of the other name.
 */
function formWordsKept(own: ComparedName, other: ComparedName): readonly string[] {
  const core = own.normalised.core;
  if (own.spoken === core) return core;
  const inOther = (w: string): boolean => other.normalised.core.some((o) => o === w || isTranslatedGenericWord(w, o));
  if (!own.spoken.some((w) => !core.includes(w) && inOther(w))) return core;
  const kept = own.spoken.filter((w) => core.includes(w) || inOther(w));
  return kept.length === core.length ? core : kept;
}

/**
 * The core without the one-word legal form it closes with, where the form was kept as a word of the name (Society,
 * Association, Anstalt: words of names too); null when it closes with none, or nothing else would be left.
 */
function withoutClosingForm(name: ComparedName): readonly string[] | null {
  const core = name.normalised.core;
  const last = core[core.length - 1];
  if (core.length < 2 || !name.forms.some((f) => f.phrase === last)) return null;
  return core.slice(0, -1);
}

/** A name read without the branch or the place written after it: the entity somewhere, not its name. */
const located = (name: ComparedName): boolean => name.within?.from === 'branch' || name.within?.from === 'place';

/**
 * What a name read out of another written name keeps of the score, said in `explain`: all of it when it is the
 * entity's own name (another name given, the name without its article or read another way, without a label), else
 * ANNOTATION_KEEPS; 1 for a name as written.
 */
function annotationKeeps(side: ComparedName, explain: Explanations): number {
  if (side.within === undefined) return 1;
  const { written, from } = side.within;
  const own = from === 'alias' || from === 'article' || from === 'reading' || from === 'label';
  explain['annotation'] = {
    score: own ? 1 : ANNOTATION_KEEPS,
    detail:
      from === 'alias'
        ? `"${side.raw}" is another name "${written}" gives`
        : from === 'article'
          ? `"${side.raw}" is "${written}" without its article`
          : from === 'reading'
            ? `"${side.raw}" is "${written}" as another romanisation reads it`
            : from === 'acronym'
              ? `"${side.raw}" is read from the acronym of "${written}"`
              : from === 'label'
                ? `"${side.raw}" is "${written}" without the label or "care of" around it`
                : from === 'place'
                  ? `"${side.raw}" is "${written}" without the place written after it`
                  : `"${side.raw}" is "${written}" without its branch`,
  };
  return own ? 1 : ANNOTATION_KEEPS;
}

/** The name features of the best-agreeing pair of names. */
function nameFeatures(
  a: readonly ComparedName[],
  b: readonly ComparedName[],
  kind: SubjectKind,
  rarity: WordRarity,
): { score: number; explain: Explanations } {
  let best: { score: number; explain: Explanations } = { score: 0, explain: {} };
  for (const x of a) {
    for (const y of b) {
      if (x.normalised.core.length === 0 || y.normalised.core.length === 0) continue;
      // Two branches or two addresses are the entity in two places; their names without the place say nothing of that.
      if (located(x) && located(y)) continue;
      const pair = `"${x.raw}" / "${y.raw}"`;
      const explain: Explanations = {};
      let words = wordCorrespondence(x.normalised.core, y.normalised.core, rarity);
      explain['name_similarity'] = { score: round(words.score), detail: `words of ${pair}, after normalisation` };
      const [xKept, yKept] = [formWordsKept(x, y), formWordsKept(y, x)];
      if (xKept !== x.normalised.core || yKept !== y.normalised.core) {
        const kept = wordCorrespondence(xKept, yKept, rarity);
        if (kept.score > words.score) {
          words = kept;
          explain['form_words'] = {
            score: round(kept.score),
            detail: `"${xKept.join(' ')}" / "${yKept.join(' ')}": words read as a legal form in one name are words of the other`,
          };
        }
      }
      const [xClosing, yClosing] = [withoutClosingForm(x), withoutClosingForm(y)];
      if (xClosing !== null && yClosing !== null && compareLegalForms(x.forms, y.forms) === 'agree') {
        const bare = wordCorrespondence(xClosing, yClosing, rarity);
        if (bare.score > words.score) {
          words = bare;
          explain['closing_forms'] = {
            score: round(bare.score),
            detail: `"${xClosing.join(' ')}" / "${yClosing.join(' ')}": each name closes with a word of a legal form, of one kind`,
          };
        }
      }
      const [withFather, without] = x.patronymics.length > 0 ? [x, y] : [y, x];
      if (withFather.patronymics.length > 0 && without.patronymics.length === 0) {
        // One name gives the father's name and the other does not: it is unknown on one side, not different.
        const bare = withFather.normalised.core.filter((w) => !withFather.patronymics.includes(w));
        const unfathered = wordCorrespondence(bare, without.normalised.core, rarity);
        if (unfathered.score > words.score) {
          words = unfathered;
          explain['patronymic'] = {
            score: round(unfathered.score),
            detail: `"${withFather.patronymics.join(' ')}" is a patronymic that "${without.raw}" does not give`,
          };
        }
      }
      const similarity = words.score;
      let score = similarity;
      // Letters without word breaks can only add to words that agree less than letters that are the same.
      const writtenTogether = runTogetherWords(x.written, y.written);
      const together =
        writtenTogether > 0 || similarity >= RUN_TOGETHER_EQUAL
          ? writtenTogether
          : runTogetherSimilarity(x.normalised, y.normalised, similarity);
      if (together > similarity) {
        explain['run_together'] = { score: round(together), detail: `letters of ${pair} without word breaks` };
        score = together;
      }
      if (words.complete || together === RUN_TOGETHER_EQUAL) {
        score = Math.max(score, 1 - (1 - score) * RESPELLED_KEEPS);
        explain['respelled'] = {
          score: 1,
          detail: words.complete
            ? `every word of ${pair} has a close counterpart in the other`
            : `${pair} have the same letters, with word breaks in other places`,
        };
      }
      // Family and given names are compared word for word, so only between names in one script.
      if (kind === 'person' && x.latin === y.latin) score = personNameFeatures(x, y, score, explain, rarity);
      if (kind !== 'person' && kind !== 'vessel') {
        const holding = words.added.find((w) => HOLDING_WORDS.has(w));
        if (holding !== undefined) {
          explain['holding'] = { score: 0, detail: `"${holding}" makes one of ${pair} a group or holding company` };
          score -= HOLDING_ADDED;
        }
      }
      if (x.latin !== y.latin) {
        const xs = nameSounds(x.normalised.core);
        const shared = nameSounds(y.normalised.core).find((code) => xs.includes(code));
        const sounding =
          shared === undefined
            ? 0
            : SOUNDING_FLOOR +
              (1 - SOUNDING_FLOOR) * letterOverlap(x.normalised.core.join(''), y.normalised.core.join(''));
        explain['phonetic'] = {
          score: round(shared === undefined ? 0 : 1),
          detail:
            shared === undefined
              ? `${pair} in different scripts do not sound alike`
              : `${pair} in different scripts both sound ${shared}`,
        };
        score = Math.max(score, Math.min(0.95, sounding));
      }
      if (x.abjad !== y.abjad) {
        const [abjad, other] = x.abjad ? [x, y] : [y, x];
        // Spelling variants fold Othman to Usman, whose consonants are not عثمان's: both names are also compared as
        // written, titles included (حاجی, Hajji), the other name with its stop words and without.
        // A company's common words are compared as their English words (مصرف الراجحي, Al Rajhi Bank), whose
        // consonants agree where those of two languages' words do not.
        const inEnglish = (words: readonly string[]): readonly string[] =>
          kind === 'person' ? words : words.map(saidInEnglish);
        let consonants = consonantAgreement(
          inEnglish(abjad.normalised.core),
          other.orders.map(inEnglish),
          abjad.arabic,
        );
        for (const stopWords of [false, true]) {
          if (consonants.complete && consonants.score === 1) break;
          const next = consonantAgreement(abjad.written, writtenOrders(other, stopWords), abjad.arabic);
          if (next.score > consonants.score) consonants = next;
        }
        explain['consonants'] = {
          score: round(consonants.score),
          detail: `consonants "${consonants.abjad}" / "${consonants.other}" (one name in an abjad)`,
        };
        // Every word of the name with fewer found by its very consonants, the other adding words, weighs as the words
        // of two names in one script do; consonants only partly alike stay below.
        const heard = (consonants.covered ? 1 : CONSONANTS_EQUAL) * consonants.score;
        score = Math.max(score, consonants.complete ? 1 - (1 - heard) * RESPELLED_KEEPS : heard);
        if (consonants.complete)
          explain['respelled'] = { score: 1, detail: `every word of ${pair} has its consonants in the other` };
        else if (kind === 'person' && score < NAMES_CHAIN) {
          const between = namesBetweenScripts(abjad, other, rarity);
          if (between !== null) {
            const { shorter, fuller, keeps } = between;
            explain['given_names'] = {
              score: 1,
              detail: `"${fuller.raw}" ${keeps} "${shorter.raw}" by their consonants, with more names`,
            };
            score = NAMES_CHAIN;
          }
        }
      }
      const person = kind === 'person';
      const [xNumbers, yNumbers] = [namesNumbers(x.normalised.core, person), namesNumbers(y.normalised.core, person)];
      const agreement = numbersAgree(xNumbers, yNumbers);
      if (agreement !== 'none') {
        const factor = agreement === 'equal' ? 1 : agreement === 'one-side' ? NUMBER_ONE_SIDE : NUMBERS_DIFFER;
        explain['numbers'] = {
          score: agreement === 'equal' ? 1 : agreement === 'one-side' ? 0.5 : 0,
          detail: `numbers ${xNumbers.join(' ') || 'none'} / ${yNumbers.join(' ') || 'none'}`,
        };
        score *= factor;
      }
      const forms = compareLegalForms(x.forms, y.forms);
      if (forms !== 'none') {
        const names = (f: readonly LegalFormFacts[]): string => f.map((form) => form.phrase).join(', ');
        const of = (f: readonly LegalFormFacts[]): string =>
          f
            .map((form) => (form.countries === null ? form.phrase : `${form.phrase} (${form.countries.join(' ')})`))
            .join(', ');
        explain['legal_form'] = {
          score: forms === 'agree' ? 1 : forms === 'other-kind' ? 0.5 : 0,
          detail:
            forms === 'agree'
              ? `${names(x.forms)} / ${names(y.forms)}`
              : forms === 'other-kind'
                ? `${names(x.forms)} and ${names(y.forms)} are different kinds of company`
                : `${of(x.forms)} and ${of(y.forms)} are forms of different countries`,
        };
        if (forms === 'other-kind') score -= LEGAL_KINDS_DIFFER;
        if (forms === 'other-country') score -= LEGAL_COUNTRIES_DIFFER;
      }
      score *= annotationKeeps(x, explain);
      score *= annotationKeeps(y, explain);
      if (score > best.score || Object.keys(best.explain).length === 0) best = { score, explain };
    }
  }
  return best;
}

/**
 * Scores `query` against `candidate`. Identifiers decide first: one shared is certain, two of one scheme that differ
 * veto. Otherwise the best pair of names sets the score (their words, weighed by `rarity`; their letters run
 * together; how they sound across scripts; their numbers and legal forms), and a person's birth date and countries
 * move it.
 */
export function scoreMatch(
  query: MatchSubject,
  candidate: MatchSubject,
  rarity: WordRarity = EVERY_WORD_COUNTS,
): MatchScore {
  const explanations: Explanations = {};
  const qi = query.identifiers ?? [];
  const ci = candidate.identifiers ?? [];
  const shared = qi.find((i) => ci.includes(i));
  if (shared !== undefined) {
    explanations['identifier'] = { score: 1, detail: `both carry ${shared}` };
    return { score: 1, explanations };
  }
  const schemeOf = (i: string): string => i.slice(0, i.indexOf(':'));
  const conflict = qi.find((i) => ci.some((c) => schemeOf(c) === schemeOf(i)));
  if (conflict !== undefined) {
    const other = ci.find((c) => schemeOf(c) === schemeOf(conflict)) ?? '';
    explanations['identifier'] = { score: 0, detail: `${conflict} is not ${other}` };
    return { score: 0, explanations };
  }
  const kind = query.kind === 'any' ? candidate.kind : query.kind;
  const names = nameFeatures(readAll(query.names, kind), readAll(candidate.names, kind), kind, rarity);
  Object.assign(explanations, names.explain);
  let score = names.score;
  const birth = compareDates(packDate(query.birthDate ?? null), packDate(candidate.birthDate ?? null));
  if (birth !== 'none') {
    const delta = birth === 'full' ? BIRTH_FULL : birth === 'partial' ? BIRTH_PARTIAL : -BIRTH_CONTRADICTS;
    explanations['birth_date'] = {
      score: birth === 'contradiction' ? 0 : birth === 'full' ? 1 : 0.5,
      detail: `${query.birthDate ?? ''} / ${candidate.birthDate ?? ''}`,
    };
    score += delta;
  }
  const qc = query.countries ?? [];
  const cc = candidate.countries ?? [];
  if (qc.length > 0 && cc.length > 0) {
    const agree = qc.some((c) => cc.includes(c));
    explanations['country'] = { score: agree ? 1 : 0, detail: `${qc.join(', ')} / ${cc.join(', ')}` };
    if (!agree) score -= COUNTRY_CONTRADICTS;
  }
  return { score: round(clamp(score)), explanations };
}

/**
 * The least score taken for a match: the lowest at which precision reaches 99 % on the tuning half of the labelled
 * name pairs (bench/RESULTS.md, "Name matching", where the recall it leaves is reported too). Callers that prefer
 * recall pass a lower threshold.
 */
export const MATCH_SCORE_THRESHOLD = 0.92;
