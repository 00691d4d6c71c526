// A string-keyed map split across several Maps, because one V8 Map holds at most 2^24 entries.
import { missing } from '../errors/missing.js';

const SHARD_LIMIT = 8_000_000;

export class ShardedMap<V> {
  readonly #shards: Map<string, V>[];

  /** `expected` sizes the number of shards so that none approaches V8's per-Map limit. */
  constructor(expected = 0) {
    const n = Math.max(1, Math.ceil(expected / SHARD_LIMIT));
    this.#shards = Array.from({ length: n }, () => new Map<string, V>());
  }

  #shard(key: string): Map<string, V> {
    const shards = this.#shards;
    if (shards.length === 1) return shards[0] ?? missing('map shard');
    // FNV-1a over the key: cheap, and spreads namespace-prefixed ids evenly.
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
    return shards[(h >>> 0) % shards.length] ?? missing('map shard');
  }

  get(key: string): V | undefined {
    return this.#shard(key).get(key);
  }

  has(key: string): boolean {
    return this.#shard(key).has(key);
  }

  set(key: string, value: V): this {
    this.#shard(key).set(key, value);
    return this;
  }

  get size(): number {
    let n = 0;
    for (const s of this.#shards) n += s.size;
    return n;
  }
}
