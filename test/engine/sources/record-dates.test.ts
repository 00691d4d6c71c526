// Fixed-layout dates: null for none, undefined for a value that is present but not a date.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayMonthYear, dmyDate, isoDate, ymdDate } from '../../../engine/sources/record-dates.js';

describe('record dates', () => {
  it('reads each layout, refusing days that do not exist', () => {
    assert.equal(isoDate('2017-09-20'), '2017-09-20');
    assert.equal(isoDate('2017-09-20T23:30:00-05:00'), '2017-09-20'); // the local date as written
    assert.equal(ymdDate('20201231'), '2020-12-31');
    assert.equal(dmyDate('29/02/2024'), '2024-02-29');
    assert.equal(dayMonthYear('23-MAR-2006'), '2006-03-23');
    assert.equal(dayMonthYear('23-Mar-98', new Date('2026-01-01')), '1998-03-23');
    assert.equal(dmyDate('29/02/2023'), undefined);
    assert.equal(ymdDate('20201301'), undefined);
  });

  it('tells none (null) from malformed (undefined)', () => {
    for (const none of [
      isoDate(''),
      isoDate(null),
      ymdDate(' '),
      ymdDate('0'),
      ymdDate('00000000'),
      dmyDate(''),
      dayMonthYear(''),
    ])
      assert.equal(none, null);
    for (const bad of [
      isoDate('20-09-2017'),
      isoDate(2017),
      ymdDate('2020-12-31'),
      dmyDate('2020-12-31'),
      dayMonthYear('23-XYZ-2006'),
    ])
      assert.equal(bad, undefined);
  });
});
