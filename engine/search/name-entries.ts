// What the name index is made of: entries (one per distinct name of an entity), their keys, and its stored parts.
import {
  consonantSkeleton,
  hasNonLatinLetters,
  nameSounds,
  normaliseName,
  otherReadings,
  type NormalisedName,
} from '../names/index.js';
import type { StringColumn } from '../store/string-column.js';
import { inEnglishWords } from '../resolution/generic-word-translations.js';

export interface NameEntry {
  entity: number;
  core: string;
  legal: string;
  /** The core's words sorted: its exact-match key (`NormalisedName.key`), the same whatever their order. */
  key: string;
  /** Written in another script than Latin: its hearing keys are also kept apart, for Latin queries to find. */
  native?: boolean;
}

/** Every entry as columns: millions of names load without an object (or a string) each. */
export interface NameEntryColumns {
  entity: Int32Array;
  core: StringColumn;
  /** Each entry's legal forms (space-separated) as a code into `legalForms`: a few hundred serve millions. */
  legalCode: Uint32Array;
  legalForms: string[];
}

/**
 * Hashes of keys in ascending order and the entry each belongs to, found by binary search. Hashes, not strings:
 * three or four keys per name would double the index's heap as strings, and a collision only adds a candidate
 * that scoring then drops.
 */
export interface HeardKeys {
  order: Uint32Array;
  hashes: Uint32Array;
}

/** What a snapshot stores of the name index, so that loading does not rebuild it. */
export interface NameIndexParts {
  entries: NameEntryColumns;
  /** Entry ids ordered by exact-match key, and those keys in the same order. */
  keyOrder: Uint32Array;
  keys: StringColumn;
  vocabulary: string[];
  /** How many entries carry each vocabulary word, in the vocabulary's order: how rare each word is. */
  wordEntries: Uint32Array;
  flexsearch: Array<[string, string]>;
  /** Entry ids under each of their hearing keys, ordered by the keys' hashes. */
  sounds: HeardKeys;
  /** The same for the names written in another script than Latin only: few, so cheap for every query to consult. */
  nativeSounds: HeardKeys;
}

/**
 * How FlexSearch indexes the core words of every entry. Legal-form words are not indexed: "limited" alone would
 * carry a posting list of millions of UK companies, slow every query and drown the words that matter. They are kept
 * per entry and only decide ties, so that an exact legal-form match still ranks first.
 */
export const NAME_FLEX_OPTIONS = {
  tokenize: 'strict' as const,
  resolution: 5,
  // A contextual index (word pairs within two positions, either order) answers multi-word names from one
  // pair list instead of intersecting the long lists of common words: measured 200× faster at 1M names.
  context: { depth: 2, bidirectional: true, resolution: 3 },
  encode: (text: string): string[] => text.split(' '),
  // Ids, words and word pairs spread over 2^8 Maps and Sets: one V8 Set holds at most 2^24 entries, and FlexSearch
  // keeps every name's id in one (measured: 17M names fail without it). Searches stay within microseconds.
  keystore: 8,
};

/** The exact-match key of a core name: its words in any order. */
export const nameKeyOf = (core: string): string => core.split(' ').sort().join(' ');

/** The exact-match key of a core name's words (left in their order): a sorted copy, joined. */
export const sortedWords = (words: readonly string[]): string => [...words].sort().join(' ');

/** Shortest consonant key worth a lookup: shorter ones are shared by too many names to single one out. */
const MIN_CONSONANTS = 4;

/**
 * The keys a name is found by when its words do not agree: its sounds; its letters run together (marked `=`, which
 * no sound code holds), so that 华为 read "hua wei" finds Huawei, too short to have a sound; and its consonants
 * (marked `#`), so that a name in an abjad, written without vowels (محمد علي, משה כהן), finds its Latin form.
 */
export function hearingKeys(core: readonly string[]): string[] {
  const keys = [...nameSounds(core), `=${core.join('')}`];
  const consonants = consonantSkeleton(core).replaceAll(' ', '');
  if (consonants.length >= MIN_CONSONANTS) keys.push(`#${consonants}`);
  return keys;
}

/**
 * A display name and its aliases as index entries: one per distinct normalised name with any core words, and one
 * per other reading of a name written in another script (otherReadings: 김정은 is also Kim Jong Un; inEnglishWords:
 * 华为技术 is also Huawei Technology), kept with the names written at home so that Latin queries consult it.
 * `normalise` is `normaliseName`, or a caller's that has some of the names normalised already.
 */
export function nameEntriesFor(
  entity: number,
  names: Iterable<string>,
  normalise: (name: string) => NormalisedName = normaliseName,
): NameEntry[] {
  const out: NameEntry[] = [];
  const seen = new Set<string>();
  const add = (name: string, native: boolean): void => {
    const n = normalise(name);
    const core = n.core.join(' ');
    const legal = n.legal.join(' ');
    const sig = `${core}|${legal}`;
    if (core === '' || seen.has(sig)) return;
    seen.add(sig);
    out.push(native ? { entity, core, legal, key: n.key, native: true } : { entity, core, legal, key: n.key });
  };
  for (const name of names) {
    if (!hasNonLatinLetters(name)) {
      add(name, false);
      continue;
    }
    add(name, true);
    for (const reading of otherReadings(name)) add(reading, true);
    const english = inEnglishWords(name);
    if (english !== null) add(english, true);
  }
  return out;
}
