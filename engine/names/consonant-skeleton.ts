// The consonants of a name, for scripts that write no short vowels: محمد علي and Mohamed Ali are both "mhmd l".

/** Scripts that leave out short vowels (abjads): their names are compared by consonants. */
const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

export const isAbjad = (raw: string): boolean => ABJAD.test(raw);

/**
 * A folded name's consonants, word by word: vowels and the letters abjads also use as vowels (w, y; alef and ayin
 * fold to apostrophes and are gone already) are dropped, doubled letters collapse, and a word's final h goes (the
 * silent ה of משה, the ة of a feminine ending, the h of Abdullah). Words with nothing left are dropped.
 */
export function consonantSkeleton(folded: readonly string[]): string {
  const words: string[] = [];
  for (const word of folded) {
    let out = '';
    for (const ch of word) {
      if ('aeiouwy'.includes(ch) || ch === out[out.length - 1]) continue;
      out += ch;
    }
    out = out.replace(/h+$/, '');
    if (out !== '') words.push(out);
  }
  return words.join(' ');
}
