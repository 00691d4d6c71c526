// Scripts read by the run with the library made for each: Chinese, Japanese kana, Korean Hangul and Hebrew; and
// Burmese, which no library reads, by burmese.ts. Their letters are read by the word or the syllable, not one by one,
// so a per-character table reads them wrong.
import romanizeKorean from '@romanize/korean';
import { transliterate as transliterateHebrew } from 'hebrew-transliteration';
import { pinyin } from 'pinyin-pro';
import { toRomaji } from 'wanakana';
import { romaniseBurmese } from './burmese.js';
import { japaneseReading } from './japanese-reader.js';
import { STOP_WORDS } from './legal-forms.js';
import { splitKoreanCompound } from './korean-compounds.js';

/** Letters of another script than Latin (digits, punctuation and marks belong to every script). */
const NON_LATIN_LETTER = /[^\p{Script=Latin}\P{L}]/u;

/** Whether `text` has a letter of another script than Latin: a name written at home, not romanised. */
export const hasNonLatinLetters = (text: string): boolean => NON_LATIN_LETTER.test(text);

/** The scripts romanised here by the run: each has its own library. */
export type RunScript = 'han' | 'kana' | 'hangul' | 'hebrew' | 'myanmar';

/** Which of those scripts a UTF-16 code unit belongs to, or null for any other. */
export function runScript(code: number): RunScript | null {
  // Hebrew letters and points.
  if (code >= 0x0591 && code <= 0x05f4) return 'hebrew';
  // The Myanmar block (Burmese and the letters of Mon, Shan and Karen it shares).
  if (code >= 0x1000 && code <= 0x109f) return 'myanmar';
  if (code < 0x3040) return null;
  // Hiragana, Katakana, the prolonged sound mark and half-width Katakana.
  if (code <= 0x30ff || (code >= 0xff66 && code <= 0xff9f)) return 'kana';
  // CJK Unified Ideographs, extension A and the compatibility ideographs.
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0xf900 && code <= 0xfaff))
    return 'han';
  // Precomposed Hangul syllables (the jamo alone are left to the general transliterator).
  if (code >= 0xac00 && code <= 0xd7a3) return 'hangul';
  return null;
}

/**
 * One run of a script in Latin letters (accents and a few marks may remain for the folding to take off):
 * - Chinese characters as Hanyu Pinyin without tones, a syllable per word (习近平 → xi jin ping). A Latin form
 *   groups the syllables of a word (Xi Jinping); the matcher compares names with their spaces removed too. A
 *   syllable that is also a stop word (da, de, di, du, la, le) is joined to the one before it, or after it at the
 *   start of a run, so that normalisation does not drop it for "of" or "the" (宏达 → hongda, 大连 → dalian).
 * - Kana as Hepburn romaji (トヨタ → toyota).
 * - Hangul as the Revised Romanization (김정은 → gimjeongeun), a word per run as Korean writes it, with the common
 *   words of company names split off (삼성전자 → samseong jeonja).
 * - Hebrew by the SBL academic scheme, which reads unpointed letters as consonants (בנק לאומי → bnq lʾwmy) where a
 *   letter-by-letter table reads ב as v.
 * - Burmese a syllable per word, as names spell it (အောင်ဆန်းစုကြည် → aung san su kyi).
 */
export function romaniseRun(run: string, script: RunScript): string {
  if (script === 'han') return withStopSyllablesJoined(pinyin(run, { toneType: 'none', type: 'array', v: false }));
  if (script === 'kana') return toRomaji(run).toLowerCase();
  if (script === 'hebrew') return transliterateHebrew(run);
  if (script === 'myanmar') return romaniseBurmese(run);
  return splitKoreanCompound(run)
    .map((word) => romanizeKorean.romanize(word).toLowerCase())
    .join(' ');
}

/** Pinyin syllables as words, a syllable that is a stop word joined to a neighbour (see romaniseRun). */
function withStopSyllablesJoined(syllables: readonly string[]): string {
  const words: string[] = [];
  let carried = '';
  for (const raw of syllables) {
    const syllable = raw.toLowerCase();
    if (STOP_WORDS.has(syllable) && syllables.length > 1) {
      const last = words.length - 1;
      if (last >= 0) words[last] += syllable;
      else carried += syllable;
    } else {
      words.push(carried + syllable);
      carried = '';
    }
  }
  if (carried !== '') words.push(carried);
  return words.join(' ');
}

/**
 * The library writes McCune–Reischauer's unaspirated ch (ㅈ where it is not voiced) as c: 조선 cosŏn, 장성택
 * cangsŏngt'aek, where the system and the lists write Chosŏn and Chang Song Thaek. Its aspirated ch' keeps its h.
 */
const UNASPIRATED_CH = /c(?!h)/g;

/**
 * McCune–Reischauer as North Korea writes it, and the lists with it (장성택, Jang Song Thaek; 최룡해, Choe Ryong Hae):
 * an aspirate's apostrophe as h (t' th, k' kh, p' ph; ch' ch) and the unaspirated ch as j.
 */
function northern(mccune: string): string {
  return mccune
    .replace(UNASPIRATED_CH, 'j')
    .replace(/ch['’]/g, 'ch')
    .replace(/([tkp])['’]/g, '$1h');
}

/** Precomposed Hangul syllables, in runs. */
const HANGUL_RUN = /[\uac00-\ud7a3]+/g;

/**
 * Other Latin readings of a name that romanisations disagree on, for the index and the scorer to compare too:
 * Korean in McCune–Reischauer, which North Korea's names and most lists follow (김정은 → Kim Jong Un), as the system
 * writes it and as North Korea does (장성택 → Chang Song T'aek, Jang Song Thaek), where the Revised Romanization of
 * foldToAscii is South Korea's (gimjeongeun); kanji as Japanese (三菱商事 → mitsubishishoji, found by Mitsubishi Shoji through its letters run together),
 * where foldToAscii reads Han characters as Chinese. Empty for names without such letters.
 */
export function otherReadings(text: string): string[] {
  const out: string[] = [];
  if (/[\uac00-\ud7a3]/.test(text)) {
    const read =
      (romanise: (word: string) => string) =>
      (run: string): string =>
        ` ${splitKoreanCompound(run).map(romanise).join(' ')} `;
    const mccune = (word: string): string =>
      romanizeKorean.romanize(word, { system: romanizeKorean.RomanizationSystem.MCCUNE });
    const system = text.replace(
      HANGUL_RUN,
      read((word) => mccune(word).replace(UNASPIRATED_CH, 'ch')),
    );
    const north = text.replace(
      HANGUL_RUN,
      read((word) => northern(mccune(word))),
    );
    out.push(system.replace(/\s+/g, ' ').trim());
    if (north !== system) out.push(north.replace(/\s+/g, ' ').trim());
  }
  // Kanji read as Japanese: a name of Han characters alone may be Chinese or Japanese, so it is read both ways.
  const japanese = japaneseReading(text);
  if (japanese !== null) out.push(japanese);
  return out;
}
