// Interval arithmetic of effective ownership: products along chains, capped sums across routes, threshold verdicts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WHOLE, bandOf, crosses, multiply, sum } from '../../../engine/ownership/interval.js';

const band = (min: number, max: number): ReturnType<typeof bandOf> => bandOf({ min, max });

describe('share intervals', () => {
  it('multiplies along a chain', () => {
    const r = multiply(multiply(band(75, 100), band(75, 100)), WHOLE);
    assert.equal(r.min, 56.25);
    assert.equal(r.max, 100);
  });

  it('adds across routes and caps at 100', () => {
    const r = sum([multiply(band(75, 100), band(25, 50)), band(25, 50)]);
    assert.deepEqual(r && { min: r.min, max: r.max }, { min: 43.75, max: 100 });
    assert.equal(sum([band(75, 100), band(50, 75)])?.min, 100);
    assert.equal(sum([]), null);
  });

  it('says whether a threshold is certainly, possibly or not crossed', () => {
    assert.equal(crosses(band(56.25, 100), 50), 'certain');
    assert.equal(crosses(band(43.75, 100), 50), 'possible');
    assert.equal(crosses(band(10, 20), 50), 'no');
  });

  it('reads a band as excluding its lower bound: 25-to-50 is more than 25, and 50-to-75 more than 50', () => {
    assert.equal(crosses(band(25, 50), 25, true), 'certain');
    assert.equal(crosses(band(50, 75), 50, true), 'certain');
    assert.equal(crosses(bandOf({ min: 50, max: 50 }), 50, true), 'no');
    assert.equal(crosses(bandOf({ min: 50, max: 50 }), 50), 'certain');
  });
});
