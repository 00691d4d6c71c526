// How well the words of two names agree, word by word, allowing for what romanisations and typists do to a word.
import { doubleMetaphone } from 'double-metaphone';
import { alignedWords, boundedOsaDistance, consonantSkeleton, letterOverlap, maxEditsFor } from '../names/index.js';

/** Word scores: a spelling the ear cannot tell apart (Mohamad, Muhammad) is nearly as good as the same word. */
const SAME = 1;
const SOUNDS_SAME = 0.9;
const ONE_EDIT = 0.85;
const PREFIX = 0.8;
const SAME_CONSONANTS = 0.8;
const TWO_EDITS = 0.65;
/** Shortest word whose prefix counts: "Intl" for International, "Mfg" does not qualify as a prefix. */
const MIN_PREFIX = 3;
/** Beyond this many letters kept in order, two long words are taken as variants (Kheshaiban, Khasiban). */
const OVERLAP_FLOOR = 0.75;

/** The F-measure's β²: how much more the shorter name's words count than the longer's. */
const SHORTER_WEIGHT = 2;

/** Memoised per word: names repeat words, and a Double Metaphone costs a few microseconds. */
const soundCache = new Map<string, readonly [string, string]>();
const SOUND_CACHE_LIMIT = 200_000;

function soundOf(word: string): readonly [string, string] {
  let sound = soundCache.get(word);
  if (sound === undefined) {
    if (soundCache.size >= SOUND_CACHE_LIMIT) soundCache.clear();
    sound = doubleMetaphone(word);
    soundCache.set(word, sound);
  }
  return sound;
}

/** Whether two words sound alike: a shared Double Metaphone code, of words that start alike. */
function soundAlike(a: string, b: string): boolean {
  if (a.length < 3 || b.length < 3) return false;
  const [pa, sa] = soundOf(a);
  const [pb, sb] = soundOf(b);
  if (pa.length < 2) return false;
  return pa === pb || pa === sb || sa === pb || (sa === sb && sa.length >= 2);
}

/** The score of word `a` against word `b`, 0..1, and what made it. */
export function wordScore(a: string, b: string): number {
  if (a === b) return SAME;
  const shorter = Math.min(a.length, b.length);
  if (shorter >= 2 && /^\d+$/.test(a) !== /^\d+$/.test(b)) return 0;
  if (/^\d/.test(a) || /^\d/.test(b)) return 0;
  let score = 0;
  if (soundAlike(a, b)) score = SOUNDS_SAME;
  const k = maxEditsFor(shorter);
  if (k > 0 && score < ONE_EDIT) {
    // The bounded distance answers k + 1 for "too far", so a distance only counts within k.
    const distance = boundedOsaDistance(a, b, k);
    if (distance === 1) score = Math.max(score, ONE_EDIT);
    else if (distance === 2 && k >= 2) score = Math.max(score, TWO_EDITS);
  }
  if (score < PREFIX && shorter >= MIN_PREFIX && (a.startsWith(b) || b.startsWith(a))) score = PREFIX;
  if (score < SAME_CONSONANTS && shorter >= 4) {
    const ca = consonantSkeleton([a]);
    if (ca.length >= 3 && ca === consonantSkeleton([b])) score = SAME_CONSONANTS;
  }
  if (score < TWO_EDITS && shorter >= 6) {
    const overlap = letterOverlap(a, b);
    if (overlap >= OVERLAP_FLOOR) score = Math.max(score, TWO_EDITS * overlap);
  }
  return score;
}

/**
 * Word agreement of two names, 0..1: each word is matched to its best counterpart on the other side, and the two
 * directions' means are combined as an F-measure weighted to the shorter name (β² = 2), so that a name found whole
 * inside a longer one (an annotation, a middle name) scores well, and one distinctive word missing costs much.
 */
export function wordAgreement(a: readonly string[], b: readonly string[]): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return alignedWords(short, long, wordScore, SHORTER_WEIGHT);
}
