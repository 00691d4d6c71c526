// Columns and lists that grow a page at a time: every value read back across pages, views that see later writes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE_LENGTH, PagedColumn } from '../../../engine/store/paged-column.js';
import { PagedList } from '../../../engine/store/paged-list.js';

describe('PagedColumn', () => {
  it('reads back what was pushed across pages, and what was never set as absent', () => {
    const column = new PagedColumn((n) => new Int32Array(n), -1);
    const count = PAGE_LENGTH * 2 + 17;
    for (let i = 0; i < count; i++) assert.equal(column.push(i * 3 - 5), i);
    assert.equal(column.length, count);
    for (const i of [0, PAGE_LENGTH - 1, PAGE_LENGTH, count - 1]) assert.equal(column.get(i), i * 3 - 5);
    assert.equal(column.get(count), -1);
    assert.equal(column.get(PAGE_LENGTH * 40), -1, 'a page never allocated');
    assert.equal(column.bytes, 3 * PAGE_LENGTH * 4);
  });

  it('sets by index far apart, allocating only the pages touched', () => {
    const column = new PagedColumn((n) => new Float64Array(n));
    column.set(5_000_000, 2.5);
    column.set(3, 1e12);
    assert.equal(column.get(5_000_000), 2.5);
    assert.equal(column.get(3), 1e12);
    assert.equal(column.get(4_999_999), 0);
    assert.equal(column.length, 5_000_001);
    assert.equal(column.bytes, 2 * PAGE_LENGTH * 8);
    for (const bad of [-1, 1.5, 2 ** 31, Number.NaN]) assert.throws(() => column.set(bad, 0), RangeError);
  });

  it('gives a view within one page that sees later writes, and refuses one across pages', () => {
    const column = new PagedColumn((n) => new Uint32Array(n));
    const view = column.view(PAGE_LENGTH + 10, 4);
    column.set(PAGE_LENGTH + 11, 7);
    assert.deepEqual([...view], [0, 7, 0, 0]);
    assert.throws(() => column.view(PAGE_LENGTH - 2, 4), RangeError);
  });
});

describe('PagedList', () => {
  it('reads back values pushed across pages, and replaces one in place', () => {
    const list = new PagedList<string>();
    for (let i = 0; i < 10_000; i++) assert.equal(list.push(`name ${i}`), i);
    assert.equal(list.length, 10_000);
    assert.equal(list.at(4_096), 'name 4096');
    assert.equal(list.at(9_999), 'name 9999');
    assert.equal(list.at(10_000), undefined);
    list.set(4_095, 'renamed');
    assert.equal(list.at(4_095), 'renamed');
    assert.throws(() => list.set(10_000, 'x'), RangeError);
  });
});
