// How well the words of two names agree, word by word, allowing for what romanisations and typists do to a word.
import { doubleMetaphone } from 'double-metaphone';
import {
  boundedOsaDistance,
  broadConsonantSkeleton,
  fMeasure,
  joinedNeighbours,
  letterOverlapFrom,
  maxEditsFor,
  pairedCounterparts,
} from '../names/index.js';
import { romanisationFold } from './romanisation-fold.js';
import { isListedShortening } from './word-abbreviations.js';
import { isTranslatedGenericWord, joinedTranslatedInto } from './generic-word-translations.js';
import { EVERY_WORD_COUNTS, type WordRarity } from './word-rarity.js';

/** Word scores: a spelling the ear cannot tell apart (Mohamad, Muhammad) is nearly as good as the same word. */
const SAME = 1;
const SOUNDS_SAME = 0.9;
const ONE_EDIT = 0.85;
const PREFIX = 0.8;
const ABBREVIATION = 0.8;
/** A word written as its first letter (Rafael A., Raed M. Hijazi): a shortening, as a prefix is; another letter is not. */
const INITIAL = 0.8;
/** A shortening the lists write for the word (Intl, Mfg, F.lli): the word itself, as surely as a respelling. */
const LISTED_SHORTENING = 0.9;
/** A common word of company names in another language (Banco, Bank; Jeonja, Electronics): the same word. */
const TRANSLATED = 0.9;
const SAME_CONSONANTS = 0.8;
const TWO_EDITS = 0.65;
/** Shortest word whose prefix counts: "Intl" for International, "Mfg" does not qualify as a prefix. */
const MIN_PREFIX = 3;
/** The share of letters two sound-alike words must keep in order (Muhammad, Mohamed: 0.53; Asian, Ocean: 0.4). */
const SOUND_OVERLAP = 0.5;
/** Beyond this many letters kept in order, two long words are taken as variants (Kheshaiban, Khasiban). */
const OVERLAP_FLOOR = 0.75;

/** The F-measure's β²: how much more the shorter name's words count than the longer's. */
const SHORTER_WEIGHT = 2;

/**
 * Whether the shorter word abbreviates the longer by keeping some of its letters in order, the first included, as
 * clerks shorten words (Shpg for Shipping, Mfg for Manufacturing, Intl for International, Bros for Brothers). Only
 * abbreviations of at most five letters that keep at most two-thirds of the word count.
 */
function abbreviates(a: string, b: string): boolean {
  return a.length <= b.length ? abbreviationOf(a, b) : abbreviationOf(b, a);
}

function abbreviationOf(short: string, long: string): boolean {
  if (short.length > 5 || short.length * 3 > long.length * 2 || short.charCodeAt(0) !== long.charCodeAt(0))
    return false;
  let at = 1;
  for (let i = 1; i < long.length && at < short.length; i++) if (long.charCodeAt(i) === short.charCodeAt(at)) at++;
  return at === short.length;
}

/** What is compared of a word beyond its letters, read once: names repeat words, and a Double Metaphone costs microseconds. */
interface WordReading {
  sound: readonly [string, string];
  consonants: string;
  /** The word with the letters romanisations disagree on written one way (romanisation-fold.ts). */
  romanised: string;
}
const readings = new Map<string, WordReading>();
const READINGS_LIMIT = 200_000;

function readingOf(word: string): WordReading {
  let reading = readings.get(word);
  if (reading === undefined) {
    if (readings.size >= READINGS_LIMIT) readings.clear();
    reading = {
      sound: doubleMetaphone(word),
      consonants: broadConsonantSkeleton([word]),
      romanised: romanisationFold(word),
    };
    readings.set(word, reading);
  }
  return reading;
}

/** Whether the first letter is a vowel (or y) to the ear: every vowel is one class, so Omar and Umar start alike. */
function vowelOnset(word: string): boolean {
  const c = word.charCodeAt(0);
  // a e i o u y
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 121;
}

const Q = 113;
/**
 * Whether one of two words opens with q and the other with a letter romanisations write for the same Arabic or
 * Persian letter: ق is q, k or g (Qaddafi, Kadafi, Gaddafi), غ is gh (Ghadaffi). Not k against g: other letters.
 */
const qOnset = (a: string, b: string): boolean => {
  const x = a.charCodeAt(0);
  const y = b.charCodeAt(0);
  const other = x === Q ? y : y === Q ? x : -1;
  // c k g
  return other === 99 || other === 107 || other === 103;
};

/** Whether two words start alike to the ear: the same first letter, both a vowel, or q and its romanisations. */
const sameOnset = (a: string, b: string): boolean =>
  a.charCodeAt(0) === b.charCodeAt(0) || (vowelOnset(a) && vowelOnset(b)) || qOnset(a, b);

/** Whether `word` begins with a digit: a number, which agrees only when equal. */
function isNumber(word: string): boolean {
  const c = word.charCodeAt(0);
  return c >= 48 && c <= 57;
}

/**
 * Whether two words sound alike: a shared Double Metaphone code, of words that start alike and keep at least half
 * their letters in order (Asian and Ocean share a code, but not their letters).
 */
function soundAlike(a: string, b: string, ra: WordReading, rb: WordReading): boolean {
  if (a.length < 3 || b.length < 3 || !sameOnset(a, b)) return false;
  const pa = ra.sound[0];
  const sa = ra.sound[1];
  const pb = rb.sound[0];
  const sb = rb.sound[1];
  if (pa.length < 2) return false;
  const codeShared = pa === pb || pa === sb || sa === pb || (sa === sb && sa.length >= 2);
  if (!codeShared) return false;
  // Q and the letter another romanisation opens with for ق are one letter: counted so among those kept in order.
  const x = a.charCodeAt(0) === b.charCodeAt(0) || !qOnset(a, b) ? a : `${b.charAt(0)}${a.slice(1)}`;
  return letterOverlapFrom(x, b, SOUND_OVERLAP) > 0;
}

/** The score of word `a` against word `b`, 0..1: numbers agree only when equal (name-numbers.ts weighs them). */
export function wordScore(a: string, b: string): number {
  if (a === b) return SAME;
  if (isNumber(a) || isNumber(b)) return 0;
  const shorter = Math.min(a.length, b.length);
  if (isListedShortening(a, b)) return LISTED_SHORTENING;
  if (isTranslatedGenericWord(a, b)) return TRANSLATED;
  if (shorter === 1) return a.charCodeAt(0) === b.charCodeAt(0) ? INITIAL : 0;
  // Each word's reading is looked up once here: a pair of names compares every word of one with every word of the other.
  const ra = readingOf(a);
  const rb = readingOf(b);
  let score = 0;
  if (soundAlike(a, b, ra, rb)) score = SOUNDS_SAME;
  if (shorter >= 3 && ra.romanised === rb.romanised) score = SOUNDS_SAME;
  const k = maxEditsFor(shorter);
  if (k > 0 && score < ONE_EDIT) {
    // The bounded distance answers k + 1 for "too far", so a distance only counts within k.
    const distance = boundedOsaDistance(a, b, k);
    if (distance === 1) score = Math.max(score, ONE_EDIT);
    else if (distance === 2 && k >= 2) score = Math.max(score, TWO_EDITS);
  }
  if (score < PREFIX && shorter >= MIN_PREFIX && (a.startsWith(b) || b.startsWith(a))) score = PREFIX;
  if (score < ABBREVIATION && shorter >= 3 && abbreviates(a, b)) score = ABBREVIATION;
  if (score < SAME_CONSONANTS && shorter >= 4 && ra.consonants.length >= 3 && ra.consonants === rb.consonants)
    score = SAME_CONSONANTS;
  if (score < TWO_EDITS && shorter >= 6) {
    const overlap = letterOverlapFrom(a, b, OVERLAP_FLOOR);
    if (overlap > 0) score = Math.max(score, TWO_EDITS * overlap);
  }
  return score;
}

/** Below this a word has no counterpart on the other side. */
const COUNTERPART = 0.5;
/** Each word without a counterpart on either side (Badran for Akram, Kerch for Evpatoria): another entity. */
const SUBSTITUTED = 0.55;

/**
 * A word whose best counterpart scores this much is the same word respelled (the same, one edit, or alike to the
 * ear), not a shortening or a different word (Vadim is not Vladimir, though its letters are in it).
 */
const RESPELLING = ONE_EDIT;

/** How the words of two names correspond. */
export interface WordCorrespondence {
  /** Word agreement, 0..1 (see `wordCorrespondence`). */
  score: number;
  /**
   * Both names have as many words and each has a close counterpart on the other side: one name spelled two ways,
   * not one name with a word added or swapped.
   */
  complete: boolean;
  /** The words of the longer name without a counterpart in the shorter: what it adds. */
  added: string[];
}

const NO_CORRESPONDENCE: WordCorrespondence = { score: 0, complete: false, added: [] };

/**
 * Word agreement of two names, 0..1. Each word is matched to one counterpart on the other side at most (the
 * best-scoring pairs first: Hamid Hamad Hamid does not find its three words in Hamid), each weighed by its
 * rarity, and the two directions' weighted means are combined as an F-measure weighted to the shorter name (β² = 2):
 * a name found whole inside a longer one scores well when what the longer adds is common words (an
 * annotation: "of Iran", "Branch"), and less when it adds a rare one (Bandar Imam Abniroo Petrochemical is not
 * Bandar Imam Petrochemical). A word of each side that has no counterpart on the other is a substitution, not an
 * addition (AL-RAWI, Umar Talib / AL-RAWI, Walid Talib; Local / Blended Currency), and costs much more.
 */
export function wordCorrespondence(
  a: readonly string[],
  b: readonly string[],
  rarity: WordRarity = EVERY_WORD_COUNTS,
): WordCorrespondence {
  const [short, long] = a.length <= b.length ? joinedWhereWritten(a, b) : joinedWhereWritten(b, a);
  if (short.length === 0) return NO_CORRESPONDENCE;
  const best = pairedCounterparts(short, long, wordScore);
  const covered = weightedMean(short, best.from, rarity);
  const extra = weightedMean(long, best.to, rarity);
  if (covered === 0 || extra === 0) return NO_CORRESPONDENCE;
  const f = fMeasure(extra, covered, SHORTER_WEIGHT);
  const substitutions = Math.min(unmatched(best.from), unmatched(best.to));
  return {
    score: f * SUBSTITUTED ** substitutions,
    complete:
      short.length === long.length &&
      best.from.every((x, i) => x >= RESPELLING || cutShort(short, long, i)) &&
      best.to.every((x, i) => x >= RESPELLING || cutShort(long, short, i)),
    added: long.filter((_, i) => (best.to[i] ?? 0) < COUNTERPART),
  };
}

/**
 * `short` and `long` with two neighbouring words of either joined where the other writes them as one word (Green
 * Wave, Greenwave; Al Rahmah, Alrahmah; Tide Water, Tidewater), or says the word they make in another language (ji
 * shu, 技术 read syllable by syllable, is jishu: Technologies), the shorter first.
 */
function joinedWhereWritten(
  short: readonly string[],
  long: readonly string[],
): readonly [readonly string[], readonly string[]] {
  const x = joinedNeighbours(short, joinsAsIn, long);
  const y = joinedNeighbours(long, joinsAsIn, short);
  return x.length <= y.length ? [x, y] : [y, x];
}

/** Whether `other` writes `word` and `next` as one word, or says in one word what they say in another language. */
const joinsAsIn = (word: string, next: string, other: readonly string[]): boolean =>
  writtenAsOne(other, word, next) || joinedTranslatedInto(word, next, other);

/**
 * Whether `other` has `word` and `next` as one word, and neither alone: compared by length and ends, since this is
 * asked of every two neighbours of every pair of names scored, most of which join nothing.
 */
function writtenAsOne(other: readonly string[], word: string, next: string): boolean {
  const length = word.length + next.length;
  let joined = false;
  for (const o of other) {
    if (o === word || o === next) return false;
    if (o.length === length && o.startsWith(word) && o.endsWith(next)) joined = true;
  }
  return joined;
}

/** The fewest letters a word cut short by a field's length keeps for it to be taken as that word (Trans, Transport). */
const CUT_KEEPS = 4;

/**
 * Whether word `i` of `words` is the last, and it or the last of `other` is the other cut short: a name written
 * into a field too short for it loses the end of its last word (PACIFIC SHIPPING AND TRANS).
 */
function cutShort(words: readonly string[], other: readonly string[], i: number): boolean {
  if (i !== words.length - 1 || words.length !== other.length) return false;
  const [a, b] = [words[i] ?? '', other[i] ?? ''];
  const [cut, whole] = a.length <= b.length ? [a, b] : [b, a];
  return cut.length >= CUT_KEEPS && cut.length < whole.length && whole.startsWith(cut);
}

/** The score of `wordCorrespondence` alone. */
export function wordAgreement(
  a: readonly string[],
  b: readonly string[],
  rarity: WordRarity = EVERY_WORD_COUNTS,
): number {
  return wordCorrespondence(a, b, rarity).score;
}

function weightedMean(words: readonly string[], scores: readonly number[], rarity: WordRarity): number {
  let sum = 0;
  let weights = 0;
  for (let i = 0; i < words.length; i++) {
    const w = rarity.weight(words[i] ?? '');
    sum += w * (scores[i] ?? 0);
    weights += w;
  }
  return weights === 0 ? 0 : sum / weights;
}

function unmatched(xs: readonly number[]): number {
  let n = 0;
  for (const x of xs) if (x < COUNTERPART) n++;
  return n;
}
