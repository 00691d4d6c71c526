// Folds any name to lower-case ASCII words (a-z, 0-9) separated by single spaces: the alphabet every index speaks.
import anyAscii from 'any-ascii';
import { romaniseRun, runScript } from './script-readers.js';

/**
 * Marks that join the word they sit in rather than split it: apostrophes and primes (O’Brien → obrien, the soft sign
 * of a romanised Cyrillic name) and the Catalan middle dot (l·l → ll). Punctuation, not transliteration: letters
 * of every script are romanised by any-ascii, and a few scripts by the run (script-readers.ts).
 */
const JOINERS = new Set([
  '\u2019',
  '\u2018',
  '\u02bc',
  '\u02bb',
  '\u00b4',
  '\u2032',
  '\u02b9',
  '\u02ba',
  '\u00b7',
  '\u2027',
]);

/**
 * Accents, cedillas and the dot of İ, as NFKD splits them off Latin, Greek and Cyrillic letters. Other marks are
 * letters' vowels and medials (Burmese ြ, Devanagari ि) and are romanised like any letter.
 */
const isDiacritic = (code: number): boolean => code >= 0x0300 && code <= 0x036f;

/** Replacement for each ASCII code: itself for [a-z0-9], '' for ' . ` (joiners), ' ' for every other separator. */
const ASCII_FOLD: readonly string[] = Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return ch;
  if (code >= 65 && code <= 90) return ch.toLowerCase();
  // Dots vanish so that dotted abbreviations collapse: L.T.D. → ltd, S.A. → sa, J.P. → jp.
  return ch === "'" || ch === '.' || ch === '`' ? '' : ' ';
});

/**
 * Folds one non-ASCII character: a joiner vanishes, a compatibility form is decomposed (ﬁ → fi, ½ → 1 2), an accent is
 * dropped and any other letter is romanised by any-ascii (Ж → zh, ß → ss, א → ', ა → a). Computed once per distinct
 * code point and cached, so the per-name cost is a table read: millions of names repeat the same few hundred
 * characters.
 */
function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  if (JOINERS.has(lower)) return '';
  const code = lower.charCodeAt(0);
  // Latin letters lose their accents; any other script is romanised whole (NFKD would split й into и and a breve).
  const latin = code < 0x0370 || (code >= 0x1e00 && code <= 0x1eff);
  let out = '';
  for (const part of latin ? lower.normalize('NFKD') : anyAscii(lower)) {
    const partCode = part.charCodeAt(0);
    if (isDiacritic(partCode)) continue;
    for (const ascii of partCode < 128 ? part : anyAscii(part)) out += ASCII_FOLD[ascii.charCodeAt(0)] ?? ' ';
  }
  // Compatibility forms may decompose to several words (½ → 1⁄2); keep them, but never at the edges.
  const trimmed = out.replace(/ +/g, ' ').trim();
  return trimmed === '' && out !== '' ? ' ' : trimmed;
}

const bmpCache: (string | undefined)[] = new Array<string | undefined>(0x10000).fill(undefined);
const astralCache = new Map<number, string>();

function foldBmp(code: number): string {
  let folded = bmpCache[code];
  if (folded === undefined) {
    folded = foldChar(String.fromCharCode(code));
    bmpCache[code] = folded;
  }
  return folded;
}

function foldAstral(codePoint: number): string {
  let folded = astralCache.get(codePoint);
  if (folded === undefined) {
    folded = foldChar(String.fromCodePoint(codePoint));
    astralCache.set(codePoint, folded);
  }
  return folded;
}

/**
 * The Persian ezafe as romanised, hyphened to the word it follows ("of", joining words of a name: Mehr-e Eqtesad,
 * Khane-ye Mellat, Rahbaran-e Omid-e Darya; as -i- between two words, Falah-i-Insaniat): one list writes it,
 * another leaves it out, and it is no word. A final -i stays: it ends Korean given names (Sun-i).
 */
const EZAFE = /(?<=\p{L}{2})(?:-y?e(?![\p{L}\p{N}])|-i(?=-\p{L}))/giu;

/**
 * Lower-cases, strips accents, romanises every script, and turns everything that is not a letter or digit
 * into a single space; apostrophes and dots are dropped without a space, and so is the Persian ezafe. One pass,
 * copying runs of plain [a-z0-9] as slices, so ASCII names cost little more than `toLowerCase`.
 */
export function foldToAscii(s: string): string {
  const text = (s.includes('-') ? s.replace(EZAFE, '') : s).toLowerCase();
  const n = text.length;
  let out = '';
  let runStart = -1;
  let pendingSpace = false;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (runStart < 0) {
        if (pendingSpace) {
          out += ' ';
          pendingSpace = false;
        }
        runStart = i;
      }
      continue;
    }
    if (runStart >= 0) {
      out += text.slice(runStart, i);
      runStart = -1;
    }
    const script = code >= 0x0591 ? runScript(code) : null;
    if (script !== null) {
      // A run of a script read whole (with spaces inside, for Hebrew) becomes words of their own.
      let end = i + 1;
      while (end < n && (runScript(text.charCodeAt(end)) === script || (script === 'hebrew' && text[end] === ' ')))
        end++;
      const words = foldToAscii(romaniseRun(text.slice(i, end), script));
      if (words !== '') {
        out += out.length > 0 ? ` ${words}` : words;
        pendingSpace = true;
      }
      i = end - 1;
      continue;
    }
    let folded: string;
    if (code < 128) {
      folded = ASCII_FOLD[code] ?? ' ';
    } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < n) {
      const codePoint = text.codePointAt(i) ?? code;
      if (codePoint > 0xffff) i++;
      folded = foldAstral(codePoint);
    } else {
      folded = foldBmp(code);
    }
    if (folded === ' ') {
      pendingSpace = out.length > 0;
    } else if (folded !== '') {
      if (pendingSpace) {
        out += ' ';
        pendingSpace = false;
      }
      out += folded;
    }
  }
  if (runStart >= 0) out += runStart === 0 ? text : text.slice(runStart);
  return out;
}
