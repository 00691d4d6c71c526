// What a name's legal form says: its generic kind and the countries whose law has it. A GmbH and a Sdn. Bhd. are
// two companies, whatever their names share; an OOO listed as an LLC is one.
import { formSpelling, phraseSpelling } from './form-spelling.js';
import { LEGAL_FORM_TABLE } from './legal-form-table.js';

export interface LegalFormFacts {
  /** The form's words as found (folded). */
  phrase: string;
  /** Generic kinds (LLC, JSC, LP …); empty when the lists give none. */
  generic: readonly string[];
  /** Countries whose law has the form; null when it implies none (words lists use for every country, or unknown). */
  countries: readonly string[] | null;
}

/**
 * One-word forms that are also roman numerals (Lithuanian IĮ folds to "ii") number a fund or a ship far more often
 * than they abbreviate a form: Fund II is not an individual enterprise.
 */
const ROMAN_NUMERAL = /^(?:i{1,3}|iv|vi{0,3}|ix|xi{0,3})$/;

/** Longest form looked for, in words. */
const MAX_WORDS = 7;

const FACTS = new Map<string, LegalFormFacts>(
  LEGAL_FORM_TABLE.filter(([phrase]) => !ROMAN_NUMERAL.test(phrase)).map(([phrase, generic, countries]) => [
    phrase,
    {
      phrase,
      generic: generic === '' ? [] : generic.split(' '),
      countries: countries === '' || countries === '*' ? null : countries.split(' '),
    },
  ]),
);

/** Two spellings of one form the lists give apart: what either says of its kinds and countries. */
function together(a: LegalFormFacts, b: LegalFormFacts): LegalFormFacts {
  const countries = [...new Set([...(a.countries ?? []), ...(b.countries ?? [])])];
  return {
    phrase: a.phrase,
    generic: [...new Set([...a.generic, ...b.generic])],
    countries: countries.length === 0 ? null : countries,
  };
}

/**
 * Forms of several words by one spelling of their letters (formSpelling), for the spellings of a form the lists do
 * not give (Obschestvo s ogranichennoi otvetstvennostyu; the list writes obshchestvo). One word alone is not read so
 * loosely: short forms are too near the words of names.
 */
const SPELLED = new Map<string, LegalFormFacts>();
for (const facts of FACTS.values()) {
  if (!facts.phrase.includes(' ')) continue;
  const spelling = phraseSpelling(facts.phrase.split(' '));
  const known = SPELLED.get(spelling);
  SPELLED.set(spelling, known === undefined ? facts : together(known, facts));
}

/** The last and the first words of the known forms: a name ending or starting otherwise has none there. */
const LAST_WORDS = new Set([...FACTS.keys()].map((phrase) => phrase.slice(phrase.lastIndexOf(' ') + 1)));
const FIRST_WORDS = new Set([...FACTS.keys()].map((phrase) => phrase.split(' ', 1)[0] ?? ''));

/** The same of the forms of several words in one spelling (SPELLED). */
const SPELLED_LAST_WORDS = new Set([...SPELLED.keys()].map((phrase) => phrase.slice(phrase.lastIndexOf(' ') + 1)));
const SPELLED_FIRST_WORDS = new Set([...SPELLED.keys()].map((phrase) => phrase.split(' ', 1)[0] ?? ''));

/**
 * The longest form `words` end with (`atEnd`) or begin with, leaving a word for the name, whose phrase `taken`
 * accepts, and how many words it takes: as the lists write it, or of several words in another spelling of its
 * letters (SPELLED), then given as found.
 */
function formAtEnd(
  words: readonly string[],
  atEnd: boolean,
  taken: (phrase: string) => boolean,
): { facts: LegalFormFacts; length: number } | null {
  const most = Math.min(MAX_WORDS, words.length - 1);
  if (most < 1) return null;
  const edge = (atEnd ? words[words.length - 1] : words[0]) ?? '';
  const listed = (atEnd ? LAST_WORDS : FIRST_WORDS).has(edge);
  // In another spelling only when the word at that end is one a form so spelled has there.
  const respelled = (atEnd ? SPELLED_LAST_WORDS : SPELLED_FIRST_WORDS).has(formSpelling(edge));
  if (!listed && !respelled) return null;
  for (let n = most; n >= 1; n--) {
    const part = atEnd ? words.slice(words.length - n) : words.slice(0, n);
    const phrase = part.join(' ');
    let facts = listed ? FACTS.get(phrase) : undefined;
    if (facts === undefined && respelled && n >= 2) {
      const other = SPELLED.get(phraseSpelling(part));
      if (other !== undefined) facts = { ...other, phrase };
    }
    if (facts !== undefined && taken(facts.phrase)) return { facts, length: n };
  }
  return null;
}

/**
 * The legal forms a folded name carries, and its words without them: the longest known form its words end with, and
 * the longest they begin with (OOO Romashka, PT Bank Mandiri), as long as a word is left for the name itself. Only
 * forms whose phrase `taken` accepts are taken.
 */
export function splitLegalFormFacts(
  words: readonly string[],
  taken: (phrase: string) => boolean = () => true,
): { forms: LegalFormFacts[]; rest: readonly string[] } {
  const forms: LegalFormFacts[] = [];
  let rest = words;
  const last = formAtEnd(rest, true, taken);
  if (last !== null) {
    forms.push(last.facts);
    rest = rest.slice(0, rest.length - last.length);
  }
  const first = formAtEnd(rest, false, taken);
  if (first !== null) {
    if (!forms.some((f) => f.phrase === first.facts.phrase)) forms.push(first.facts);
    rest = rest.slice(first.length);
  }
  return { forms, rest };
}

/** The legal forms a folded name carries (see `splitLegalFormFacts`). */
export function legalFormsOf(words: readonly string[]): LegalFormFacts[] {
  return splitLegalFormFacts(words).forms;
}

/**
 * Whether two names' forms contradict: forms of disjoint sets of countries (GmbH: AT BE CH DE LI; Sdn Bhd: MY), or
 * of different generic kinds (an LLC is not a JSC). 'agree' when both carry forms that do not contradict, 'none'
 * when either carries none.
 */
export function compareLegalForms(
  a: readonly LegalFormFacts[],
  b: readonly LegalFormFacts[],
): 'none' | 'agree' | 'other-kind' | 'other-country' {
  if (a.length === 0 || b.length === 0) return 'none';
  const countriesOf = (forms: readonly LegalFormFacts[]): Set<string> | null => {
    let out: Set<string> | null = null;
    for (const f of forms) if (f.countries !== null) out = new Set([...(out ?? []), ...f.countries]);
    return out;
  };
  const ca = countriesOf(a);
  const cb = countriesOf(b);
  if (ca !== null && cb !== null && ![...ca].some((c) => cb.has(c))) return 'other-country';
  const ga = new Set(a.flatMap((f) => f.generic));
  const gb = b.flatMap((f) => f.generic);
  if (ga.size > 0 && gb.length > 0 && !gb.some((g) => ga.has(g))) return 'other-kind';
  return 'agree';
}
