// How a name sounds, written without its word breaks: the key that finds a name across scripts and spellings.
import { doubleMetaphone } from 'double-metaphone';

/** Shorter codes say too little: "Li" and "Lee", but also every two-consonant name, share one. */
const MIN_SOUND_LENGTH = 3;

/**
 * The Double Metaphone codes (primary, and secondary when it differs) of a name's core words run together.
 * Running them together makes word breaks irrelevant (Xi Jinping and 习近平 read "xi jin ping"; Gazprom Neft and
 * Gazpromneft), and the phonetic code absorbs what romanisations disagree on: vowels, doubled letters and
 * consonants voiced or not (김정은 read "gimjeongeun" and Kim Jong Un, بنك ملي read "bnk mly" and Bank Melli).
 * Names whose code is too short get none.
 */
export function nameSounds(core: readonly string[]): string[] {
  const [primary, secondary] = doubleMetaphone(core.join(''));
  if (primary.length < MIN_SOUND_LENGTH) return [];
  return secondary === primary || secondary.length < MIN_SOUND_LENGTH ? [primary] : [primary, secondary];
}
