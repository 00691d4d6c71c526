// Name search: a FlexSearch inverted index over normalised core tokens, re-ranked by name similarity.
import { Index } from 'flexsearch';
import { missing } from '../errors/missing.js';
import { hashString } from '../store/string-hash.js';
import { IdIndex } from '../store/id-index.js';
import type { StringColumn } from '../store/string-column.js';
import { rarityWeight } from '../resolution/word-rarity.js';
import { NameIndexBuilder } from './name-index-builder.js';
import {
  hearingKeys,
  NAME_FLEX_OPTIONS,
  nameEntriesFor,
  type HeardKeys,
  type NameEntry,
  type NameIndexParts,
} from './name-entries.js';
import { LiveNames } from './live-names.js';
import { restoreTypedFlexIndex } from './typed-flex-index.js';
import { inEnglishWords } from '../resolution/generic-word-translations.js';
import {
  FuzzyVocabulary,
  hasNonLatinLetters,
  nameSimilarity,
  normaliseQuery,
  otherReadings,
  runTogetherSimilarity,
  type NormalisedName,
} from '../names/index.js';

/** Entity → best score as matches, best first, ties by entity order so results are stable; the first `limit`. */
function ranked(best: ReadonlyMap<number, number>, limit: number): NameMatch[] {
  return [...best]
    .map(([entity, score]) => ({ entity, score }))
    .sort((a, b) => b.score - a.score || a.entity - b.entity)
    .slice(0, limit);
}

/** How many FlexSearch candidates are re-ranked; more when filters will discard some. */
const POOL = 300;
const POOL_FILTERED = 3000;
const EXACT_CAP = 1000;
/** Candidates scoring below this are not a match by any reading of the query. */
const MIN_SCORE = 0.35;
const FUZZY_ALTERNATIVES = 4;
/** Names sharing one of the query's hearing keys taken at most: a common sound is shared by thousands. */
const SOUND_CAP = 100;
/** Below this best score of the query's words, names that sound alike or run together are looked for too. */
const HEARING_BELOW = 0.95;

export interface NameMatch {
  entity: number;
  score: number;
}

export type EntityFilter = (entity: number) => boolean;

export class NameIndex {
  readonly #flex: Index;
  readonly #entity: Int32Array;
  readonly #core: StringColumn;
  /** Each entry's legal forms as a code into `#legalForms`: a few hundred distinct lists serve millions of names. */
  readonly #legalCode: Uint32Array;
  readonly #legalForms: string[][];
  readonly #keys: StringColumn;
  /** Each distinct key's first position in `#keys`. */
  readonly #firstOfKey: IdIndex;
  readonly #keyEntries: Uint32Array;
  readonly #vocab: FuzzyVocabulary;
  readonly #wordEntries: Uint32Array;
  readonly #sounds: HeardKeys;
  readonly #nativeSounds: HeardKeys;
  /**
   * Names given after load (live changes): entries numbered on from the loaded ones, their words apart from the
   * loaded index's (adding a name to FlexSearch's maps of millions of words costs more than the rest of a change).
   */
  readonly #live = new LiveNames();

  private constructor(parts: NameIndexParts, flex: Index) {
    const { entity, core, legalCode, legalForms } = parts.entries;
    if (core.length !== entity.length || legalCode.length !== entity.length || parts.keys.length !== entity.length) {
      throw new Error(
        `NameIndex: ${entity.length} entities, ${core.length} core names, ${legalCode.length} legal forms and ${parts.keys.length} keys`,
      );
    }
    this.#entity = entity;
    this.#core = core;
    this.#legalCode = legalCode;
    this.#legalForms = legalForms.map((forms) => (forms === '' ? [] : forms.split(' ')));
    for (const code of legalCode)
      if (code >= legalForms.length) throw new Error(`NameIndex: legal forms code ${code} of ${legalForms.length}`);
    this.#keyEntries = parts.keyOrder;
    this.#keys = parts.keys;
    this.#firstOfKey = firstOfEachKey(parts.keys);
    this.#vocab = FuzzyVocabulary.fromSorted(parts.vocabulary);
    if (parts.wordEntries.length !== parts.vocabulary.length)
      throw new Error(`NameIndex: ${parts.vocabulary.length} words and ${parts.wordEntries.length} word counts`);
    this.#wordEntries = parts.wordEntries;
    this.#sounds = parts.sounds;
    this.#nativeSounds = parts.nativeSounds;
    this.#flex = flex;
  }

  /** Builds the index from scratch (snapshot build time). */
  static build(entries: readonly NameEntry[]): { index: NameIndex; parts: NameIndexParts } {
    const flex = new Index(NAME_FLEX_OPTIONS);
    const builder = new NameIndexBuilder(flex);
    for (const e of entries) builder.addEntry(e);
    const parts = builder.finish();
    const flexsearch: Array<[string, string]> = [];
    flex.export((key, data) => flexsearch.push([key, data]));
    const whole: NameIndexParts = { ...parts, flexsearch };
    // Served as a loaded snapshot serves it: the word lists in typed arrays.
    return { index: NameIndex.restore(whole), parts: whole };
  }

  /** Restores a prebuilt index (snapshot load time). */
  static restore(parts: NameIndexParts): NameIndex {
    return new NameIndex(parts, restoreTypedFlexIndex(parts.flexsearch));
  }

  /** Turns a display name and its aliases into index entries. */
  static entriesFor(entity: number, names: Iterable<string>): NameEntry[] {
    return nameEntriesFor(entity, names);
  }

  get entries(): number {
    return this.#entity.length + this.#live.size;
  }

  /**
   * Gives entity `entity` these names from now on (a live change): they are searchable at once, and the names it
   * had before (loaded or live) are no longer found. A word first seen here is matched exactly, not by spelling.
   * `normalise`, when given, answers as `normaliseName` does, from names the caller has normalised already.
   */
  setNames(entity: number, names: Iterable<string>, normalise?: (name: string) => NormalisedName): void {
    this.#live.replace(entity, nameEntriesFor(entity, names, normalise));
  }

  /**
   * How much `word` says about which entity a name means, 0..1, by how many of the index's names carry it (the
   * inverse document frequency, scaled so that a word of one name weighs 1). A word no loaded name has weighs 1.
   */
  wordWeight(word: string): number {
    const at = this.#vocab.indexOf(word);
    return at < 0 ? 1 : rarityWeight(this.#wordEntries[at] ?? 1, this.#entity.length);
  }

  get vocabularySize(): number {
    return this.#vocab.size;
  }

  /** Entities whose name or alias normalises to exactly the query's key (any word order). */
  exact(query: string, limit = EXACT_CAP): number[] {
    return this.exactByKey(normaliseQuery(query).key, limit);
  }

  /** Entities with a name whose exact-match key (`NormalisedName.key`) is `key`: for a caller holding it already. */
  exactByKey(key: string, limit = EXACT_CAP): number[] {
    if (key === '') return [];
    const out: number[] = [];
    // Plain loops, no generator: a live change looks up every name it adds.
    for (
      let i = this.#firstOfKey.get(key) ?? this.#keys.length;
      i < this.#keys.length && this.#keys.equals(i, key) && out.length < limit;
      i++
    ) {
      const entity = this.#entityOf(this.#keyEntries[i] ?? missing('name key entry'));
      if (entity !== undefined) out.push(entity);
    }
    if (out.length >= limit) return out;
    for (const live of this.#live.withKey(key, limit)) {
      const entity = this.#live.entityOf(live);
      if (entity !== undefined && out.length < limit) out.push(entity);
    }
    return out;
  }

  /**
   * Ranked matches, best first; ties broken by entity order so results are stable. A query in another script is also
   * searched in its other readings (三菱商事 as Japanese, mitsubishi shoji, not only as Chinese), as names are indexed.
   */
  search(query: string, limit: number, filter?: EntityFilter): NameMatch[] {
    const found = this.#searchOne(query, limit, filter);
    if (!hasNonLatinLetters(query)) return found;
    // Each reading also with its common words said in English: 현대자동차 is hyeondae jadongcha, and Hyundai Motor.
    const read = [query, ...otherReadings(query)];
    const readings = [...read.slice(1), ...read.map(inEnglishWords).filter((r): r is string => r !== null)];
    if (readings.length === 0) return found;
    const best = new Map(found.map((m) => [m.entity, m.score]));
    for (const reading of readings)
      for (const m of this.#searchOne(reading, limit, filter, true))
        if ((best.get(m.entity) ?? -1) < m.score) best.set(m.entity, m.score);
    return ranked(best, limit);
  }

  /**
   * One reading of the query. `hearAll` listens to every name, not only to those written in another script: a reading
   * finds its own native name at once, and the Latin names it sounds like only by ear (mitsubishishoji).
   */
  #searchOne(query: string, limit: number, filter?: EntityFilter, hearAll = false): NameMatch[] {
    const q = normaliseQuery(query);
    if (q.core.length === 0) return [];
    const pool = new Set<number>();
    for (
      let i = this.#firstOfKey.get(q.key) ?? this.#keys.length;
      i < this.#keys.length && this.#keys.equals(i, q.key) && pool.size < EXACT_CAP;
      i++
    )
      pool.add(this.#keyEntries[i] ?? missing('name key entry'));
    for (const live of this.#live.withKey(q.key, EXACT_CAP))
      if (pool.size < EXACT_CAP) pool.add(this.#entity.length + live);
    // A Set iterates in insertion order: the first `exact` entries of the pool are those with the query's key.
    const exact = pool.size;
    const terms: string[] = [];
    for (const t of q.core) {
      if (this.#vocab.has(t) || this.#live.hasWord(t)) terms.push(t);
      else terms.push(...this.#vocab.near(t).slice(0, FUZZY_ALTERNATIVES));
    }
    const poolSize = filter === undefined ? POOL : POOL_FILTERED;
    if (terms.length > 0) this.#wordSearch(terms.join(' '), poolSize, true, pool);
    // Few candidates: a word may be misspelt or out of place, so also take names sharing any single word.
    if (pool.size < poolSize / 4 && terms.length > 1) {
      const each = Math.ceil(poolSize / terms.length);
      for (const t of terms) this.#wordSearch(t, each, false, pool);
    }
    const best = new Map<number, number>();
    let top = 0;
    const consider = (entry: number, isExact: boolean, heard: boolean): void => {
      const entity = this.#entityOf(entry);
      if (entity === undefined) return;
      if (filter !== undefined && !filter(entity)) return;
      const candidate = this.#normalised(entry, isExact ? q.key : '');
      const words = nameSimilarity(q, candidate);
      const score = heard ? Math.max(words, runTogetherSimilarity(q, candidate, words)) : words;
      if (score < MIN_SCORE) return;
      if (score > top) top = score;
      const prev = best.get(entity);
      if (prev === undefined || score > prev) best.set(entity, score);
    };
    let at = 0;
    for (const entry of pool) consider(entry, at++ < exact, false);
    // Names that sound the same or run together: another script's reading, other word breaks. Names written in
    // another script are always looked for (few); all names only when the query is in another script itself or its
    // words found nothing close, so that a query whose words match costs nothing more.
    const everyName = hearAll || top < HEARING_BELOW || hasNonLatinLetters(query);
    for (const code of hearingKeys(q.core)) {
      for (const entry of this.#soundEntries(this.#nativeSounds, code))
        if (!pool.has(entry)) consider(entry, false, true);
      if (everyName)
        for (const entry of this.#soundEntries(this.#sounds, code)) if (!pool.has(entry)) consider(entry, false, true);
    }
    return ranked(best, limit);
  }

  /**
   * Adds to `pool` up to `limit` loaded entries with the words of `text` (with `suggest`, also those with some of
   * them), then up to `limit` live ones with all of them and, with `suggest`, a share of `limit` for each word.
   * Live names have no suggestions like FlexSearch's, which walk the whole posting list of every word: live names
   * can repeat a common word tens of thousands of times (a day's new companies "… TRADING LIMITED"). Asked word by
   * word, the live names read only the entries they return, and find what the all-words search cannot: names whose
   * words stand apart, or a misspelt word's alternatives (no name holds two of them).
   */
  #wordSearch(text: string, limit: number, suggest: boolean, pool: Set<number>): void {
    const add = (ids: Iterable<number | string>): void => {
      for (const id of ids) pool.add(typeof id === 'number' ? id : missing('numeric name entry id'));
    };
    add(this.#flex.search(text, { limit, suggest }));
    if (this.#live.size === 0) return;
    const base = this.#entity.length;
    const addLive = (entries: readonly number[]): void => {
      for (const n of entries) pool.add(base + n);
    };
    const words = text.split(' ');
    addLive(this.#live.withWords(words, limit));
    if (!suggest || words.length < 2) return;
    const each = Math.ceil(limit / words.length);
    for (const word of words) addLive(this.#live.withWords([word], each));
  }

  /**
   * A candidate as the scorer reads it. Its key only serves the scorer's equal-keys shortcut, so the caller passes
   * the query's key for the entries found by key and '' for the others: reading each candidate's own key costs two
   * more cache misses per candidate, and equal keys mean equal words, which token matching scores 1 anyway.
   */
  #normalised(entry: number, key: string): NormalisedName {
    const base = this.#entity.length;
    if (entry >= base)
      return { core: this.#live.core(entry - base).split(' '), legal: this.#live.legal(entry - base), key };
    return {
      core: (this.#core.at(entry) ?? missing('core name')).split(' '),
      legal: this.#legalForms[this.#legalCode[entry] ?? missing('legal forms code')] ?? missing('legal forms'),
      key,
    };
  }

  /** The entity an entry names, or undefined when that name was replaced by a live change. */
  #entityOf(entry: number): number | undefined {
    const base = this.#entity.length;
    if (entry >= base) return this.#live.entityOf(entry - base);
    const entity = this.#entity[entry] ?? missing('name entity');
    return this.#live.renamed(entity) ? undefined : entity;
  }

  /** Up to SOUND_CAP entries whose name has the sound `code`: the loaded ones, then the live ones. */
  *#soundEntries(keys: HeardKeys, code: string): Generator<number> {
    const { order, hashes } = keys;
    const hash = hashString(code);
    let n = 0;
    for (let i = hashLowerBound(hashes, hash); i < hashes.length && hashes[i] === hash && n < SOUND_CAP; i++, n++)
      yield order[i] ?? missing('name sound entry');
    const base = this.#entity.length;
    // A common sound is shared by thousands of live names too: stop at the cap rather than walk past it.
    for (const live of this.#live.withSound(code, SOUND_CAP - n)) yield base + live;
  }
}

/**
 * The first position of each distinct key of `keys` (sorted, so a key's entries are adjacent), found by hash: every
 * name a live change adds is looked up by its key, and a binary search of the keys' column was 20-odd probes into
 * it, each a cache miss (2.2 µs of the ~42 µs an event costs the event loop, measured at 1M entities).
 */
function firstOfEachKey(keys: StringColumn): IdIndex {
  const index = new IdIndex(keys, keys.length);
  // A key already there is not added again (IdIndex.add), so each keeps its first position.
  for (let i = 0; i < keys.length; i++) index.add(i);
  return index;
}

/** The first position in ascending `hashes` whose hash is not below `hash`. */
function hashLowerBound(hashes: Uint32Array, hash: number): number {
  let lo = 0;
  let hi = hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((hashes[mid] ?? 0) < hash) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
