// The names given after load (live changes), apart from the loaded index: their exact keys, sounds and words.
//
// Entries are numbered from 0 here (the name index adds the loaded count). An entity's earlier live entries are
// retired when it is named again, and its loaded entries stop counting once it is named live at all. Every list is
// a chain in typed arrays (chained-postings.ts): a stream adds a name or two per event, a million events hundreds of
// thousands of keys, and a search reads only the entries it returns.
import { missing } from '../errors/missing.js';
import { PagedColumn } from '../store/paged-column.js';
import { PagedList } from '../store/paged-list.js';
import { ChainedPostings } from './chained-postings.js';
import { hearingKeys, type NameEntry } from './name-entries.js';

/**
 * The most entries of the rarest word of a query read to find those holding its other words: a query made only of
 * words that thousands of live names share ("… TRADING") stops there rather than walk them all.
 */
const SCAN_CAP = 1_000;

/** The entity of an entry retired when its entity was named again. */
const RETIRED = -1;

/** Whether space-separated `text` holds `word` as a whole word. */
function holdsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || text.charCodeAt(at - 1) === 32) && (end === text.length || text.charCodeAt(end) === 32))
      return true;
  }
  return false;
}

export class LiveNames {
  /** Entry → its entity, or RETIRED. */
  readonly #entity = new PagedColumn((n) => new Int32Array(n), RETIRED);
  readonly #core = new PagedList<string>();
  readonly #legal = new PagedList<string>();
  /** Entity → its first live entry, or -1: the entries of one naming are added together, one after another. */
  readonly #firstOf = new PagedColumn((n) => new Int32Array(n), -1);
  readonly #byKey = new ChainedPostings();
  readonly #bySound = new ChainedPostings();
  readonly #byWord = new ChainedPostings();

  get size(): number {
    return this.#entity.length;
  }

  /** Retires the entity's live entries and adds these; returns the new entries' numbers. */
  replace(entity: number, entries: readonly NameEntry[]): number[] {
    const first = this.#firstOf.get(entity);
    if (first >= 0)
      for (let n = first; n < this.#entity.length && this.#entity.get(n) === entity; n++) this.#entity.set(n, RETIRED);
    this.#firstOf.set(entity, this.#entity.length);
    const added: number[] = [];
    for (const e of entries) {
      const n = this.#entity.push(entity);
      this.#core.push(e.core);
      this.#legal.push(e.legal);
      const words = e.core.split(' ');
      this.#byKey.add(e.key, n);
      for (const code of hearingKeys(words)) this.#bySound.add(code, n);
      words.forEach((w, at) => {
        if (words.indexOf(w) === at) this.#byWord.add(w, n);
      });
      added.push(n);
    }
    return added;
  }

  renamed(entity: number): boolean {
    return this.#firstOf.get(entity) >= 0;
  }

  /** The entity of entry `n`, or undefined once it is retired (or when there is no such entry). */
  entityOf(n: number): number | undefined {
    const entity = this.#entity.get(n);
    return entity === RETIRED ? undefined : entity;
  }

  core(n: number): string {
    return this.#core.at(n) ?? missing('live core name');
  }

  legal(n: number): string[] {
    const forms = this.#legal.at(n) ?? missing('live legal forms');
    return forms === '' ? [] : forms.split(' ');
  }

  /** Entries whose exact-match key is `key`, newest first, at most `limit`. */
  withKey(key: string, limit = Infinity): number[] {
    return this.#byKey.values(key, limit);
  }

  /** Entries with the hearing key `code`, newest first, at most `limit`. */
  withSound(code: string, limit = Infinity): number[] {
    return this.#bySound.values(code, limit);
  }

  hasWord(word: string): boolean {
    return this.#byWord.has(word);
  }

  /**
   * Up to `limit` entries whose name holds every one of `words`, newest first: the entries of the rarest word, each
   * read for the others (at most SCAN_CAP of them).
   */
  withWords(words: readonly string[], limit: number): number[] {
    let rarest = words[0];
    if (rarest === undefined) return [];
    for (const w of words) if (this.#byWord.count(w) < this.#byWord.count(rarest)) rarest = w;
    if (words.length === 1 || this.#byWord.count(rarest) === 0) return this.#byWord.values(rarest, limit);
    const others = words.filter((w) => w !== rarest);
    const out: number[] = [];
    let read = 0;
    for (
      let p = this.#byWord.first(rarest);
      p >= 0 && out.length < limit && read < SCAN_CAP;
      p = this.#byWord.next(p)
    ) {
      read++;
      const n = this.#byWord.value(p);
      const core = this.#core.at(n) ?? '';
      if (others.every((w) => holdsWord(core, w))) out.push(n);
    }
    return out;
  }
}
