// How far a name written in an abjad (Arabic, Persian, Hebrew: no short vowels) and a name in another script agree
// by their consonants: word by word, so that word order and an added word count as they do for words, and as one
// run of letters, for word breaks the two scripts place differently.
import {
  ABDUL_PREFIXES,
  broadConsonantSkeleton,
  fMeasure,
  joinedNeighbours,
  letterOverlapFrom,
} from '../names/index.js';

/** Two words' consonants that keep this share of their letters in order are one word (bdl, bd: Abdul, عبد). */
const WORD_OVERLAP = 0.75;
/** The F-measure's β²: the shorter name's words count more, as they do for words (word-agreement.ts). */
const SHORTER_WEIGHT = 2;

export interface ConsonantAgreement {
  /** 0..1: the better of the word-by-word agreement and the overlap of the whole runs of consonants. */
  score: number;
  /** As many words on both sides, each with its counterpart: one name in two scripts, not a name with a word added. */
  complete: boolean;
  /** Each word of the name with fewer has its very consonants in the other (which may add words). */
  covered: boolean;
  /** The consonants compared, for the explanation. */
  abjad: string;
  other: string;
}

/** The Arabic article as Latin names write it, apart ("al Zahrani", "Abd el Aziz"); Arabic joins it to its word. */
const ARTICLE = new Set(['al', 'el', 'ul', 'ud', 'ur', 'as', 'ash', 'az', 'ad', 'an', 'ar', 'at']);

const DOUBLED_Z = /z{2,}/g;

/** Abd and the article as Latin names write them together before the next word (Abdul Hakim, Abdel Aziz). */
const ABDUL: ReadonlySet<string> = new Set(ABDUL_PREFIXES);

/**
 * Consonant skeletons of each word, an article written apart joined to the word it precedes, as an abjad writes it.
 * `arabic`: against the Arabic script, ch is the French spelling of ش (Alouche, علوش; Chaouki, شوقي), not ח.
 * `thAsS`: th (ث as the abjad's letters are read) is s, as Persian and Urdu say it and their romanisations write it
 * (Wasiq, وثيق; Saqib, ثاقب), where Arabic's own say th or t. `abdApart`: Abdul Hakim read as Abd al-Hakim, as the
 * Arabic script writes it (عبد الحكيم), the article joined to the next word rather than to Abd; or as one word
 * (عبدالحكيم), which joining neighbours finds from either.
 */
function skeletons(
  core: readonly string[],
  wAsConsonant: boolean,
  arabic: boolean,
  thAsS = false,
  abdApart = false,
): string[] {
  const words: string[] = [];
  for (let i = 0; i < core.length; i++) {
    const word = core[i] ?? '';
    const next = core[i + 1];
    if (ARTICLE.has(word) && next !== undefined && !ARTICLE.has(next)) {
      words.push(`l${next}`);
      i++;
    } else if (abdApart && ABDUL.has(word) && next !== undefined && !ARTICLE.has(next)) {
      words.push('abd', `l${next}`);
      i++;
    } else words.push(word);
  }
  const known = SKELETONS[(wAsConsonant ? 1 : 0) | (arabic ? 2 : 0) | (thAsS ? 4 : 0)] ?? new Map<string, string>();
  if (known.size >= SKELETONS_LIMIT) known.clear();
  const out: string[] = [];
  for (const w of words) {
    let skeleton = known.get(w);
    if (skeleton === undefined) {
      skeleton = wordSkeleton(w, wAsConsonant, arabic, thAsS);
      known.set(w, skeleton);
    }
    if (skeleton !== '') out.push(skeleton);
  }
  return out;
}

/**
 * Each word's skeleton, kept per reading (w as a consonant or not, the Arabic script or not, th as s or not): a name
 * is compared with many others, and most words recur.
 */
const SKELETONS: ReadonlyArray<Map<string, string>> = Array.from({ length: 8 }, () => new Map<string, string>());
const SKELETONS_LIMIT = 200_000;

function wordSkeleton(w: string, wAsConsonant: boolean, arabic: boolean, thAsS: boolean): string {
  const spelt = thAsS ? w.replaceAll('th', 's') : w;
  const skeleton = broadConsonantSkeleton([arabic ? spelt.replaceAll('ch', 'sh') : spelt], wAsConsonant);
  // ض is d in Arabic and z in Persian (Reza, رضا): across an abjad, d and z are one consonant. Merged, d and z
  // collapse as every doubled letter does: زاده is read zdh, whose dh is one z (zade, z), and Zadeh is z then d (zz).
  const merged = skeleton.replaceAll('d', 'z');
  return merged.includes('zz') ? merged.replaceAll(DOUBLED_Z, 'z') : merged;
}

/**
 * A word's consonants without the article's l in front (ldyn, dyn): one list writes the article, another assimilates
 * it to the sun letter that follows (Noureddine, نور الدين) or leaves it out. Both sides lose it alike, so a name that
 * only starts with l (Latif) still meets itself.
 */
const withoutArticle = (skeleton: string): string =>
  skeleton.length > 2 && skeleton.startsWith('l') ? skeleton.slice(1) : skeleton;

/** Two words' consonants are the same, with or without the article: what an overlap of 1 means, without computing it. */
const sameSkeleton = (a: string, b: string): boolean => a === b || withoutArticle(a) === withoutArticle(b);

/** How far two words' consonants agree: 1 when equal (with or without the article), else their overlap above the floor. */
function skeletonScore(a: string, b: string): number {
  if (sameSkeleton(a, b)) return 1;
  if (Math.min(a.length, b.length) < 2) return 0;
  return Math.max(
    letterOverlapFrom(a, b, WORD_OVERLAP),
    letterOverlapFrom(withoutArticle(a), withoutArticle(b), WORD_OVERLAP),
  );
}

function bestOf(from: readonly string[], to: readonly string[]): number[] {
  return from.map((a) => to.reduce((best, b) => Math.max(best, skeletonScore(a, b)), 0));
}

/**
 * Each word's consonants, an article written apart joined to its word as an abjad writes it, for comparing names word
 * by word across scripts (name-line.ts); `wAsConsonant` reads w as a consonant, as the abjad's و may be.
 */
export const consonantWords = (
  core: readonly string[],
  arabic: boolean,
  wAsConsonant: boolean,
  abdApart = false,
): string[] => skeletons(core, wAsConsonant, arabic, false, abdApart);

/** Whether a name in Latin letters writes Abd and the article as one word before a name (Abdul Hakim): see skeletons. */
export const writesAbdul = (core: readonly string[]): boolean => core.some((w) => ABDUL.has(w));

/** Two words have the very same consonants, with or without the article's l (Sahrawi, صحراوي; al-Rimi, الريمي). */
export const sameConsonants = (a: string, b: string): boolean => sameSkeleton(a, b);

/**
 * `words` (consonants, of `consonantWords`) with two neighbours joined where together they have the consonants of a
 * word of `other` and the first alone has none's: the word breaks of the other script (Abd al-Rahim, عبدالرحيم). A
 * lone l is Allah or Ali, which close a name or are one (Shafiq Ullah), never an article before the next.
 */
export function joinedAsIn(words: readonly string[], other: readonly string[]): readonly string[] {
  const one = (word: string): boolean => other.some((o) => sameSkeleton(o, word));
  return joinedNeighbours(words, (word, next) => word !== 'l' && !one(word) && one(word + next));
}

/**
 * `short` and `long` with each two neighbouring words of `long` joined where together they are one word of `short`
 * and the first alone is none (فیض اللهی, Feyzollahi): one name whose words break in other places.
 */
function joinedWhereOne(short: readonly string[], long: readonly string[]): [readonly string[], readonly string[]] {
  if (long.length <= short.length) return [short, long];
  const one = (word: string): boolean => short.some((s) => sameSkeleton(s, word));
  const joined = joinedNeighbours(long, (word, next) => !one(word) && one(word + next));
  return joined.length < short.length ? [joined, short] : [short, joined];
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + x, 0) / xs.length);

/**
 * The agreement of `abjad` (a name's core words as read from an abjad) with `other` (core words of a name in another
 * script), in `orders` of the other name's words (a person's "FAMILY, Given" and its natural order). Each reading of
 * the abjad's w (ו, و), as a vowel and as a consonant, and in the Arabic script of its th (ث) as th and as s, is
 * tried; the best counts. `arabic`: the abjad is the Arabic script (Arabic, Persian, Urdu), not Hebrew.
 */
export function consonantAgreement(
  abjad: readonly string[],
  orders: ReadonlyArray<readonly string[]>,
  arabic: boolean,
): ConsonantAgreement {
  const joined = agreementOf(abjad, orders, arabic, false);
  if (!arabic || !orders.some(writesAbdul)) return joined;
  // Abdul Hakim read as Abd al-Hakim too (عبد الحكيم), and the better taken.
  const apart = agreementOf(abjad, orders, arabic, true);
  const [a, b] = [heardScore(apart), heardScore(joined)];
  return a > b || (a === b && apart.complete && !joined.complete) ? apart : joined;
}

/** A name whose every word has its very consonants in the other scores its agreement; else this share of it. */
const CONSONANTS_EQUAL = 0.9;

/** What an agreement of consonants says of two names: its score, times CONSONANTS_EQUAL unless it is covered. */
export const heardScore = (agreement: ConsonantAgreement): number =>
  (agreement.covered ? 1 : CONSONANTS_EQUAL) * agreement.score;

function agreementOf(
  abjad: readonly string[],
  orders: ReadonlyArray<readonly string[]>,
  arabic: boolean,
  abdApart: boolean,
): ConsonantAgreement {
  const theirs = skeletons(orders[0] ?? [], false, arabic, false, abdApart);
  // Each order's consonants word by word, and read as one run, which keeps the final h a word break would drop
  // (صلاح الدين, Salahaldin): the other name's, the same for both readings of the abjad's w.
  const runs = orders.map((order) => {
    const words = skeletons(order, false, arabic, false, abdApart);
    return {
      words: words.join(''),
      whole: skeletons([order.join('')], false, arabic).join(''),
      bare: words.map(withoutArticle).join(''),
    };
  });
  let best: ConsonantAgreement = { score: 0, complete: false, covered: false, abjad: '', other: theirs.join(' ') };
  const readings = [
    { wAsConsonant: false, thAsS: false },
    { wAsConsonant: true, thAsS: false },
  ];
  if (arabic && abjad.some((w) => w.includes('th')))
    readings.push({ wAsConsonant: false, thAsS: true }, { wAsConsonant: true, thAsS: true });
  for (const { wAsConsonant, thAsS } of readings) {
    const ours = skeletons(abjad, wAsConsonant, arabic, thAsS);
    if (ours.length === 0 || theirs.length === 0) continue;
    const [short, long] = ours.length <= theirs.length ? joinedWhereOne(ours, theirs) : joinedWhereOne(theirs, ours);
    const covered = bestOf(short, long);
    const extra = bestOf(long, short);
    const [c, e] = [mean(covered), mean(extra)];
    const words = fMeasure(e, c, SHORTER_WEIGHT);
    let run = 0;
    const whole = skeletons([abjad.join('')], wAsConsonant, arabic, thAsS).join('');
    const bare = ours.map(withoutArticle).join('');
    for (const theirRun of runs) {
      // Only an overlap above what is already found can change the score: most runs are told by their letters.
      run = Math.max(run, letterOverlapFrom(ours.join(''), theirRun.words, Math.max(run, words, best.score)));
      if ((whole !== '' && whole === theirRun.whole) || bare === theirRun.bare) run = 1;
    }
    // The same consonants in the same order, wherever the words break (عبدالروف خادم, Abdul Rauf Khadem), is one name too.
    const complete =
      run === 1 || (short.length === long.length && covered.every((x) => x > 0) && extra.every((x) => x > 0));
    const score = Math.max(words, run);
    if (score > best.score)
      best = {
        score,
        complete,
        covered: covered.every((x) => x === 1),
        abjad: ours.join(' '),
        other: theirs.join(' '),
      };
  }
  return best;
}
