// Records kept as their msgpack bytes in a few large buffers, decoded on demand: the heap holds no per-record objects.
import type { Unpackr } from 'msgpackr';
import { missing } from '../errors/missing.js';
import { PackedTail } from './packed-tail.js';
import { PagedColumn } from './paged-column.js';
import { MemoryShard, type ShardBytes } from './shard-bytes.js';
import { plainUnpackr, recordUnpackr, type RecordStructures } from './record-codec.js';

interface Shard {
  readonly bytes: ShardBytes;
  /** starts[i] is where record i begins; starts[count] is the end of the last record. */
  readonly starts: Uint32Array;
  readonly base: number;
}

/**
 * The snapshot's records stay in their shards. A live change appends a record (`append`) or a new version of one
 * (`replace`) to a packed tail: a store that no change touched reads exactly as it did.
 */
export class RecordStore<T> {
  readonly #shards: Shard[] = [];
  readonly #unpackr: Unpackr;
  #count = 0;
  /** Records from shards; indexes past it are live. */
  #sealedCount = 0;
  #tail: PackedTail<T> | null = null;
  /**
   * Per record, where the tail holds its newest version (-1: none, a snapshot record read from its shard). Pages,
   * not an array or a Map: growing those copies or places again every entry at once, a pause a search waiting
   * behind a live change feels (paged-column.ts); pages of the snapshot's records are allocated only where one was
   * replaced.
   */
  readonly #inTail = new PagedColumn((n) => new Int32Array(n), -1);

  /** `structures`: the family's record shapes from the manifest; without them, records are plain msgpack maps. */
  constructor(structures?: RecordStructures) {
    this.#unpackr = structures === undefined ? plainUnpackr() : recordUnpackr(structures);
  }

  /**
   * Adds a shard whose records begin at `starts` (one more entry than records: the end): its bytes in memory, or
   * where else they are kept (a snapshot file read a record at a time).
   */
  addShard(bytes: Buffer | ShardBytes, starts: Uint32Array): void {
    if (this.#count !== this.#sealedCount) throw new Error('RecordStore.addShard: records were already appended live');
    this.#shards.push({ bytes: Buffer.isBuffer(bytes) ? new MemoryShard(bytes) : bytes, starts, base: this.#count });
    this.#count += starts.length - 1;
    this.#sealedCount = this.#count;
  }

  /** Adds a record after the loaded ones; returns its index. */
  append(record: T): number {
    this.#inTail.set(this.#count, this.#tailOf().push(record));
    return this.#count++;
  }

  /** Replaces record `index` with a new version, seen by every later `get`. */
  replace(index: number, record: T): void {
    if (index < 0 || index >= this.#count)
      throw new RangeError(`RecordStore.replace: index ${index} out of range 0..${this.#count - 1}`);
    this.#inTail.set(index, this.#tailOf().push(record));
  }

  #tailOf(): PackedTail<T> {
    this.#tail ??= new PackedTail<T>();
    return this.#tail;
  }

  get size(): number {
    return this.#count;
  }

  /** Records loaded from shards: indexes below it are the snapshot's, those from it on were appended live. */
  get loaded(): number {
    return this.#sealedCount;
  }

  /** What the store holds in memory: shards kept in files count only their offsets. */
  get bytes(): number {
    let total = 0;
    for (const s of this.#shards) total += s.bytes.resident + s.starts.byteLength;
    return total + (this.#tail?.bytes ?? 0);
  }

  get(index: number): T {
    if (this.#tail !== null && index >= 0 && index < this.#count) {
      const at = this.#inTail.get(index);
      if (at >= 0) return this.#tail.get(at);
    }
    const shard = this.#shardOf(index);
    const local = index - shard.base;
    const start = shard.starts[local] ?? 0;
    const end = shard.starts[local + 1] ?? shard.bytes.length;
    return this.#unpackr.unpack(shard.bytes.slice(start, end)) as T;
  }

  #shardOf(index: number): Shard {
    if (index < 0 || index >= this.#count)
      throw new RangeError(`RecordStore.get: index ${index} out of range 0..${this.#count - 1}`);
    const shards = this.#shards;
    let lo = 0;
    let hi = shards.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((shards[mid] ?? missing('record shard')).base <= index) lo = mid;
      else hi = mid - 1;
    }
    return shards[lo] ?? missing('record shard');
  }
}

/** Collects record offsets while a shard is walked, for `RecordStore.addShard`. */
export class OffsetCollector {
  #starts: Uint32Array;
  #n = 0;

  constructor(expected: number) {
    this.#starts = new Uint32Array(expected + 1);
  }

  push(start: number, end: number): void {
    this.#starts[this.#n] = start;
    this.#n += 1;
    this.#starts[this.#n] = end;
  }

  finish(): Uint32Array {
    return this.#starts.subarray(0, this.#n + 1);
  }
}
