// Builds the name index's parts an entry at a time, as columns; each name's words go to a word index it is given.
import { missing } from '../errors/missing.js';
import { hashString } from '../store/string-hash.js';
import { grown } from '../store/grown.js';
import { HashColumn } from '../store/hash-column.js';
import { StringColumn } from '../store/string-column.js';
import { hearingKeys, nameKeyOf, type HeardKeys, type NameEntry, type NameIndexParts } from './name-entries.js';

/** Ordered by hash, then by entry (entries were pushed in order). */
function heardKeys(column: HashColumn): HeardKeys {
  const order = column.order();
  const hashes = column.hashes;
  return {
    order: Uint32Array.from(order, (k) => column.owner(k)),
    hashes: Uint32Array.from(order, (k) => hashes[k] ?? missing('sound hash')),
  };
}

/** The word index of names (FlexSearch): what the builder adds each name's core to, by entry number. */
export interface NameWordIndex {
  add(entry: number, core: string): void;
}

/**
 * A build adds millions of names: each is indexed as it comes and kept only as text and a slot of typed columns,
 * not as an object or a string (at 20M names, objects and the copies a one-shot build made were gigabytes).
 */
export class NameIndexBuilder {
  readonly #words: NameWordIndex;
  #entity = new Int32Array(1024);
  readonly #core = new StringColumn();
  #legalCode = new Uint32Array(1024);
  /** Codes of the distinct lists of legal forms: a few hundred serve millions of names. */
  readonly #legalForms = new Map<string, number>();
  readonly #wordEntries = new Map<string, number>();
  readonly #sounds = new HashColumn();
  readonly #nativeSounds = new HashColumn();

  /**
   * `words`: where each name's core is indexed by its words; a snapshot build gives one in a thread of its own, which
   * writes its own export (snapshots/build/name-words-thread.ts).
   */
  constructor(words: NameWordIndex) {
    this.#words = words;
  }

  get size(): number {
    return this.#core.length;
  }

  addEntry(e: NameEntry): void {
    const i = this.#core.length;
    if (i === this.#entity.length) {
      this.#entity = grown(this.#entity, i * 2, (n) => new Int32Array(n));
      this.#legalCode = grown(this.#legalCode, i * 2, (n) => new Uint32Array(n));
    }
    this.#entity[i] = e.entity;
    this.#core.push(e.core);
    let legal = this.#legalForms.get(e.legal);
    if (legal === undefined) this.#legalForms.set(e.legal, (legal = this.#legalForms.size));
    this.#legalCode[i] = legal;
    if (e.core === '') return;
    this.#words.add(i, e.core);
    const words = e.core.split(' ');
    for (const t of new Set(words)) this.#wordEntries.set(t, (this.#wordEntries.get(t) ?? 0) + 1);
    for (const code of hearingKeys(words)) {
      const hash = hashString(code);
      this.#sounds.push(hash, i);
      if (e.native === true) this.#nativeSounds.push(hash, i);
    }
  }

  /** The parts but the word index, whose owner exports it. */
  finish(): Omit<NameIndexParts, 'flexsearch'> {
    const core = this.#core;
    const vocabulary = [...this.#wordEntries.keys()].sort();
    // The keys are sorted as strings (a comparison sort reading them from a column would decode each ~50 times),
    // then kept as a column.
    const keys = Array.from(core, nameKeyOf);
    const keyOrder = Uint32Array.from(keys.keys()).sort((a, b) => {
      const ka = keys[a] ?? missing('name key');
      const kb = keys[b] ?? missing('name key');
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
    const sortedKeys = new StringColumn(keys.length, core.bytes);
    for (const entry of keyOrder) sortedKeys.push(keys[entry] ?? missing('name key'));
    keys.length = 0;
    return {
      entries: {
        entity: this.#entity.slice(0, core.length),
        core,
        legalCode: this.#legalCode.slice(0, core.length),
        legalForms: [...this.#legalForms.keys()],
      },
      keyOrder,
      keys: sortedKeys,
      vocabulary,
      wordEntries: Uint32Array.from(vocabulary, (t) => this.#wordEntries.get(t) ?? 0),
      sounds: heardKeys(this.#sounds),
      nativeSounds: heardKeys(this.#nativeSounds),
    };
  }
}
