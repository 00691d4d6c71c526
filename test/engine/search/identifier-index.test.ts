// The identifier table: values found per scheme, a record's own identifier winning, growth past its first size.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdentifierIndex } from '../../../engine/search/identifier-index.js';
import { bytesOf, codesOf, columnView, textRun } from '../../../snapshots/format/columns.js';

/** Identifiers as a snapshot stores a run of them. */
function run(
  ids: Array<[scheme: string, value: string, entity: number, own: boolean]>,
): Parameters<IdentifierIndex['addRun']>[0] {
  const schemes = codesOf(ids.map(([s]) => s));
  const values = textRun(ids.map(([, v]) => v));
  return {
    schemes: schemes.codes,
    scheme: columnView(bytesOf(Uint16Array.from(schemes.of))),
    values: values.text,
    ends: columnView(values.ends),
    entities: columnView(bytesOf(Int32Array.from(ids, ([, , e]) => e))),
    own: Uint8Array.from(ids, ([, , , o]) => (o ? 1 : 0)),
  };
}

describe('IdentifierIndex', () => {
  it('keeps schemes apart: one value in two schemes is two identifiers', () => {
    const index = new IdentifierIndex();
    index.add('gb-coh', '00390616', 1, true);
    index.add('imo', '00390616', 2, false);
    assert.equal(index.get('gb-coh', '00390616'), 1);
    assert.equal(index.get('imo', '00390616'), 2);
    assert.equal(index.get('lei', '00390616'), undefined);
    assert.equal(index.get('gb-coh', '00390617'), undefined);
    assert.equal(index.size, 2);
  });

  it('lets the record whose own id is in the scheme win, whichever comes first', () => {
    const index = new IdentifierIndex();
    index.add('lei', '213800LBQA1Y9L22JB70', 7, false);
    index.add('lei', '213800LBQA1Y9L22JB70', 9, true);
    index.add('lei', '213800LBQA1Y9L22JB70', 11, false);
    assert.equal(index.get('lei', '213800LBQA1Y9L22JB70'), 9);
    index.add('gb-coh', '12345678', 3, false);
    index.add('gb-coh', '12345678', 4, false);
    assert.equal(index.get('gb-coh', '12345678'), 3, 'without an own id, the first record stays');
    assert.equal(index.size, 2);
  });

  it('adds runs as stored, as one add at a time would: duplicates once, own ids winning, any script', () => {
    const ids: Array<[string, string, number, boolean]> = [
      ['gb-coh', '00390616', 1, true],
      ['imo', '00390616', 2, false],
      ['lei', '213800LBQA1Y9L22JB70', 7, false],
      ['lei', '213800LBQA1Y9L22JB70', 9, true],
      ['ru-inn', 'ИНН7707083893', 4, false],
      ['gb-coh', '00390616', 5, false],
    ];
    const byRuns = new IdentifierIndex(2);
    byRuns.addRun(run(ids.slice(0, 3)));
    byRuns.addRun(run(ids.slice(3)));
    byRuns.addRun(run([]));
    const oneByOne = new IdentifierIndex();
    for (const [scheme, value, entity, own] of ids) oneByOne.add(scheme, value, entity, own);
    for (const [scheme, value] of ids) assert.equal(byRuns.get(scheme, value), oneByOne.get(scheme, value), value);
    assert.equal(byRuns.get('lei', '213800LBQA1Y9L22JB70'), 9);
    assert.equal(byRuns.get('gb-coh', '00390616'), 1);
    assert.equal(byRuns.get('ru-inn', 'ИНН7707083893'), 4);
    assert.equal(byRuns.size, 4);
    byRuns.add('imo', '9999999', 3, true);
    assert.equal(byRuns.get('imo', '9999999'), 3);
    assert.equal(byRuns.size, 5);
  });

  it('finds every value after growing well past its first capacity', () => {
    const index = new IdentifierIndex();
    for (let i = 0; i < 40_000; i++) index.add(i % 3 === 0 ? 'ofac' : 'gb-coh', String(i).padStart(8, '0'), i, true);
    assert.equal(index.size, 40_000);
    for (let i = 0; i < 40_000; i += 11)
      assert.equal(index.get(i % 3 === 0 ? 'ofac' : 'gb-coh', String(i).padStart(8, '0')), i);
    assert.equal(index.get('ofac', '00000001'), undefined);
  });
});
