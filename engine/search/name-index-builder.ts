// Builds the name index's parts an entry at a time, as columns, with FlexSearch's export handed on as it is made.
import { Index } from 'flexsearch';
import { missing } from '../errors/missing.js';
import { hashString } from '../store/string-hash.js';
import { grown } from '../store/grown.js';
import { HashColumn } from '../store/hash-column.js';
import {
  hearingKeys,
  NAME_FLEX_OPTIONS,
  nameKeyOf,
  type HeardKeys,
  type NameEntry,
  type NameIndexParts,
} from './name-entries.js';

/** Ordered by hash, then by entry (entries were pushed in order). */
function heardKeys(column: HashColumn): HeardKeys {
  const order = column.order();
  const hashes = column.hashes;
  return {
    order: Uint32Array.from(order, (k) => column.owner(k)),
    hashes: Uint32Array.from(order, (k) => hashes[k] ?? missing('sound hash')),
  };
}

/**
 * A build adds millions of names: each is indexed as it comes and kept only as its strings and a slot of typed
 * columns, not as an object (at 20M names, objects and the copies a one-shot build made were gigabytes). `finish`
 * hands FlexSearch's export on chunk by chunk, so that a writer need not hold it whole.
 */
export class NameIndexBuilder {
  readonly #flex = new Index(NAME_FLEX_OPTIONS);
  #entity = new Int32Array(1024);
  readonly #core: string[] = [];
  readonly #legal: string[] = [];
  /** One string per distinct list of legal forms: a few hundred serve millions of names. */
  readonly #legalForms = new Map<string, string>();
  readonly #wordEntries = new Map<string, number>();
  readonly #sounds = new HashColumn();
  readonly #nativeSounds = new HashColumn();

  get size(): number {
    return this.#core.length;
  }

  addEntry(e: NameEntry): void {
    const i = this.#core.length;
    if (i === this.#entity.length) this.#entity = grown(this.#entity, i * 2, (n) => new Int32Array(n));
    this.#entity[i] = e.entity;
    this.#core.push(e.core);
    let legal = this.#legalForms.get(e.legal);
    if (legal === undefined) this.#legalForms.set(e.legal, (legal = e.legal));
    this.#legal.push(legal);
    if (e.core === '') return;
    this.#flex.add(i, e.core);
    const words = e.core.split(' ');
    for (const t of new Set(words)) this.#wordEntries.set(t, (this.#wordEntries.get(t) ?? 0) + 1);
    for (const code of hearingKeys(words)) {
      const hash = hashString(code);
      this.#sounds.push(hash, i);
      if (e.native === true) this.#nativeSounds.push(hash, i);
    }
  }

  /** The parts but FlexSearch's export, which goes to `exported` a chunk at a time; and the live FlexSearch index. */
  finish(exported: (key: string, data: string) => void): {
    parts: Omit<NameIndexParts, 'flexsearch'>;
    flex: Index;
  } {
    const core = this.#core;
    const vocabulary = [...this.#wordEntries.keys()].sort();
    const keys = core.map(nameKeyOf);
    const keyOrder = Uint32Array.from(keys.keys()).sort((a, b) => {
      const ka = keys[a] ?? missing('name key');
      const kb = keys[b] ?? missing('name key');
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
    const sortedKeys = Array.from(keyOrder, (entry) => keys[entry] ?? missing('name key'));
    keys.length = 0;
    this.#flex.export(exported);
    return {
      parts: {
        entries: { entity: this.#entity.slice(0, core.length), core, legal: this.#legal },
        keyOrder,
        keys: sortedKeys,
        vocabulary,
        wordEntries: Uint32Array.from(vocabulary, (t) => this.#wordEntries.get(t) ?? 0),
        sounds: heardKeys(this.#sounds),
        nativeSounds: heardKeys(this.#nativeSounds),
      },
      flex: this.#flex,
    };
  }
}
