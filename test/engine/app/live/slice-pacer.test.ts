// The pacer of live group commits: slices sized to the time budget by what changes have cost lately.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SlicePacer } from '../../../../engine/app/live/slice-pacer.js';

describe('SlicePacer', () => {
  it('starts with small slices, as if changes were dear, and grows them while they prove cheap', () => {
    const pacer = new SlicePacer(2);
    assert.equal(pacer.next(1_000), 2);
    for (let i = 0; i < 40; i++) pacer.observe(pacer.next(1_000), pacer.next(1_000) * 0.099);
    assert.equal(pacer.next(1_000), 20);
  });

  it('never goes past 64 changes, however cheap, nor past what is waiting', () => {
    const pacer = new SlicePacer(2);
    for (let i = 0; i < 60; i++) pacer.observe(64, 0.064);
    assert.equal(pacer.next(1_000), 64);
    assert.equal(pacer.next(5), 5);
  });

  it('shrinks slices to one change when changes turn dear, and follows them back down', () => {
    const pacer = new SlicePacer(2);
    for (let i = 0; i < 40; i++) pacer.observe(10, 0.99);
    assert.equal(pacer.next(1_000), 20);
    pacer.observe(1, 50);
    assert.equal(pacer.next(1_000), 1);
    for (let i = 0; i < 40; i++) pacer.observe(10, 0.99);
    assert.equal(pacer.next(1_000), 20);
  });

  it('ignores an empty slice and refuses a budget that is not positive', () => {
    const pacer = new SlicePacer(2);
    pacer.observe(0, 5);
    assert.equal(pacer.msPerChange, 1);
    assert.throws(() => new SlicePacer(0), RangeError);
  });
});
