// The pulse feed's timeline: a snapshot's events ordered by instant then id, live ones appended never earlier.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventTimeline } from '../../../engine/store/event-timeline.js';
import { columnOf } from '../../helpers/string-columns.js';

describe('EventTimeline', () => {
  it('orders events by instant, then by id, whatever order the records came in', () => {
    const day = Date.parse('2026-11-20');
    const ids = ['ev:b', 'ev:a', 'ev:c', 'ev:ä', 'ev:a2'];
    const timeline = EventTimeline.ordered({
      at: Float64Array.from([day, day, day - 1, day, day]),
      ids: columnOf(ids),
      entity: Int32Array.from([10, 11, 12, 13, 14]),
      kind: Uint8Array.from([0, 1, 0, 1, 0]),
    });
    const order = Array.from({ length: timeline.size }, (_, k) => ids[timeline.record(k)]);
    assert.deepEqual(order, ['ev:c', 'ev:a', 'ev:a2', 'ev:b', 'ev:ä']);
    assert.deepEqual(
      Array.from({ length: timeline.size }, (_, k) => timeline.entity(k)),
      [12, 11, 14, 10, 13],
    );
    assert.equal(timeline.kind(0), 0);
    assert.equal(timeline.at(0), day - 1);
    assert.equal(timeline.firstAfter(day - 1), 1);
    assert.deepEqual([...timeline.columns().record], [2, 1, 4, 0, 3]);
  });

  it('appends a live event after the newest, never before it', () => {
    const timeline = EventTimeline.ordered({
      at: Float64Array.from([1_000]),
      ids: columnOf(['ev:1']),
      entity: Int32Array.from([0]),
      kind: Uint8Array.from([0]),
    });
    assert.equal(timeline.append(1, 500, 3, 1), 1_000);
    assert.equal(timeline.append(2, 2_000, 4, 0), 2_000);
    assert.equal(timeline.size, 3);
    assert.equal(timeline.newest, 2_000);
  });

  it('reads loaded and appended events as one timeline, past a page of appends, and gives them back as columns', () => {
    const timeline = EventTimeline.ordered({
      at: Float64Array.from([10, 20]),
      ids: columnOf(['ev:1', 'ev:2']),
      entity: Int32Array.from([5, 6]),
      kind: Uint8Array.from([1, 0]),
    });
    const appended = 70_000;
    for (let i = 0; i < appended; i++) timeline.append(2 + i, 100 + i, i % 1_000, i % 3);
    assert.equal(timeline.size, appended + 2);
    assert.equal(timeline.at(1), 20);
    assert.equal(timeline.at(2 + 65_536), 100 + 65_536);
    assert.equal(timeline.entity(2 + 69_999), 999);
    assert.equal(timeline.kind(2 + 69_999), 69_999 % 3);
    assert.equal(timeline.firstAfter(20), 2);
    assert.equal(timeline.firstAfter(100 + 65_540), 2 + 65_541);
    const columns = timeline.columns();
    assert.equal(columns.record.length, appended + 2);
    assert.equal(columns.record[2 + 69_999], 2 + 69_999);
    assert.equal(columns.at[0], 10);
  });

  it('refuses columns of different lengths', () => {
    assert.throws(
      () =>
        EventTimeline.ordered({
          at: new Float64Array(2),
          ids: columnOf(['a']),
          entity: new Int32Array(2),
          kind: new Uint8Array(2),
        }),
      Error,
    );
  });
});
