// One normalisation for index and query alike: a name becomes core tokens, legal-form codes and an order-free key.
import { foldToAscii } from './transliterate.js';
import { splitLegalForms, STOP_WORDS, type LegalSplit } from './legal-forms.js';
import { foldVariants } from './variants.js';

export interface NormalisedName {
  /** Identifying tokens in name order: folded to ASCII, legal forms and stop words removed, variants folded. */
  core: string[];
  /** Canonical legal-form codes (`ltd`, `gmbh`, `ooo`, …) in name order, without duplicates. */
  legal: string[];
  /** Core tokens sorted and joined by a space: equal keys mean the same words in any order. */
  key: string;
}

/**
 * Normalises a company or person name. A name made only of legal-form and stop words (a company literally
 * called "Limited Co") keeps them all as core and reports no legal form: its words are its identity. Stop words go
 * unless nothing else is left ("The De"), and Arabic name particles are merged before stop words are dropped,
 * because `el` is both the Spanish article and the article in Abd el-Aziz.
 */
export function normaliseName(raw: string): NormalisedName {
  return normaliseFolded(foldToAscii(raw), raw);
}

/** `normaliseName` of a name already folded (`foldToAscii(raw)`): a caller holding both folds it once. */
export function normaliseFolded(folded: string, raw: string): NormalisedName {
  if (folded === '') return { core: [], legal: [], key: '' };
  const tokens = folded.split(' ');
  return normaliseSplit(tokens, splitLegalForms(tokens, raw));
}

/** `normaliseFolded` of a name's folded words and their legal split, for a caller that needs the split too. */
export function normaliseSplit(tokens: readonly string[], split: LegalSplit): NormalisedName {
  if (tokens.length === 0) return { core: [], legal: [], key: '' };
  let legal = split.legal;
  let core = withoutStopWords(foldVariants(split.core));
  if (core === undefined && legal.length > 0) {
    legal = [];
    core = withoutStopWords(foldVariants(tokens));
  }
  core ??= foldVariants(tokens);
  return { core, legal, key: sortedKey(core) };
}

/** The words minus stop words (the same array when there are none), or undefined when nothing else remains. */
function withoutStopWords(words: string[]): string[] | undefined {
  let stops = 0;
  for (const word of words) if (STOP_WORDS.has(word)) stops++;
  if (stops === words.length) return undefined;
  if (stops === 0) return words;
  return words.filter((word) => !STOP_WORDS.has(word));
}

/** Sorted and space-joined; insertion sort because names have a handful of words and the default sort is slow. */
function sortedKey(core: readonly string[]): string {
  if (core.length === 1) return core[0] ?? '';
  const sorted = core.slice();
  for (let i = 1; i < sorted.length; i++) {
    const word = sorted[i] ?? '';
    let j = i - 1;
    while (j >= 0 && (sorted[j] ?? '') > word) {
      sorted[j + 1] = sorted[j] ?? '';
      j--;
    }
    sorted[j + 1] = word;
  }
  return sorted.join(' ');
}

/** The same function under the name call sites on the query side read best with: both sides must agree exactly. */
export const normaliseQuery: (raw: string) => NormalisedName = normaliseName;
