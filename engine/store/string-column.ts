// A column of strings kept as UTF-8 bytes, read by position: millions of ids or names with no object each.
import { missing } from '../errors/missing.js';
import { hashAsciiBytes, hashString } from './string-hash.js';
import { PagedColumn } from './paged-column.js';
import { PagedList } from './paged-list.js';
import { TextRun } from './text-run.js';

const LIVE_RUN_SHIFT = 14;
/** Strings per live run: 16,384, some hundreds of kilobytes of names. */
const LIVE_RUN_STRINGS = 1 << LIVE_RUN_SHIFT;
const LIVE_RUN_MASK = LIVE_RUN_STRINGS - 1;

/**
 * Millions of strings on the V8 heap cost their headers and pointers, and every one decoded at load lives on: each
 * is copied out of the young generation and marked at every full collection (at 20M entities, a load spent most of
 * its garbage-collection time on the ids and names). Here a string is a range of a buffer, decoded when read; the
 * decoded copy dies young.
 *
 * Runs of strings (`pushRun`, a load) go to one run of text; strings pushed one by one after that (`push`, live
 * changes) go to small runs of their own, LIVE_RUN_STRINGS each, so that neither the first live string nor the
 * millionth copies what came before: a run doubled at that size is a pause that a search waiting behind a live
 * change feels. Strings changed after load (a live rename) are kept as they are, by position (paged-column.ts).
 */
export class StringColumn {
  readonly #loaded: TextRun;
  /** The live runs: string `loaded + k` is string `k % LIVE_RUN_STRINGS` of run `k / LIVE_RUN_STRINGS`. */
  readonly #live: TextRun[] = [];
  #liveCount = 0;
  /** Whether runs were loaded: strings pushed one by one then go to the live runs. */
  #fromRuns = false;
  /** Per string, the number of its rename in `#renames`, or -1. */
  readonly #renamed = new PagedColumn((n) => new Int32Array(n), -1);
  readonly #renames = new PagedList<string>();

  constructor(expectedCount = 0, expectedBytes = expectedCount * 24) {
    this.#loaded = new TextRun(expectedCount, expectedBytes);
  }

  get length(): number {
    return this.#loaded.length + this.#liveCount;
  }

  /** The string at `ix`, or undefined past the end. */
  at(ix: number): string | undefined {
    if (this.#renames.length > 0) {
      const renamed = this.#renamed.get(ix);
      if (renamed >= 0) return this.#renames.at(renamed);
    }
    const loaded = this.#loaded.length;
    if (ix >= 0 && ix < loaded) return this.#loaded.text(ix);
    if (ix < loaded || ix >= loaded + this.#liveCount) return undefined;
    const k = ix - loaded;
    return this.#live[k >>> LIVE_RUN_SHIFT]?.text(k & LIVE_RUN_MASK);
  }

  /** hashString of string `ix`, read from its bytes when they are ASCII (ids are): a hash table fills without decoding. */
  hashAt(ix: number, seed?: number): number {
    const run = this.#plainRun(ix);
    if (run !== null) {
      const i = this.#local(ix);
      const hash = hashAsciiBytes(run.bytes, run.start(i), run.end(i), seed);
      if (hash >= 0) return hash;
    }
    return hashString(this.at(ix) ?? missing('string'), seed);
  }

  /** Whether string `ix` is `s`, compared with its bytes where both are ASCII: a hash probe decodes nothing. */
  equals(ix: number, s: string): boolean {
    const run = this.#plainRun(ix);
    if (run === null) return this.at(ix) === s;
    const i = this.#local(ix);
    const start = run.start(i);
    const length = run.end(i) - start;
    // UTF-8 takes at least as many bytes as UTF-16 takes code units.
    if (length < s.length) return false;
    const bytes = run.bytes;
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0x80) return this.at(ix) === s;
      if (bytes[start + k] !== c) return false;
    }
    return length === s.length;
  }

  /** Whether strings `a` and `b` are the same, compared as bytes (UTF-8 is one encoding per string). */
  sameAt(a: number, b: number): boolean {
    const ra = this.#plainRun(a);
    const rb = this.#plainRun(b);
    if (ra === null || rb === null) return this.at(a) !== undefined && this.at(a) === this.at(b);
    const ia = this.#local(a);
    const ib = this.#local(b);
    const sa = ra.start(ia);
    const sb = rb.start(ib);
    const length = ra.end(ia) - sa;
    if (rb.end(ib) - sb !== length) return false;
    const x = ra.bytes;
    const y = rb.bytes;
    for (let k = 0; k < length; k++) if (x[sa + k] !== y[sb + k]) return false;
    return true;
  }

  /** Orders strings `a` and `b` by their UTF-8 bytes (code point order), without decoding either. */
  compareAt(a: number, b: number): number {
    const ra = this.#plainRun(a);
    const rb = this.#plainRun(b);
    if (ra === null || rb === null)
      return Buffer.from(this.at(a) ?? '', 'utf8').compare(Buffer.from(this.at(b) ?? '', 'utf8'));
    const ia = this.#local(a);
    const ib = this.#local(b);
    const sa = ra.start(ia);
    const sb = rb.start(ib);
    const la = ra.end(ia) - sa;
    const lb = rb.end(ib) - sb;
    const x = ra.bytes;
    const y = rb.bytes;
    for (let k = 0, n = Math.min(la, lb); k < n; k++) {
      const d = (x[sa + k] ?? 0) - (y[sb + k] ?? 0);
      if (d !== 0) return d;
    }
    return la - lb;
  }

  /**
   * Orders string `ix` against `s` as JavaScript's `<` does (by UTF-16 code units), from its bytes while both are
   * ASCII: a binary search over a sorted column decodes no string on the way.
   */
  compareTo(ix: number, s: string): number {
    const run = this.#plainRun(ix);
    if (run === null) return compareStrings(this.at(ix) ?? missing('string'), s);
    const i = this.#local(ix);
    const start = run.start(i);
    const length = run.end(i) - start;
    const bytes = run.bytes;
    for (let k = 0, n = Math.min(length, s.length); k < n; k++) {
      const b = bytes[start + k] ?? 0;
      const c = s.charCodeAt(k);
      // Past the ASCII prefix the two encodings order differently (surrogates): the rest is compared as text.
      if (b >= 0x80 || c >= 0x80) return compareStrings(this.at(ix) ?? missing('string'), s);
      if (b !== c) return b - c;
    }
    // One is a prefix of the other, in ASCII: the shorter comes first.
    return length - s.length;
  }

  /** In a column sorted as `compareTo` orders, the first position whose string is not below `s`. */
  lowerBound(s: string): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareTo(mid, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  push(s: string): number {
    const ix = this.length;
    // A column filled one string at a time keeps them in one run; a loaded one puts them in its live run.
    if (this.#fromRuns) {
      if ((this.#liveCount & LIVE_RUN_MASK) === 0) this.#live.push(new TextRun(1024, 64 * 1024));
      this.#live[this.#live.length - 1]?.push(s);
      this.#liveCount++;
    } else this.#loaded.push(s);
    return ix;
  }

  /**
   * Appends a run of strings given as their UTF-8 bytes, one after another, and where each ends within `bytes` as
   * little-endian 32-bit integers (the snapshot's columns as they are stored): nothing is decoded or copied twice.
   */
  pushRun(bytes: Uint8Array, ends: DataView): void {
    if (this.#liveCount > 0) throw new Error('StringColumn.pushRun: strings were already pushed after a run');
    this.#loaded.pushRun(bytes, ends);
    this.#fromRuns = true;
  }

  /**
   * Strings `from` to `to` (exclusive) in the form `pushRun` takes: their UTF-8 bytes (a view, valid until the
   * column next changes) and where each ends within them.
   */
  run(from: number, to: number): { bytes: Uint8Array; ends: Uint32Array } {
    const end = Math.min(to, this.length);
    if (this.#renames.length > 0 || this.#liveCount > 0) {
      const copy = new StringColumn(Math.max(0, end - from));
      for (let ix = from; ix < end; ix++) copy.push(this.at(ix) ?? missing('string'));
      return copy.run(0, end - from);
    }
    return this.#loaded.slice(from, end);
  }

  /** Replaces string `ix`, seen by every later `at`. */
  set(ix: number, s: string): void {
    if (ix < 0 || ix >= this.length)
      throw new RangeError(`StringColumn.set: index ${ix} out of range 0..${this.length - 1}`);
    if (this.at(ix) === s) return;
    this.#renamed.set(ix, this.#renames.push(s));
  }

  /** Removes the last string (an append undone). */
  pop(): void {
    if (this.length === 0) return;
    if (this.#renamed.get(this.length - 1) >= 0) this.#renamed.set(this.length - 1, -1);
    if (this.#liveCount > 0) {
      const last = this.#live[this.#live.length - 1] ?? missing('live run');
      last.pop();
      if (last.length === 0) this.#live.pop();
      this.#liveCount--;
    } else this.#loaded.pop();
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let ix = 0; ix < this.length; ix++) yield this.at(ix) ?? missing('string');
  }

  /** Bytes held (the text and its offsets, allocated whether filled or not). */
  get bytes(): number {
    let bytes = this.#loaded.allocated;
    for (const run of this.#live) bytes += run.allocated;
    return bytes;
  }

  /** The run holding string `ix` as its bytes say, or null when it is changed or out of range. */
  #plainRun(ix: number): TextRun | null {
    if (ix < 0 || (this.#renames.length > 0 && this.#renamed.get(ix) >= 0)) return null;
    const loaded = this.#loaded.length;
    if (ix < loaded) return this.#loaded;
    return ix - loaded < this.#liveCount ? (this.#live[(ix - loaded) >>> LIVE_RUN_SHIFT] ?? null) : null;
  }

  /** Where string `ix` is within the run `#plainRun` gives. */
  #local(ix: number): number {
    const loaded = this.#loaded.length;
    return ix < loaded ? ix : (ix - loaded) & LIVE_RUN_MASK;
  }
}

/** JavaScript's order of strings (UTF-16 code units), as a comparison. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
