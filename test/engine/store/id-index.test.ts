// The id → index table: every id found at its index, unknown ids and duplicates told apart, across growth.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdIndex } from '../../../engine/store/id-index.js';
import { StringColumn } from '../../../engine/store/string-column.js';
import { columnOf } from '../../helpers/string-columns.js';

describe('IdIndex', () => {
  it('finds every id at its index after growing well past its first capacity', () => {
    const ids = new StringColumn();
    const index = new IdIndex(ids);
    for (let i = 0; i < 50_000; i++) {
      ids.push(i % 2 === 0 ? `gb-coh:${String(i).padStart(8, '0')}` : `icij:${i}`);
      assert.equal(index.add(i), true);
    }
    assert.equal(index.size, 50_000);
    for (let i = 0; i < ids.length; i += 7) assert.equal(index.get(ids.at(i) as string), i);
    assert.equal(index.get('gb-coh:99999999'), undefined);
    assert.equal(index.get(''), undefined);
  });

  it('finds every id, and refuses every duplicate, at each insert while its slots grow a step at a time', () => {
    const ids = new StringColumn();
    const index = new IdIndex(ids);
    for (let i = 0; i < 20_000; i++) {
      ids.push(`syn:p${i}`);
      assert.equal(index.add(i), true);
      // The first, the newest, and one from every stretch before: some moved to the new slots, some not yet.
      for (const j of [0, i, i >> 1, i >> 3, (i * 7) >> 3]) assert.equal(index.get(`syn:p${j}`), j);
      assert.equal(index.get(`syn:p${i + 1}`), undefined);
      if (i % 97 === 0) {
        ids.push(`syn:p${i >> 1}`);
        assert.equal(index.add(i + 1), false, `syn:p${i >> 1} again`);
        ids.pop();
      }
    }
    assert.equal(index.size, 20_000);
  });

  it('refuses a duplicate id and keeps the first index', () => {
    const ids = columnOf(['lei:5493001KJTIIGC8Y1R12', 'ofac:12345', 'lei:5493001KJTIIGC8Y1R12']);
    const index = new IdIndex(ids, ids.length);
    assert.equal(index.add(0), true);
    assert.equal(index.add(1), true);
    assert.equal(index.add(2), false);
    assert.equal(index.get('lei:5493001KJTIIGC8Y1R12'), 0);
    assert.equal(index.size, 2);
  });

  it('tells apart ids that differ in one character, only by case, or in another script', () => {
    const list = [
      'syn:c1',
      'syn:c2',
      'SYN:C1',
      'syn:c10',
      'syn:c1 ',
      'ru-egrul:ООО1',
      'ru-egrul:ООО2',
      'syn:é',
      'syn:e',
    ];
    const ids = columnOf(list);
    const index = new IdIndex(ids);
    list.forEach((_id, i) => assert.equal(index.add(i), true));
    list.forEach((id, i) => assert.equal(index.get(id), i));
    ids.push('ru-egrul:ООО2');
    assert.equal(index.add(list.length), false);
  });

  it('refuses an index with no id', () => {
    assert.throws(() => new IdIndex(new StringColumn()).add(0), RangeError);
  });
});
