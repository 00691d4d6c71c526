// Words that only say what kind of organisation a name names (Foundation, Brigade, Institute): lists give a name
// with them and without (AL-HARAMAIN, AL-HARAMAIN FOUNDATION; ZEYNABIYYUN BRIGADE, ZEYNABIYYUN).

/**
 * Such words, as names are folded. Group and Holding are not among them (a group is not the company it holds), nor
 * Center (a research or training center is a body of its own beside the organisation whose name it takes).
 */
const KIND_WORDS: ReadonlySet<string> = new Set(
  (
    'foundation organization organisation brigade brigades battalion movement association society committee ' +
    'institute institution complex enterprise enterprises establishment agency network ' +
    'company co corporation corp'
  ).split(' '),
);

/** Two names' words without their words of kind, when one adds such words to those of the other and swaps none. */
export interface KindsAdded {
  a: readonly string[];
  b: readonly string[];
  /** The words of kind the fuller adds. */
  added: readonly string[];
}

/**
 * `a` and `b` without their words of kind, when the words of kind of one are all among those of the other, which
 * adds some (AL-AQSA, AL-AQSA FOUNDATION; IMAM HOSEYN UNIVERSITY, IMAM HOSSEIN UNIVERSITY COMPLEX), and a word other
 * than those is left on each side; else null. A Complex and a Company swap kinds: two organisations, perhaps.
 */
export function kindsAdded(a: readonly string[], b: readonly string[]): KindsAdded | null {
  // Asked of every pair of company names scored, most of which have as many words of kind (none): counted first.
  if (kindCount(a) === kindCount(b)) return null;
  const [aKinds, bKinds] = [a.filter((w) => KIND_WORDS.has(w)), b.filter((w) => KIND_WORDS.has(w))];
  const [fewer, more] = aKinds.length < bKinds.length ? [aKinds, bKinds] : [bKinds, aKinds];
  const left = [...more];
  for (const word of fewer) {
    const at = left.indexOf(word);
    if (at < 0) return null;
    left.splice(at, 1);
  }
  const [aBare, bBare] = [a.filter((w) => !KIND_WORDS.has(w)), b.filter((w) => !KIND_WORDS.has(w))];
  return aBare.length === 0 || bBare.length === 0 ? null : { a: aBare, b: bBare, added: left };
}

function kindCount(words: readonly string[]): number {
  let count = 0;
  for (const word of words) if (KIND_WORDS.has(word)) count++;
  return count;
}
