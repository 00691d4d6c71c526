import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MissingEntryError, missing } from '../../../engine/errors/missing.js';

describe('missing', () => {
  it('passes a present entry through untouched, zero and the empty string included', () => {
    const counts = new Int32Array([0, 7]);
    const names = ['', 'Acme Ltd'];
    assert.equal(counts[0] ?? missing('count'), 0);
    assert.equal(names[0] ?? missing('name'), '');
    assert.equal(new Map([['a', 1]]).get('a') ?? missing('a'), 1);
  });

  it('throws a MissingEntryError naming what was absent', () => {
    const ids: string[] = ['e1'];
    assert.throws(() => ids[3] ?? missing('entity id'), MissingEntryError);
    assert.throws(() => ids[3] ?? missing('entity id'), /entity id is missing/);
  });
});
