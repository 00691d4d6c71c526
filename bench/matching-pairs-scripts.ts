// Which writing system a name is mostly in, by Unicode script regexes, for the cross-script kinds.

export type ScriptName =
  | 'latin'
  | 'hebrew'
  | 'armenian'
  | 'georgian'
  | 'burmese'
  | 'han'
  | 'kana'
  | 'korean'
  | 'arabic'
  | 'cyrillic'
  | 'greek'
  | 'thai'
  | 'other';

const SCRIPTS: readonly (readonly [ScriptName, RegExp])[] = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['georgian', /\p{Script=Georgian}/u],
  ['burmese', /\p{Script=Myanmar}/u],
  ['han', /\p{Script=Han}/u],
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['korean', /\p{Script=Hangul}/u],
  ['greek', /\p{Script=Greek}/u],
  ['thai', /\p{Script=Thai}/u],
];

function scriptOf(ch: string): ScriptName {
  for (const [name, re] of SCRIPTS) if (re.test(ch)) return name;
  return 'other';
}

/** Letter counts per script. */
export function scriptCounts(s: string): Map<ScriptName, number> {
  const counts = new Map<ScriptName, number>();
  for (const ch of s.match(/\p{L}/gu) ?? []) {
    const sc = scriptOf(ch);
    counts.set(sc, (counts.get(sc) ?? 0) + 1);
  }
  return counts;
}

/**
 * The script most of the letters are in. Han and kana count together as one Japanese-or-Chinese block (kanji and
 * kana mix in Japanese names); the caller tells Japanese from Chinese.
 */
export function dominantScript(s: string): ScriptName {
  const counts = scriptCounts(s);
  const cjk = (counts.get('han') ?? 0) + (counts.get('kana') ?? 0);
  let best: ScriptName = 'other';
  let bestN = 0;
  for (const [sc, n] of counts) {
    const effective = sc === 'han' || sc === 'kana' ? cjk : n;
    if (effective > bestN) [best, bestN] = [sc === 'kana' ? 'han' : sc, effective];
  }
  return best;
}

export function hasKana(s: string): boolean {
  return /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(s);
}
