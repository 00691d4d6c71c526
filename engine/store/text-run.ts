// Strings as UTF-8 bytes in one buffer with where each ends: the storage of a StringColumn.

/** Offsets are 32-bit: a run holds up to 4 GiB of text (at 20M entities, names take about half a gigabyte). */
const MAX_BYTES = 0xffff_ffff;

/** A growable run of strings; string i is `bytes[start(i) .. end(i))`. */
export class TextRun {
  #bytes: Buffer;
  /** ends[i] is where string i ends; it starts where string i - 1 ends. */
  #ends: Uint32Array;
  #count = 0;

  constructor(expectedCount: number, expectedBytes: number) {
    this.#ends = new Uint32Array(Math.max(16, expectedCount));
    this.#bytes = Buffer.allocUnsafeSlow(Math.max(256, expectedBytes));
  }

  get length(): number {
    return this.#count;
  }

  get bytes(): Buffer {
    return this.#bytes;
  }

  /** Bytes held (the text and its offsets, allocated whether filled or not). */
  get allocated(): number {
    return this.#bytes.byteLength + this.#ends.byteLength;
  }

  start(i: number): number {
    return i === 0 ? 0 : (this.#ends[i - 1] ?? 0);
  }

  end(i: number): number {
    return this.#ends[i] ?? 0;
  }

  text(i: number): string {
    return this.#bytes.toString('utf8', this.start(i), this.end(i));
  }

  push(s: string): void {
    const at = this.#total();
    this.#reserve(1, Buffer.byteLength(s, 'utf8'));
    this.#ends[this.#count] = at + this.#bytes.write(s, at, 'utf8');
    this.#count += 1;
  }

  /** Appends strings given as their bytes and where each ends within them (little-endian 32-bit integers). */
  pushRun(bytes: Uint8Array, ends: DataView): void {
    const count = ends.byteLength >> 2;
    const base = this.#total();
    this.#reserve(count, bytes.byteLength);
    let previous = 0;
    for (let i = 0; i < count; i++) {
      const end = ends.getUint32(i * 4, true);
      if (end < previous || end > bytes.byteLength)
        throw new RangeError(`TextRun.pushRun: string ${i} ends at ${end}, outside ${previous}..${bytes.byteLength}`);
      this.#ends[this.#count + i] = base + end;
      previous = end;
    }
    if (previous !== bytes.byteLength)
      throw new RangeError(`TextRun.pushRun: the strings end at ${previous} of ${bytes.byteLength} bytes`);
    this.#bytes.set(bytes, base);
    this.#count += count;
  }

  /** Strings `from` to `to` as `pushRun` takes them: a view of their bytes and their ends relative to it. */
  slice(from: number, to: number): { bytes: Uint8Array; ends: Uint32Array } {
    const base = this.start(from);
    const ends = this.#ends.slice(from, Math.max(from, Math.min(to, this.#count)));
    for (let i = 0; i < ends.length; i++) ends[i] = (ends[i] ?? 0) - base;
    return { bytes: this.#bytes.subarray(base, base + (ends[ends.length - 1] ?? 0)), ends };
  }

  pop(): void {
    if (this.#count > 0) this.#count -= 1;
  }

  #total(): number {
    return this.#count === 0 ? 0 : (this.#ends[this.#count - 1] ?? 0);
  }

  /** Room for `count` more strings of `bytes` more bytes; grows by doubling, so appends cost amortised O(1). */
  #reserve(count: number, bytes: number): void {
    const need = this.#total() + bytes;
    if (need > MAX_BYTES) throw new RangeError(`TextRun: more than ${MAX_BYTES} bytes of text (${need})`);
    if (need > this.#bytes.byteLength) {
      const grown = Buffer.allocUnsafeSlow(Math.min(MAX_BYTES, Math.max(need, this.#bytes.byteLength * 2)));
      this.#bytes.copy(grown, 0, 0, this.#total());
      this.#bytes = grown;
    }
    if (this.#count + count > this.#ends.length) {
      const grown = new Uint32Array(Math.max(this.#count + count, this.#ends.length * 2));
      grown.set(this.#ends.subarray(0, this.#count));
      this.#ends = grown;
    }
  }
}
