// The consonants of a name, for scripts that write no short vowels: محمد علي and Mohamed Ali are both "mhmd l".

/** Scripts that leave out short vowels (abjads): their names are compared by consonants. */
const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

export const isAbjad = (raw: string): boolean => ABJAD.test(raw);

/**
 * Spellings of one sound that romanisations choose between: ch and h (ח), tz, ts and s (צ), sh and s (ש), ph and p,
 * th and t; then letters of one place of articulation: q, c and k (ק, כ), v and b (ב), f and p (פ). Kh stays two
 * letters: Latin and any-ascii both write خ so, and in Hebrew it is כ and ה (Cohen, כהן).
 */
const DIGRAPHS = /ch|t[sz]|sh|ph|th/g;
const DIGRAPH_SOUND: Readonly<Record<string, string>> = { ch: 'h', ts: 's', tz: 's', sh: 's', ph: 'p', th: 't' };
const LETTER_CLASS: Readonly<Record<string, string>> = { q: 'k', c: 'k', v: 'b', f: 'p' };
/** The same, reading w as the consonant v: ו is a vowel in לאומי (Leumi) and a consonant in דוד (David). */
const W_AS_CONSONANT: Readonly<Record<string, string>> = { ...LETTER_CLASS, w: 'b' };

/**
 * Broader classes for comparing two names, where Persian and Arabic romanisations part: gh and q (ق: Moghadam,
 * مقدم), g and k (گ, ک: Asgari, Askari), dh, zh and z (ظ, ذ, ژ: Kazemi, kadhimi). The snapshot's name keys keep the
 * narrower classes above: a loaded snapshot's keys were made with them.
 */
const BROAD_DIGRAPHS = /ch|t[sz]|sh|ph|th|gh|dh|zh/g;
const BROAD_DIGRAPH_SOUND: Readonly<Record<string, string>> = { ...DIGRAPH_SOUND, gh: 'k', dh: 'z', zh: 'z' };
const BROAD_LETTER_CLASS: Readonly<Record<string, string>> = { ...LETTER_CLASS, g: 'k' };
const BROAD_W_AS_CONSONANT: Readonly<Record<string, string>> = { ...BROAD_LETTER_CLASS, w: 'b' };

interface SkeletonRules {
  digraphs: RegExp;
  digraphSound: Readonly<Record<string, string>>;
  letters: Readonly<Record<string, string>>;
}

const NARROW: SkeletonRules = { digraphs: DIGRAPHS, digraphSound: DIGRAPH_SOUND, letters: LETTER_CLASS };
const NARROW_W: SkeletonRules = { ...NARROW, letters: W_AS_CONSONANT };
const BROAD: SkeletonRules = {
  digraphs: BROAD_DIGRAPHS,
  digraphSound: BROAD_DIGRAPH_SOUND,
  letters: BROAD_LETTER_CLASS,
};
const BROAD_W: SkeletonRules = { ...BROAD, letters: BROAD_W_AS_CONSONANT };

/**
 * A folded name's consonants, word by word: vowels and the letters abjads also use as vowels (w, y; alef and ayin
 * fold to apostrophes and are gone already) are dropped, spellings of one sound are merged, doubled letters
 * collapse, and a word's final h goes (the silent ה of משה, the ة of a feminine ending, the h of Abdullah). Words
 * with nothing left are dropped. `wAsConsonant` keeps w, as b, for the reading where a ו or و is a consonant.
 */
export function consonantSkeleton(folded: readonly string[], wAsConsonant = false): string {
  return skeletonBy(folded, wAsConsonant ? NARROW_W : NARROW);
}

/** As `consonantSkeleton`, with the broader classes that compare two names (not the snapshot's keys). */
export function broadConsonantSkeleton(folded: readonly string[], wAsConsonant = false): string {
  return skeletonBy(folded, wAsConsonant ? BROAD_W : BROAD);
}

function skeletonBy(folded: readonly string[], rules: SkeletonRules): string {
  const words: string[] = [];
  for (const raw of folded) {
    const out = ASCII_WORD.test(raw) ? asciiSkeleton(raw, rules) : skeletonOfWord(raw, rules);
    if (out !== '') words.push(out);
  }
  return words.join(' ');
}

const ASCII_WORD = /^[\x00-\x7f]*$/;

/** One word's consonants by the rules as written: the digraphs replaced, then letter by letter. */
function skeletonOfWord(raw: string, rules: SkeletonRules): string {
  const word = raw.replace(rules.digraphs, (d) => rules.digraphSound[d] ?? d);
  let out = '';
  for (const letter of word) {
    const ch = rules.letters[letter] ?? letter;
    if ('aeiouwy'.includes(ch) || ch === out[out.length - 1]) continue;
    out += ch;
  }
  return out.replace(/h+$/, '');
}

/** The rules as tables by character code, for `asciiSkeleton`: what a digraph (first << 7 | second) and a letter become. */
interface AsciiTables {
  digraphs: Map<number, string>;
  /** Per ASCII code, the consonant class it writes, or '' for a vowel (or w, y) that is dropped. */
  letters: string[];
}

const asciiTables = new WeakMap<SkeletonRules, AsciiTables>();

function tablesOf(rules: SkeletonRules): AsciiTables {
  let tables = asciiTables.get(rules);
  if (tables === undefined) {
    const digraphs = new Map<number, string>();
    for (const [pair, sound] of Object.entries(rules.digraphSound))
      digraphs.set((pair.charCodeAt(0) << 7) | pair.charCodeAt(1), sound);
    const letters = Array.from({ length: 128 }, (_, code) => {
      const letter = String.fromCharCode(code);
      const ch = rules.letters[letter] ?? letter;
      return 'aeiouwy'.includes(ch) ? '' : ch;
    });
    tables = { digraphs, letters };
    asciiTables.set(rules, tables);
  }
  return tables;
}

/**
 * The same for a word in ASCII, read once from left to right by character code: a digraph is taken where it
 * begins, as the rules' expression takes the leftmost one (every name compared is read this way).
 */
function asciiSkeleton(word: string, rules: SkeletonRules): string {
  const { digraphs, letters } = tablesOf(rules);
  let out = '';
  let last = '';
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const sound = i + 1 < word.length ? digraphs.get((code << 7) | word.charCodeAt(i + 1)) : undefined;
    let ch: string;
    if (sound !== undefined) {
      ch = sound;
      i++;
    } else ch = letters[code] ?? '';
    if (ch === '' || ch === last) continue;
    out += ch;
    last = ch;
  }
  let end = out.length;
  while (end > 0 && out.charCodeAt(end - 1) === 104) end--;
  return end === out.length ? out : out.slice(0, end);
}
