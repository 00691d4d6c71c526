// What lists write into a name beside the name itself: another name it went by ("ex-", "f/k/a"), its acronym in
// parentheses, other names set apart by semicolons, a branch. The scorer compares each name these yield, as well
// as the name as written.
import { foldToAscii } from '../names/index.js';

/** One name a written name yields, and what it is. */
export interface NameWithin {
  name: string;
  /** How it came out of the written name: an earlier or other name, an acronym, or the name without its branch. */
  from: 'alias' | 'acronym' | 'branch';
}

/**
 * Markers after which a written name gives another name of the same entity: OCEAN STAR (ex SEA WIND), ex-SEA WIND,
 * f/k/a, a.k.a., formerly. A bare "ex" or "aka" is also a word of names (Ex Libris, Aka Trading), so only these.
 */
const ALIAS_MARKER = /\s*(?:\(\s*ex\s+|\bex[-.]\s*|\b(?:[fan][/.]k[/.]a\b\.?|formerly\b|also known as\b)\s*)/i;
/** A parenthesised single word: perhaps an acronym (NAFTIRAN INTERTRADE CO. (NICO) LIMITED). */
const PARENTHESISED_WORD = /\(([\p{L}][\p{L}.\-&]{1,11})\)/u;
/** A branch set off after the name: ": BOSNIA BRANCH", "(BRANCH LOCATED IN …)", ", DUBAI BRANCH". */
const BRANCH_SET_OFF = /\s*[:,(]\s*[^:,(]*\bbranch\b.*$/i;
/** A branch closing the name: "… LLC SHARJAH BRANCH", "… NEW DELHI BRANCH". */
const BRANCH_LAST = /\s+branch\s*$/i;
/** Words of a place a closing branch may name before it. */
const BRANCH_PLACE_WORDS = 2;

/**
 * Names given as a list in one field, set apart by semicolons, some in parentheses: MOHAMMAD ISLAMI; MOHAMED
 * ISLAMI, or حاجى مالك نورزى (Hajji Malik Noorzai; Haji Malek Noorzai).
 */
const LIST_SEPARATOR = /[;()]/;
/** A part of such a list that says what a name is, not a name. */
const LIST_NOTE = /^(?:original script|original|native script)$/i;
/** A one-word part shorter than this is an acronym or an initial, not a name of its own. */
const LIST_WORD_MIN = 4;

/** What every annotation above needs somewhere in the name: a cheap test that lets most names through untouched. */
const MAY_HOLD_ANOTHER = /[(:/;]|ex[-.\s]|\.k\.|formerly|known as|branch/i;

/** Letters of an acronym: its letters only, folded (M.S.P. → msp, ISF-IM → isfim). */
const lettersOf = (text: string): string => foldToAscii(text).replace(/[^a-z]/g, '');

/**
 * Whether `acronym` abbreviates `name`: it starts with the name's first letter and its letters appear in the name's
 * letters in order, each of the name's words giving at most its first few (IRGC, Islamic Revolutionary Guard Corps;
 * NICO, Naftiran Intertrade Co.). A place in parentheses (ANGOLA) does not start with the name's letter.
 */
export function isAcronymOf(acronym: string, name: string): boolean {
  const letters = lettersOf(acronym);
  const words = foldToAscii(name)
    .split(' ')
    .filter((w) => /[a-z]/.test(w));
  if (letters.length < 2 || letters.length > 8 || words.length < 2) return false;
  if (letters[0] !== words[0]?.[0]) return false;
  let at = 0;
  for (const word of words) {
    // Each word gives a prefix of itself to the acronym, possibly empty (a stop word, a legal form).
    let taken = 0;
    while (at < letters.length && taken < word.length && word[taken] === letters[at]) {
      taken++;
      at++;
    }
  }
  return at === letters.length;
}

/**
 * The names a written name yields beyond itself: each name after an alias marker (and the name before it), an
 * acronym in parentheses that abbreviates the name (and the name without it), each name of a list set apart by
 * semicolons, the name without a branch written after it. Each is trimmed; none is empty or the written name again.
 */
export function namesWithin(raw: string): NameWithin[] {
  const out: NameWithin[] = [];
  if (!MAY_HOLD_ANOTHER.test(raw)) return out;
  const add = (name: string, from: NameWithin['from']): void => {
    const trimmed = name.replace(/^[\s,;:()[\]-]+|[\s,;:()[\]-]+$/g, '');
    if (trimmed !== '' && trimmed !== raw.trim() && !out.some((n) => n.name === trimmed))
      out.push({ name: trimmed, from });
  };
  const parts = raw.split(ALIAS_MARKER).map((part) => part.replace(/[()[\]]/g, ' ').trim());
  // A marker opening or closing the name leaves one name, not two.
  if (parts.length > 1 && parts.every((part) => /\p{L}/u.test(part))) for (const part of parts) add(part, 'alias');
  const parenthesised = PARENTHESISED_WORD.exec(raw);
  if (parenthesised !== null) {
    const without = raw.replace(parenthesised[0], ' ').replace(/\s+/g, ' ');
    if (isAcronymOf(parenthesised[1] ?? '', without)) {
      add(parenthesised[1] ?? '', 'acronym');
      add(without, 'acronym');
    }
  }
  if (raw.includes(';'))
    for (const part of raw.split(LIST_SEPARATOR).map((p) => p.trim())) {
      if (!/\p{L}/u.test(part) || LIST_NOTE.test(part)) continue;
      if (!/\s/.test(part) && part.length < LIST_WORD_MIN) continue;
      add(part, 'alias');
    }
  if (BRANCH_SET_OFF.test(raw)) add(raw.replace(BRANCH_SET_OFF, ''), 'branch');
  else if (BRANCH_LAST.test(raw)) {
    // Where the place ends and the name begins is not written: each cut that leaves two words or more is tried.
    const words = raw.replace(BRANCH_LAST, '').split(/\s+/);
    for (let place = 0; place <= BRANCH_PLACE_WORDS && words.length - place >= 2; place++)
      add(words.slice(0, words.length - place).join(' '), 'branch');
  }
  return out;
}
