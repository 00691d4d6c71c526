import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StringColumn } from '../../../engine/store/string-column.js';
import { hashString } from '../../../engine/store/string-hash.js';
import { columnView, textRun } from '../../../snapshots/format/columns.js';

/** A column filled from another's runs: what a snapshot writes and a load reads. */
class StringColumnCopy extends StringColumn {
  constructor(from: StringColumn) {
    super();
    const { bytes, ends } = from.run(0, from.length);
    this.pushRun(bytes, new DataView(ends.buffer, ends.byteOffset, ends.byteLength));
  }
}

const run = (strings: string[]): { bytes: Uint8Array; ends: DataView } => {
  const { text, ends } = textRun(strings);
  return { bytes: text, ends: columnView(ends) };
};

describe('StringColumn', () => {
  it('reads back runs, then strings pushed one by one, in every script, empty ones included', () => {
    const column = new StringColumn(1, 1);
    const first = ['gb-coh:00000001', '', 'ООО «Ромашка»', '東京海上日動火災保険株式会社'];
    const r = run(first);
    column.pushRun(r.bytes, r.ends);
    const second = ['Ārvalstu SIA', 'x'.repeat(5_000)];
    const s = run(second);
    column.pushRun(s.bytes, s.ends);
    column.push('שלום עולם');
    column.push('gb-coh:00000001');
    assert.deepEqual([...column], [...first, ...second, 'שלום עולם', 'gb-coh:00000001']);
    assert.equal(column.length, 8);
    assert.equal(column.at(8), undefined);
    assert.equal(column.at(-1), undefined);
    // Loaded and live strings compare and hash as one column.
    assert.equal(column.sameAt(0, 7), true);
    assert.equal(column.equals(7, 'gb-coh:00000001'), true);
    assert.equal(column.hashAt(7), column.hashAt(0));
    assert.ok(column.compareAt(6, 0) > 0);
    assert.deepEqual([...new StringColumnCopy(column)], [...column]);
    assert.throws(() => column.pushRun(r.bytes, r.ends), Error);
    column.pop();
    assert.equal(column.length, 7);
    assert.equal(column.at(6), 'שלום עולם');
  });

  it('grows past what it was sized for', () => {
    const column = new StringColumn(2, 4);
    const strings = Array.from({ length: 10_000 }, (_, i) => `entity ${i} Holdings Limited`);
    for (const s of strings) column.push(s);
    assert.equal(column.at(9_999), strings[9_999]);
    assert.equal(column.at(0), strings[0]);
    assert.ok(column.bytes >= strings.join('').length);
  });

  it('keeps strings pushed after a load in runs of their own, read, hashed and undone across runs', () => {
    const column = new StringColumn();
    const loaded = run(['gb-coh:00000001', 'Loaded Ltd']);
    column.pushRun(loaded.bytes, loaded.ends);
    const live = Array.from({ length: 40_000 }, (_, i) => (i % 7 === 0 ? `Компания ${i}` : `gb-coh:live${i}`));
    for (const s of live) column.push(s);
    assert.equal(column.length, 40_002);
    for (const i of [0, 16_383, 16_384, 39_999]) {
      assert.equal(column.at(2 + i), live[i]);
      assert.equal(column.hashAt(2 + i), hashString(live[i] ?? ''));
      assert.equal(column.equals(2 + i, live[i] ?? ''), true);
    }
    for (let i = 0; i < 40_000 - 16_384; i++) column.pop();
    assert.equal(column.length, 16_386);
    assert.equal(column.at(16_385), live[16_383]);
    column.push('after');
    assert.equal(column.at(16_386), 'after');
    assert.deepEqual([...new StringColumnCopy(column)].slice(-2), [live[16_383], 'after']);
  });

  it('sees a string replaced, and forgets it when its append is undone', () => {
    const column = new StringColumn();
    column.push('Old Name Ltd');
    column.push('Another Ltd');
    column.set(0, 'New Name Ltd');
    assert.equal(column.at(0), 'New Name Ltd');
    column.set(1, 'Renamed');
    column.pop();
    column.push('Third Ltd');
    assert.equal(column.at(1), 'Third Ltd');
    assert.throws(() => column.set(5, 'x'), RangeError);
  });

  it('gives back a run as pushRun takes it, changed strings included', () => {
    const column = new StringColumn();
    for (const s of ['a', 'ΒΓ', '', 'дом', 'end']) column.push(s);
    const copy = (from: number, to: number): string[] => {
      const { bytes, ends } = column.run(from, to);
      const other = new StringColumn();
      other.pushRun(bytes, new DataView(ends.buffer, ends.byteOffset, ends.byteLength));
      return [...other];
    };
    assert.deepEqual(copy(1, 4), ['ΒΓ', '', 'дом']);
    assert.deepEqual(copy(3, 99), ['дом', 'end']);
    column.set(3, 'house');
    assert.deepEqual(copy(2, 5), ['', 'house', 'end']);
  });

  it('hashes and compares from the bytes as the decoded strings would', () => {
    const strings = ['gb-coh:00000001', 'Ωmega', '', 'gb-coh:00000001', 'gb-coh:0000000', '😀 emoji'];
    const column = new StringColumn();
    for (const s of strings) column.push(s);
    strings.forEach((s, i) => {
      assert.equal(column.hashAt(i), hashString(s));
      assert.equal(column.hashAt(i, 7), hashString(s, 7));
      for (const other of strings) assert.equal(column.equals(i, other), s === other, `${s} = ${other}`);
      strings.forEach((t, j) => assert.equal(column.sameAt(i, j), s === t));
    });
    const sorted = strings.map((_, i) => i).sort((a, b) => column.compareAt(a, b));
    const expected = strings
      .map((_, i) => i)
      .sort((a, b) => Buffer.compare(Buffer.from(strings[a] ?? ''), Buffer.from(strings[b] ?? '')));
    assert.deepEqual(sorted, expected);
    column.set(1, 'gb-coh:00000001');
    assert.equal(column.sameAt(0, 1), true);
    assert.equal(column.compareAt(0, 1), 0);
    assert.equal(column.equals(1, 'Ωmega'), false);
    assert.equal(column.hashAt(1), hashString('gb-coh:00000001'));
  });

  it('orders a string against a given one as JavaScript orders strings', () => {
    // Astral characters (surrogate pairs) order below U+E000..U+FFFF in UTF-16 and above them in UTF-8.
    const strings = ['abc', 'abd', 'ab', 'abcd', '', 'ﬁne', '😀', 'a😀', 'aﬁ', 'ABC', 'zz'];
    const column = new StringColumn();
    for (const s of strings) column.push(s);
    column.set(3, 'abce');
    const held = strings.map((s, i) => (i === 3 ? 'abce' : s));
    held.forEach((s, i) => {
      for (const other of strings) {
        const expected = s < other ? -1 : s > other ? 1 : 0;
        assert.equal(Math.sign(column.compareTo(i, other)), expected, `${s} against ${other}`);
      }
    });
  });

  it('refuses a run whose ends do not fit its text', () => {
    const column = new StringColumn();
    const ends = new DataView(new Uint32Array([3, 2]).buffer);
    assert.throws(() => column.pushRun(Buffer.from('abcd'), ends), RangeError);
    const short = new DataView(new Uint32Array([2]).buffer);
    assert.throws(() => column.pushRun(Buffer.from('abcd'), short), RangeError);
  });
});
