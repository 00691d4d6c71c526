// A string-keyed map split across several Maps, because one V8 Map holds at most 2^24 entries.
import { missing } from '../errors/missing.js';

/** Entries per Map before the next one is started: well under V8's limit of 2^24 (16,777,216). */
const SHARD_LIMIT = 8_000_000;

/**
 * Grows a Map at a time, so that nothing need be known of its size beforehand: a key stays in the Map it was first
 * set in, and new keys go to the newest Map. A lookup tries each Map in turn, one for the first 8M keys.
 */
export class ShardedMap<V> {
  readonly #shards: Map<string, V>[] = [new Map<string, V>()];
  readonly #limit: number;

  /** `shardLimit`: entries per Map (a test's small number shows the growing without millions of keys). */
  constructor(shardLimit = SHARD_LIMIT) {
    this.#limit = shardLimit;
  }

  #holding(key: string): Map<string, V> | undefined {
    for (const shard of this.#shards) if (shard.has(key)) return shard;
    return undefined;
  }

  get(key: string): V | undefined {
    const shards = this.#shards;
    for (let i = 0; i < shards.length; i++) {
      const value = (shards[i] ?? missing('map shard')).get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.#holding(key) !== undefined;
  }

  set(key: string, value: V): this {
    const only = this.#shards.length === 1 ? this.#shards[0] : undefined;
    if (only !== undefined && (only.size < this.#limit || only.has(key))) {
      only.set(key, value);
      return this;
    }
    const held = this.#holding(key);
    if (held !== undefined) {
      held.set(key, value);
      return this;
    }
    let newest = this.#shards[this.#shards.length - 1] ?? missing('map shard');
    if (newest.size >= this.#limit) this.#shards.push((newest = new Map<string, V>()));
    newest.set(key, value);
    return this;
  }

  get size(): number {
    let n = 0;
    for (const s of this.#shards) n += s.size;
    return n;
  }
}
