// One spelling for the letters that romanisations write differently: German and Polish write w for v (Wladimir,
// Iwanow), English-based systems kh, ph, ee, oo and y where others write h, f, i, u and i (Khodorkovsky,
// Hodorkovskiy; Mukherjee, Mukherji). Two words with the same fold are one word romanised two ways.

/** Letter groups and what each is folded to, longest first so that "tsch" is read before "sch" and "ch". */
const GROUPS: readonly (readonly [RegExp, string])[] = [
  [/tsch|tch/g, 'ch'],
  [/sch/g, 'sh'],
  [/dzh|dj/g, 'j'],
  [/kh/g, 'h'],
  [/ph/g, 'f'],
  [/ck/g, 'k'],
  [/q/g, 'k'],
  [/w/g, 'v'],
  [/ee|ii|iy|yi|ij|y/g, 'i'],
  [/ou|oo/g, 'u'],
  [/(.)\1+/g, '$1'],
];

/** The word with each group above written one way. */
export function romanisationFold(word: string): string {
  let out = word;
  for (const [group, one] of GROUPS) out = out.replace(group, one);
  return out;
}
