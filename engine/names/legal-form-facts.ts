// What a name's legal form says: its generic kind and the countries whose law has it. A GmbH and a Sdn. Bhd. are
// two companies, whatever their names share; an OOO listed as an LLC is one.
import { LEGAL_FORM_TABLE } from './legal-form-table.js';

export interface LegalFormFacts {
  /** The form's words as found (folded). */
  phrase: string;
  /** Generic kinds (LLC, JSC, LP …); empty when the lists give none. */
  generic: readonly string[];
  /** Countries whose law has the form; null when it implies none (words lists use for every country, or unknown). */
  countries: readonly string[] | null;
}

/** Longest form looked for, in words. */
const MAX_WORDS = 7;

const FACTS = new Map<string, LegalFormFacts>(
  LEGAL_FORM_TABLE.map(([phrase, generic, countries]) => [
    phrase,
    {
      phrase,
      generic: generic === '' ? [] : generic.split(' '),
      countries: countries === '' || countries === '*' ? null : countries.split(' '),
    },
  ]),
);

/**
 * The legal forms a folded name carries: the longest known form its words end with, and the longest they begin with
 * (OOO Romashka, PT Bank Mandiri), as long as a word is left for the name itself.
 */
export function legalFormsOf(words: readonly string[]): LegalFormFacts[] {
  const found: LegalFormFacts[] = [];
  for (let n = Math.min(MAX_WORDS, words.length - 1); n >= 1; n--) {
    const facts = FACTS.get(words.slice(words.length - n).join(' '));
    if (facts !== undefined) {
      found.push(facts);
      break;
    }
  }
  for (let n = Math.min(MAX_WORDS, words.length - 1); n >= 1; n--) {
    const facts = FACTS.get(words.slice(0, n).join(' '));
    if (facts !== undefined) {
      if (!found.includes(facts)) found.push(facts);
      break;
    }
  }
  return found;
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
