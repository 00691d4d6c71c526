// Folds any name to lower-case ASCII words (a-z, 0-9) separated by single spaces: the alphabet every index speaks.

/**
 * Letters NFKD leaves alone, and scripts we romanise. Keys are lower case because the input is lower-cased first.
 * Cyrillic follows a practical BGN/PCGN-like scheme (the one most sanctions lists use), Greek a basic ELOT-like one;
 * digraph rules (Greek ου, αυ) are left out on purpose: variants.ts and fuzzy matching absorb the difference.
 * An empty string removes the character without splitting the word.
 */
const SPECIAL: Readonly<Record<string, string>> = {
  // Latin letters without a canonical decomposition.
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ŋ: 'ng',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  ƒ: 'f',
  ə: 'e',
  // Russian.
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian, Belarusian, Serbian/Macedonian, Kazakh/Central Asian letters.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
  ә: 'a',
  ғ: 'g',
  қ: 'k',
  ң: 'ng',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  // Greek (accented forms reach this table after NFKD has split off the accent).
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  // Apostrophes, primes and middle dots join the word they sit in (O’Brien → obrien, Catalan l·l → ll).
  '\u2019': '',
  '\u2018': '',
  '\u02bc': '',
  '\u02bb': '',
  '\u00b4': '',
  '\u2032': '',
  '\u02b9': '',
  '\u02ba': '',
  '\u00b7': '',
  '\u2027': '',
};

/** Marks NFKD splits off letters (accents, cedillas, the dot of İ). */
const COMBINING_MARK = /^\p{M}$/u;

/** Replacement for each ASCII code: itself for [a-z0-9], '' for ' . ` (joiners), ' ' for every other separator. */
const ASCII_FOLD: readonly string[] = Array.from({ length: 128 }, (_, code) => {
  const ch = String.fromCharCode(code);
  if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return ch;
  if (code >= 65 && code <= 90) return ch.toLowerCase();
  // Dots vanish so that dotted abbreviations collapse: L.T.D. → ltd, S.A. → sa, J.P. → jp.
  return ch === "'" || ch === '.' || ch === '`' ? '' : ' ';
});

/**
 * Folds one non-ASCII character. Computed once per distinct code point and cached, so the per-name cost is a
 * table read: millions of names repeat the same few hundred characters.
 */
function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  const special = SPECIAL[lower];
  if (special !== undefined) return special;
  const decomposed = lower.normalize('NFKD');
  if (decomposed === lower && [...lower].length === 1) return COMBINING_MARK.test(lower) ? '' : ' ';
  let out = '';
  for (const part of decomposed) {
    const code = part.charCodeAt(0);
    const folded = code < 128 ? ASCII_FOLD[code] : part === lower ? ' ' : foldChar(part);
    out += folded ?? ' ';
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
 * Lower-cases, strips accents, romanises Cyrillic and Greek, and turns everything that is not a letter or digit
 * into a single space; apostrophes and dots are dropped without a space. One pass, copying runs of plain
 * [a-z0-9] as slices, so ASCII names cost little more than `toLowerCase`.
 */
export function foldToAscii(s: string): string {
  const text = s.toLowerCase();
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
