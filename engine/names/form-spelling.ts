// One spelling of a legal form's words for the letters that romanisations of Cyrillic write differently: a form
// spelled out in Russian, Ukrainian or Belarusian reaches the lists in as many spellings as there are systems and
// clerks (obshchestvo, obschestvo, obshhestvo; ogranichennoy, ogranichennoi, ogranichennoj; aktsionernoe,
// akcionernoe; otvetstvennostyu, otvetstvennostju).

/** Letter groups and what each is written as, in order: the longest first, so that shch is read before sh and ch. */
const GROUPS: readonly (readonly [RegExp, string])[] = [
  // щ: shch (BGN/PCGN), sch (German-based), shh (GOST 7.79 B); ш is sh.
  [/shch|sch|shh/g, 'sh'],
  // х: kh, h (Ukrainian national), x (GOST 7.79 B).
  [/kh/g, 'h'],
  // ц: ts, c (ISO 9, Polish-based), tz.
  [/ts|tz/g, 'c'],
  // й, ы and the iotated vowels: y, j or i (ogranichennoy, ogranichennoj, ogranichennoi; yu, ju, iu).
  [/[yj]/g, 'i'],
  // A letter doubled or not (ogranichennoi, ogranichenoi).
  [/(.)\1+/g, '$1'],
];

/** A folded word of a legal form written one way for every romanisation of its letters. */
export function formSpelling(word: string): string {
  let out = word;
  for (const [group, one] of GROUPS) out = out.replace(group, one);
  return out;
}

/** A folded phrase of several words, each written one way (formSpelling). */
export const phraseSpelling = (words: readonly string[]): string => words.map(formSpelling).join(' ');
