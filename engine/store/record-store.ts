// Records kept as their msgpack bytes in a few large buffers, decoded on demand: the heap holds no per-record objects.
import type { Unpackr } from 'msgpackr';
import { missing } from '../errors/missing.js';
import { plainUnpackr, recordUnpackr, type RecordStructures } from './record-codec.js';

interface Shard {
  readonly buf: Buffer;
  /** starts[i] is where record i begins; starts[count] is the end of the last record. */
  readonly starts: Uint32Array;
  readonly base: number;
}

export class RecordStore<T> {
  readonly #shards: Shard[] = [];
  readonly #unpackr: Unpackr;
  #count = 0;

  /** `structures`: the family's record shapes from the manifest; without them, records are plain msgpack maps. */
  constructor(structures?: RecordStructures) {
    this.#unpackr = structures === undefined ? plainUnpackr() : recordUnpackr(structures);
  }

  /** Adds a shard whose records begin at `starts` (one more entry than records: the end). */
  addShard(buf: Buffer, starts: Uint32Array): void {
    this.#shards.push({ buf, starts, base: this.#count });
    this.#count += starts.length - 1;
  }

  get size(): number {
    return this.#count;
  }

  get bytes(): number {
    let total = 0;
    for (const s of this.#shards) total += s.buf.length + s.starts.byteLength;
    return total;
  }

  get(index: number): T {
    const shard = this.#shardOf(index);
    const local = index - shard.base;
    const start = shard.starts[local] ?? 0;
    const end = shard.starts[local + 1] ?? shard.buf.length;
    return this.#unpackr.unpack(shard.buf, { start, end }) as T;
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
