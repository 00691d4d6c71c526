// What the structure of two people's names says: a family name or an own given name one lacks, a line of names the
// fuller goes on with (a father's and a grandfather's name), a given name alone.
import { foldVariant } from '../names/index.js';
import { consonantWords, joinedAsIn, sameConsonants, writesAbdul } from './consonant-agreement.js';
import { givenWritten, isPersonTitle, writtenOrders, type ComparedName } from './compared-name.js';
import type { Explanations } from './match-explanations.js';
import { firstNameWords, keepsEnds, opensWith, runsAlong, type SameName } from './name-line.js';
import { romanisationFold } from './romanisation-fold.js';
import { wordScore } from './word-agreement.js';
import { EVERY_WORD_COUNTS, type WordRarity } from './word-rarity.js';

/** A person's family name (written first, before a comma) with no counterpart in the other name: a relative, perhaps. */
const FAMILY_NAME_MISSING = 0.85;

/** A person's own given name with no counterpart in the other name: Ali Barzan is Barzan's son, not Barzan. */
const GIVEN_NAME_MISSING = 0.85;

/**
 * "FAMILY, Given Father" against "FAMILY, Given Father Grandfather": the fuller name goes on along the line of names
 * the shorter begins, as an Arabic name adds a father's and a grandfather's (a son's starts with his own).
 */
export const NAMES_CHAIN = 0.95;

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

/** A family name's word scoring this against a word of the other name is there: one edit, a sound-alike, a prefix. */
const COUNTERPART_WORD = 0.8;

/**
 * Whether each word of `family` (a family name, or a given name) is in `words`: a counterpart that is the same word
 * respelled or shortened (Khoshiban, Khushaiban), or its letters within the other name's run of letters (Donjuan,
 * Don Juan). Hammad is not Ahmad.
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

/** The Arabic article joined to a name (Alghamdi, Elsayed), with the letters of a name after it. */
const JOINED_ARTICLE = /^(?:al|el)(?=[a-z]{4})/;

/**
 * Two words of names respelled at most, the article joined to either left out: one list writes al-Ghamdi, another
 * Alghamdi (and a line of names leaves the article written apart out).
 */
const respelledArticle: SameName = (a, b) =>
  (respelled(a, b) || respelled(a.replace(JOINED_ARTICLE, ''), b.replace(JOINED_ARTICLE, ''))) && !nisbaOf(a, b);

/** One word the other with the ending that makes a family name of a given name (Ahmadi of Ahmad, Saeedi of Saeed). */
const nisbaOf = (a: string, b: string): boolean => {
  const [x, y] = [romanisationFold(a), romanisationFold(b)];
  return x === `${y}i` || y === `${x}i`;
};

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
 * compared, which cost more. `ends` says whether a line kept at its ends counts.
 */
function lineKept(
  s: readonly string[],
  f: readonly string[],
  same: SameName,
  named: readonly string[],
  rarity: WordRarity,
  ends: boolean,
): string | null {
  const first = named[firstNameWords(named) - 1] ?? '';
  if (ends && lastNameEnough(s, first, named.at(-1) ?? '', rarity) && keepsEnds(s, f, same))
    return 'keeps the first and last names of';
  const opens =
    s.length > firstNameWords(named) && distinctive(named[s.length - 1] ?? '', rarity) && opensWith(s, f, same);
  return opens ? 'opens with the names of' : null;
}

/** A person's names in natural order ("FAMILY, Given" as Given FAMILY), without the articles and titles of a line. */
const inLine = (word: string): boolean => !LINE_ARTICLES.has(word) && !isPersonTitle(word);
const lineNames = (name: ComparedName): readonly string[] =>
  (name.orders.at(-1) ?? name.normalised.core).filter(inLine);

function lineLength(name: ComparedName): number {
  let count = 0;
  for (const word of name.orders.at(-1) ?? name.normalised.core) if (inLine(word)) count++;
  return count;
}

/**
 * Two people's names in one script as a line (lineKept), each read in its natural order, "FAMILY, Given" as Given
 * FAMILY: the fuller may write another family name first, a tribe's or a second surname (LUBANGA, Thomas / DYILO,
 * Thomas Lubanga; HISHAN, Badran Turki / SHALASH, Badran Turki Hayshan). Where either name has a comma, only a line
 * the fuller goes on after counts: a family name and a first name kept at the ends of a fuller name (QADHAFI, Khamis /
 * KHAMIS MUAMMAR QADHAFI) name records the lists keep apart about as often as one person (chosen on the tuning half).
 */
function namesBetween(x: ComparedName, y: ComparedName, rarity: WordRarity): NameLine | null {
  // Only a fuller name adds names: counted before any array is made, since most pairs of names have as many.
  if (lineLength(x) === lineLength(y)) return null;
  const [xs, ys] = [lineNames(x), lineNames(y)];
  const [shorter, fuller, s, f] = xs.length < ys.length ? [x, y, xs, ys] : [y, x, ys, xs];
  const noComma = x.family.length === 0 && y.family.length === 0;
  const keeps = lineKept(s, f, respelledArticle, s, rarity, noComma);
  return keeps === null ? null : { shorter, fuller, keeps };
}

/**
 * The same across two scripts, one an abjad, by the names' very consonants (نسيم بن رمضان صحراوي, Nasim Sahrawi; أديب
 * شعبان العاني, Adib Shaban), each name's words broken where the other's break, the Latin name's words telling first
 * names and rarities. Whether the abjad's name or the other is the shorter.
 */
export function namesBetweenScripts(abjad: ComparedName, other: ComparedName, rarity: WordRarity): NameLine | null {
  // The other name in its natural order ("FAMILY, Given" read as Given Family), its spelling variants folded (which
  // the abjad's name is too), and as written: Othman folds to Usman, whose consonants are not عثمان's. Its words
  // tell first names and rarities as the corpus's names are read, folded.
  const written = writtenOrders(other, false);
  for (const natural of [other.orders.at(-1) ?? other.normalised.core, written.at(-1) ?? other.written]) {
    // A title is no name of the line (FATTAH QARABAGHI, Seyyed Parviz is Parviz Fattah Qarabaghi).
    const names = natural.filter((w) => !isPersonTitle(w) && !isPersonTitle(foldVariant(w)));
    const latin = names.filter((w) => !LINE_ARTICLES.has(w)).map(foldVariant);
    // Abdul Hakim read as Abd al-Hakim too, as the Arabic script writes it (عبد الحكيم): as many words either way.
    const apart = abjad.arabic && writesAbdul(names) ? [false, true] : [false];
    for (const { wAsConsonant, abdApart } of apart.flatMap((abdApart) => [
      { wAsConsonant: false, abdApart },
      { wAsConsonant: true, abdApart },
    ])) {
      const [abjadWords, otherWords] = [
        consonantWords(abjad.normalised.core, abjad.arabic, wAsConsonant),
        consonantWords(names, abjad.arabic, wAsConsonant, abdApart),
      ];
      // Each name's words broken where the other's break (Abd al-Rahim, عبدالرحيم).
      const ours = joinedAsIn(abjadWords, otherWords);
      const theirs = joinedAsIn(otherWords, abjadWords);
      const [s, f] = ours.length < theirs.length ? [ours, theirs] : [theirs, ours];
      const keeps = lineKept(s, f, sameConsonants, latin, rarity, true);
      if (keeps !== null)
        return s === ours ? { shorter: abjad, fuller: other, keeps } : { shorter: other, fuller: abjad, keeps };
    }
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
 * written too: its title may be run into this given name (Seyedaliakbar, Seyed Aliakbar); and the given name as
 * written, since given names run together may be found only so.
 */
function givenNameFound(own: ComparedName, other: ComparedName, explain: Explanations): boolean {
  if (own.given === '' || wordsFoundIn([own.given], other.normalised.core) || wordsFoundIn([own.given], other.written))
    return true;
  // As written too, when its fold is not found: Mohammadbagher does not contain Muhammad, the fold of Mohammad.
  const written = givenWritten(own);
  if (written !== '' && wordsFoundIn([written], other.written)) return true;
  explain['given_name'] = { score: 0, detail: `the given name "${own.given}" is not in "${other.raw}"` };
  return false;
}

/**
 * What the structure of two people's names says: a family name written first that the other name lacks (BARI,
 * Abdul Baqi / Abdul Baqi: perhaps a relative), an own given name the other lacks (a son is named before his
 * father), and a single word against a fuller name (a given name alone).
 */
export function personNameFeatures(
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
  }
  const between = line === null ? namesBetween(x, y, rarity) : null;
  if (between !== null) {
    const { shorter, fuller, keeps } = between;
    explain['given_names'] = { score: 1, detail: `"${fuller.raw}" ${keeps} "${shorter.raw}", with more names` };
    out = Math.max(out, NAMES_CHAIN);
  }
  // The fuller of a line of names last, so that what its family name adds is what the explanation says. A line read
  // in natural order has placed each family name already: the fuller's, after the shorter's names, is what it adds.
  const first = line?.[0] ?? x;
  const second = line?.[1] ?? y;
  const familyMissing =
    between === null &&
    (!familyNameFound(first, second, line, explain) || !familyNameFound(second, first, line, explain));
  if (familyMissing) out *= FAMILY_NAME_MISSING;
  if (!givenNameFound(x, y, explain) || !givenNameFound(y, x, explain)) out *= GIVEN_NAME_MISSING;
  const fewer = Math.min(x.normalised.core.length, y.normalised.core.length);
  const more = Math.max(x.normalised.core.length, y.normalised.core.length);
  if (fewer === 1 && more > 1 && out > SINGLE_WORD_PERSON && explain['respelled'] === undefined) {
    explain['single_word'] = { score: 0, detail: `"${(fewer === x.normalised.core.length ? x : y).raw}" is one word` };
    out = SINGLE_WORD_PERSON;
  }
  return out;
}
