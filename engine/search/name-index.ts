// Name search: a FlexSearch inverted index over normalised core tokens, re-ranked by name similarity.
import { Index } from 'flexsearch';
import { missing } from '../errors/missing.js';
import { FuzzyVocabulary, nameSimilarity, normaliseName, normaliseQuery, type NormalisedName } from '../names/index.js';

/**
 * Legal-form words are not indexed: "limited" alone would carry a posting list of millions of UK
 * companies, slow every query and drown the words that matter. They are kept per entry and only
 * decide ties, so that an exact legal-form match still ranks first.
 */
const indexOptions = {
  tokenize: 'strict' as const,
  resolution: 5,
  // A contextual index (word pairs within two positions, either order) answers multi-word names from one
  // pair list instead of intersecting the long lists of common words: measured 200× faster at 1M names.
  context: { depth: 2, bidirectional: true, resolution: 3 },
  encode: (text: string): string[] => text.split(' '),
};

/** How many FlexSearch candidates are re-ranked; more when filters will discard some. */
const POOL = 300;
const POOL_FILTERED = 3000;
const EXACT_CAP = 1000;
/** Candidates scoring below this are not a match by any reading of the query. */
const MIN_SCORE = 0.35;
const FUZZY_ALTERNATIVES = 4;

export interface NameEntry {
  entity: number;
  core: string;
  legal: string;
}

/** Every entry as columns: millions of names load without an object each. */
export interface NameEntryColumns {
  entity: Int32Array;
  core: string[];
  legal: string[];
}

/** What a snapshot stores of the name index, so that loading does not rebuild it. */
export interface NameIndexParts {
  entries: NameEntryColumns;
  /** Entry ids ordered by exact-match key, and those keys in the same order. */
  keyOrder: Uint32Array;
  keys: string[];
  vocabulary: string[];
  flexsearch: Array<[string, string]>;
}

export interface NameMatch {
  entity: number;
  score: number;
}

export type EntityFilter = (entity: number) => boolean;

const keyOf = (core: string): string => core.split(' ').sort().join(' ');

export class NameIndex {
  readonly #flex: Index;
  readonly #entity: Int32Array;
  readonly #core: string[];
  /** Each entry's legal forms as a code into `#legalForms`: a few hundred distinct lists serve millions of names. */
  readonly #legalCode: Uint32Array;
  readonly #legalForms: string[][] = [];
  readonly #keys: string[];
  readonly #keyEntries: Uint32Array;
  readonly #vocab: FuzzyVocabulary;

  private constructor(parts: NameIndexParts, flex: Index) {
    const { entity, core, legal } = parts.entries;
    if (core.length !== entity.length || legal.length !== entity.length) {
      throw new Error(
        `NameIndex: ${entity.length} entities, ${core.length} core names and ${legal.length} legal forms`,
      );
    }
    this.#entity = entity;
    this.#core = core;
    this.#legalCode = new Uint32Array(entity.length);
    const legalCodes = new Map<string, number>();
    for (let i = 0; i < legal.length; i++) {
      const forms = legal[i] ?? missing('legal forms');
      let code = legalCodes.get(forms);
      if (code === undefined) {
        code = this.#legalForms.push(forms === '' ? [] : forms.split(' ')) - 1;
        legalCodes.set(forms, code);
      }
      this.#legalCode[i] = code;
    }
    this.#keyEntries = parts.keyOrder;
    this.#keys = parts.keys;
    this.#vocab = FuzzyVocabulary.fromSorted(parts.vocabulary);
    this.#flex = flex;
  }

  /** Builds the index from scratch (snapshot build time). */
  static build(entries: NameEntry[]): { index: NameIndex; parts: NameIndexParts } {
    const flex = new Index(indexOptions);
    const vocabulary = new Set<string>();
    entries.forEach((e, i) => {
      if (e.core === '') return;
      flex.add(i, e.core);
      for (const t of e.core.split(' ')) vocabulary.add(t);
    });
    const keys = entries.map((e) => keyOf(e.core));
    const keyOrder = Uint32Array.from(entries.keys()).sort((a, b) => {
      const ka = keys[a] ?? missing('name key');
      const kb = keys[b] ?? missing('name key');
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
    const flexsearch: Array<[string, string]> = [];
    flex.export((key: string, data: string) => {
      flexsearch.push([key, data]);
    });
    const sortedKeys = Array.from(keyOrder, (entry) => keys[entry] ?? missing('name key'));
    const columns: NameEntryColumns = {
      entity: Int32Array.from(entries, (e) => e.entity),
      core: entries.map((e) => e.core),
      legal: entries.map((e) => e.legal),
    };
    const parts: NameIndexParts = {
      entries: columns,
      keyOrder,
      keys: sortedKeys,
      vocabulary: [...vocabulary].sort(),
      flexsearch,
    };
    return { index: new NameIndex(parts, flex), parts };
  }

  /** Restores a prebuilt index (snapshot load time). */
  static restore(parts: NameIndexParts): NameIndex {
    const flex = new Index(indexOptions);
    for (const [key, data] of parts.flexsearch) flex.import(key, data);
    return new NameIndex(parts, flex);
  }

  /** Turns a display name and its aliases into index entries. */
  static entriesFor(entity: number, names: Iterable<string>): NameEntry[] {
    const out: NameEntry[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const n = normaliseName(name);
      const core = n.core.join(' ');
      const legal = n.legal.join(' ');
      const sig = `${core}|${legal}`;
      if (core === '' || seen.has(sig)) continue;
      seen.add(sig);
      out.push({ entity, core, legal });
    }
    return out;
  }

  get entries(): number {
    return this.#entity.length;
  }

  get vocabularySize(): number {
    return this.#vocab.size;
  }

  /** Entities whose name or alias normalises to exactly the query's key (any word order). */
  exact(query: string, limit = EXACT_CAP): number[] {
    const key = normaliseQuery(query).key;
    if (key === '') return [];
    const out: number[] = [];
    for (let i = this.#lowerBound(key); i < this.#keys.length && this.#keys[i] === key && out.length < limit; i++) {
      out.push(this.#entity[this.#keyEntries[i] ?? missing('name key entry')] ?? missing('name entity'));
    }
    return out;
  }

  /** Ranked matches, best first; ties broken by entity order so results are stable. */
  search(query: string, limit: number, filter?: EntityFilter): NameMatch[] {
    const q = normaliseQuery(query);
    if (q.core.length === 0) return [];
    const pool = new Set<number>();
    for (
      let i = this.#lowerBound(q.key);
      i < this.#keys.length && this.#keys[i] === q.key && pool.size < EXACT_CAP;
      i++
    ) {
      pool.add(this.#keyEntries[i] ?? missing('name key entry'));
    }
    // A Set iterates in insertion order: the first `exact` entries of the pool are those with the query's key.
    const exact = pool.size;
    const terms: string[] = [];
    for (const t of q.core) {
      if (this.#vocab.has(t)) terms.push(t);
      else terms.push(...this.#vocab.near(t).slice(0, FUZZY_ALTERNATIVES));
    }
    const poolSize = filter === undefined ? POOL : POOL_FILTERED;
    if (terms.length > 0) {
      for (const id of this.#flex.search(terms.join(' '), { limit: poolSize, suggest: true }))
        pool.add(typeof id === 'number' ? id : missing('numeric name entry id'));
    }
    // Few candidates: a word may be misspelt or out of place, so also take names sharing any single word.
    if (pool.size < poolSize / 4 && terms.length > 1) {
      const each = Math.ceil(poolSize / terms.length);
      for (const t of terms)
        for (const id of this.#flex.search(t, { limit: each }))
          pool.add(typeof id === 'number' ? id : missing('numeric name entry id'));
    }
    const best = new Map<number, number>();
    let at = 0;
    for (const entry of pool) {
      const isExact = at++ < exact;
      const entity = this.#entity[entry] ?? missing('name entity');
      if (filter !== undefined && !filter(entity)) continue;
      const score = nameSimilarity(q, this.#normalised(entry, isExact ? q.key : ''));
      if (score < MIN_SCORE) continue;
      const prev = best.get(entity);
      if (prev === undefined || score > prev) best.set(entity, score);
    }
    return [...best]
      .map(([entity, score]) => ({ entity, score }))
      .sort((a, b) => b.score - a.score || a.entity - b.entity)
      .slice(0, limit);
  }

  /**
   * A candidate as the scorer reads it. Its key only serves the scorer's equal-keys shortcut, so the caller passes
   * the query's key for the entries found by key and '' for the others: reading each candidate's own key costs two
   * more cache misses per candidate, and equal keys mean equal words, which token matching scores 1 anyway.
   */
  #normalised(entry: number, key: string): NormalisedName {
    return {
      core: (this.#core[entry] ?? missing('core name')).split(' '),
      legal: this.#legalForms[this.#legalCode[entry] ?? missing('legal forms code')] ?? missing('legal forms'),
      key,
    };
  }

  #lowerBound(key: string): number {
    const keys = this.#keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? missing('name key')) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
