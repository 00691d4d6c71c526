// A person's line of names: a shorter name found along a fuller one, as lists write a name with and without a father's
// and a grandfather's name (SALAH, Mahir Yunus / SALAH, Mahir Jawwad Yunis; Qasim al-Rimi / Qasim Muhammad Mahdi
// al-Rimi). Words are compared by the caller's rule: respelled at most in one script, the same consonants across two.

/** Whether two words of names are one name, by the rule of the comparison at hand. */
export type SameName = (a: string, b: string) => boolean;

/**
 * The names `a` run along the line `b`: the same first name, and each other name of `a` at a later place of `b` in
 * order. A list may leave out a father's name as well as the names after it.
 */
export function runsAlong(a: readonly string[], b: readonly string[], same: SameName): boolean {
  if (a.length === 0 || !same(a[0] ?? '', b[0] ?? '')) return false;
  let at = 1;
  for (let i = 1; i < a.length; i++) {
    while (at < b.length && !same(a[i] ?? '', b[at] ?? '')) at++;
    if (at >= b.length) return false;
    at++;
  }
  return true;
}

/**
 * First halves of Arabic names of two words, servant of (Abdul Manan, عبد المنان) and father of (Abu Umar): in Latin
 * letters, as an abjad's letters are read (عبد bd, ابو bw), and as the consonants of names compared across an abjad,
 * where d and z are one (bz, bzl) and an abu is b.
 */
const OPENING_HALVES: ReadonlySet<string> = new Set('abd abdul abu abou bd bdl bw b bz bzl'.split(' '));

/** Allah written apart as the second half of a name (Najib Ullah, Najibullah; Amin Allah, Aminullah). */
const CLOSING_HALVES: ReadonlySet<string> = new Set(['ullah', 'allah', 'ollah']);

/**
 * How many words the first name of `words` takes: two after Abdul or Abu (Abdul Manan is one name) or before Allah
 * (Najib Ullah), else one.
 */
export const firstNameWords = (words: readonly string[]): number =>
  OPENING_HALVES.has(words[0] ?? '') || CLOSING_HALVES.has(words[1] ?? '') ? 2 : 1;

/**
 * The shorter name `s` keeps its ends in the fuller `f`: its first name (of `firstNameWords`) at the start, its last
 * name at the end, and its other names in order between, `f` adding names between them. `s` must hold a first and a
 * last name apart.
 */
export function keepsEnds(s: readonly string[], f: readonly string[], same: SameName): boolean {
  // The first name of either: Aboud is not Abd al-Rahman, though his consonants open it.
  const opening = Math.max(firstNameWords(s), firstNameWords(f));
  if (s.length <= opening || f.length <= s.length) return false;
  for (let i = 0; i < opening; i++) if (!same(s[i] ?? '', f[i] ?? '')) return false;
  return same(s.at(-1) ?? '', f.at(-1) ?? '') && runsAlong(s.slice(0, -1), f.slice(0, -1), same);
}

/**
 * The fuller name `f` opens with every name of the shorter `s`, in order, and adds names after them: a list that
 * leaves out the names after a person's own and father's (Fuad Mohamed Khalif / Fuad Muhammad Khalaf Shongole). `s`
 * must hold more than its first name.
 */
export const opensWith = (s: readonly string[], f: readonly string[], same: SameName): boolean =>
  s.length > Math.max(firstNameWords(s), firstNameWords(f)) &&
  f.length > s.length &&
  s.every((w, i) => same(w, f[i] ?? ''));
