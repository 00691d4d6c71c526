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
 * A folded name's consonants, word by word: vowels and the letters abjads also use as vowels (w, y; alef and ayin
 * fold to apostrophes and are gone already) are dropped, spellings of one sound are merged, doubled letters
 * collapse, and a word's final h goes (the silent ה of משה, the ة of a feminine ending, the h of Abdullah). Words
 * with nothing left are dropped. `wAsConsonant` keeps w, as b, for the reading where a ו or و is a consonant.
 */
export function consonantSkeleton(folded: readonly string[], wAsConsonant = false): string {
  const words: string[] = [];
  for (const raw of folded) {
    const word = raw.replace(DIGRAPHS, (d) => DIGRAPH_SOUND[d] ?? d);
    let out = '';
    for (const letter of word) {
      const ch = (wAsConsonant ? W_AS_CONSONANT : LETTER_CLASS)[letter] ?? letter;
      if ('aeiouwy'.includes(ch) || ch === out[out.length - 1]) continue;
      out += ch;
    }
    out = out.replace(/h+$/, '');
    if (out !== '') words.push(out);
  }
  return words.join(' ');
}
