// A column of strings kept as UTF-8 bytes in one buffer, read by position: millions of ids or names with no object each.
import { missing } from '../errors/missing.js';
import { hashAsciiBytes, hashString } from './string-hash.js';

/** Offsets are 32-bit: a column holds up to 4 GiB of text (at 20M entities, names take about half a gigabyte). */
const MAX_BYTES = 0xffff_ffff;

/**
 * Millions of strings on the V8 heap cost their headers and pointers, and every one decoded at load lives on: each
 * is copied out of the young generation and marked at every full collection (at 20M entities, a load spent most of
 * its garbage-collection time on the ids and names). Here a string is a range of one buffer, decoded when read; the
 * decoded copy dies young. Strings changed after load (a live rename) are kept as they are, in a small map.
 */
export class StringColumn {
  #bytes: Buffer;
  /** ends[i] is where string i ends; it starts where string i - 1 ends. */
  #ends: Uint32Array;
  #count = 0;
  readonly #changed = new Map<number, string>();

  constructor(expectedCount = 0, expectedBytes = expectedCount * 24) {
    this.#ends = new Uint32Array(Math.max(16, expectedCount));
    this.#bytes = Buffer.allocUnsafeSlow(Math.max(256, expectedBytes));
  }

  get length(): number {
    return this.#count;
  }

  /** The string at `ix`, or undefined past the end. */
  at(ix: number): string | undefined {
    if (ix < 0 || ix >= this.#count) return undefined;
    if (this.#changed.size > 0) {
      const changed = this.#changed.get(ix);
      if (changed !== undefined) return changed;
    }
    return this.#bytes.toString('utf8', this.#start(ix), this.#ends[ix] ?? 0);
  }

  /** hashString of string `ix`, read from its bytes when they are ASCII (ids are): a hash table fills without decoding. */
  hashAt(ix: number, seed?: number): number {
    const changed = this.#changed.size > 0 ? this.#changed.get(ix) : undefined;
    if (changed === undefined && ix >= 0 && ix < this.#count) {
      const hash = hashAsciiBytes(this.#bytes, this.#start(ix), this.#ends[ix] ?? 0, seed);
      if (hash >= 0) return hash;
    }
    return hashString(this.at(ix) ?? missing('string'), seed);
  }

  /** Whether string `ix` is `s`, compared with its bytes where both are ASCII: a hash probe decodes nothing. */
  equals(ix: number, s: string): boolean {
    if (ix < 0 || ix >= this.#count || (this.#changed.size > 0 && this.#changed.has(ix))) return this.at(ix) === s;
    const start = this.#start(ix);
    const length = (this.#ends[ix] ?? 0) - start;
    // UTF-8 takes at least as many bytes as UTF-16 takes code units.
    if (length < s.length) return false;
    const bytes = this.#bytes;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return this.at(ix) === s;
      if (bytes[start + i] !== c) return false;
    }
    return length === s.length;
  }

  /** Whether strings `a` and `b` are the same, compared as bytes (UTF-8 is one encoding per string). */
  sameAt(a: number, b: number): boolean {
    if (this.#changed.size > 0 && (this.#changed.has(a) || this.#changed.has(b))) return this.at(a) === this.at(b);
    if (a < 0 || b < 0 || a >= this.#count || b >= this.#count) return false;
    const sa = this.#start(a);
    const sb = this.#start(b);
    const length = (this.#ends[a] ?? 0) - sa;
    if ((this.#ends[b] ?? 0) - sb !== length) return false;
    const bytes = this.#bytes;
    for (let i = 0; i < length; i++) if (bytes[sa + i] !== bytes[sb + i]) return false;
    return true;
  }

  /** Orders strings `a` and `b` by their UTF-8 bytes (code point order), without decoding either. */
  compareAt(a: number, b: number): number {
    if (this.#changed.size > 0 && (this.#changed.has(a) || this.#changed.has(b))) {
      const x = Buffer.from(this.at(a) ?? '', 'utf8');
      return x.compare(Buffer.from(this.at(b) ?? '', 'utf8'));
    }
    const sa = this.#start(a);
    const sb = this.#start(b);
    const la = (this.#ends[a] ?? 0) - sa;
    const lb = (this.#ends[b] ?? 0) - sb;
    const bytes = this.#bytes;
    for (let i = 0, n = Math.min(la, lb); i < n; i++) {
      const d = (bytes[sa + i] ?? 0) - (bytes[sb + i] ?? 0);
      if (d !== 0) return d;
    }
    return la - lb;
  }

  push(s: string): number {
    const at = this.#end();
    this.#reserve(1, Buffer.byteLength(s, 'utf8'));
    const end = at + this.#bytes.write(s, at, 'utf8');
    this.#ends[this.#count] = end;
    return this.#count++;
  }

  /**
   * Appends a run of strings given as their UTF-8 bytes, one after another, and where each ends within `bytes` as
   * little-endian 32-bit integers (the snapshot's columns as they are stored): nothing is decoded or copied twice.
   */
  pushRun(bytes: Uint8Array, ends: DataView): void {
    const count = ends.byteLength >> 2;
    const base = this.#end();
    this.#reserve(count, bytes.byteLength);
    this.#bytes.set(bytes, base);
    let previous = 0;
    for (let i = 0; i < count; i++) {
      const end = ends.getUint32(i * 4, true);
      if (end < previous || end > bytes.byteLength)
        throw new RangeError(
          `StringColumn.pushRun: string ${i} ends at ${end}, outside ${previous}..${bytes.byteLength}`,
        );
      this.#ends[this.#count + i] = base + end;
      previous = end;
    }
    if (previous !== bytes.byteLength)
      throw new RangeError(`StringColumn.pushRun: the strings end at ${previous} of ${bytes.byteLength} bytes`);
    this.#count += count;
  }

  /**
   * Strings `from` to `to` (exclusive) in the form `pushRun` takes: their UTF-8 bytes (a view, valid until the
   * column next changes) and where each ends within them.
   */
  run(from: number, to: number): { bytes: Uint8Array; ends: Uint32Array } {
    const end = Math.min(to, this.#count);
    if (this.#changed.size > 0) {
      const strings = Array.from({ length: Math.max(0, end - from) }, (_, i) => this.at(from + i) ?? '');
      const copy = new StringColumn(strings.length);
      for (const s of strings) copy.push(s);
      return copy.run(0, strings.length);
    }
    const base = from === 0 ? 0 : (this.#ends[from - 1] ?? 0);
    const ends = this.#ends.slice(from, end);
    for (let i = 0; i < ends.length; i++) ends[i] = (ends[i] ?? 0) - base;
    return { bytes: this.#bytes.subarray(base, base + (ends[ends.length - 1] ?? 0)), ends };
  }

  /** Replaces string `ix`, seen by every later `at`. */
  set(ix: number, s: string): void {
    if (ix < 0 || ix >= this.#count)
      throw new RangeError(`StringColumn.set: index ${ix} out of range 0..${this.#count - 1}`);
    if (this.at(ix) === s) return;
    this.#changed.set(ix, s);
  }

  /** Removes the last string (an append undone). */
  pop(): void {
    if (this.#count === 0) return;
    this.#count -= 1;
    this.#changed.delete(this.#count);
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let ix = 0; ix < this.#count; ix++) yield this.at(ix) ?? missing('string');
  }

  /** Bytes held (the text and its offsets, allocated whether filled or not). */
  get bytes(): number {
    return this.#bytes.byteLength + this.#ends.byteLength;
  }

  #start(ix: number): number {
    return ix === 0 ? 0 : (this.#ends[ix - 1] ?? 0);
  }

  #end(): number {
    return this.#count === 0 ? 0 : (this.#ends[this.#count - 1] ?? 0);
  }

  /** Room for `count` more strings of `bytes` more bytes; grows by doubling, so appends cost amortised O(1). */
  #reserve(count: number, bytes: number): void {
    const need = this.#end() + bytes;
    if (need > MAX_BYTES)
      throw new RangeError(`StringColumn: more than ${MAX_BYTES} bytes of text in one column (${need})`);
    if (need > this.#bytes.byteLength) {
      const grown = Buffer.allocUnsafeSlow(Math.min(MAX_BYTES, Math.max(need, this.#bytes.byteLength * 2)));
      this.#bytes.copy(grown, 0, 0, this.#end());
      this.#bytes = grown;
    }
    if (this.#count + count > this.#ends.length) {
      const grown = new Uint32Array(Math.max(this.#count + count, this.#ends.length * 2));
      grown.set(this.#ends.subarray(0, this.#count));
      this.#ends = grown;
    }
  }
}
