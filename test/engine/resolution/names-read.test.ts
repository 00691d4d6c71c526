// What the scorer read from names, kept per kind: one name read as a person and as a company is two entries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NamesRead } from '../../../engine/resolution/names-read.js';

describe('NamesRead', () => {
  it('keeps what was read per kind and name', () => {
    const read = new NamesRead<number>(10);
    read.set('person', 'Ali Hassan', 1);
    read.set('company', 'Ali Hassan', 2);
    assert.equal(read.get('person', 'Ali Hassan'), 1);
    assert.equal(read.get('company', 'Ali Hassan'), 2);
    assert.equal(read.get('vessel', 'Ali Hassan'), undefined);
    assert.equal(read.get('person', 'Ali  Hassan'), undefined);
  });

  it('forgets everything once it holds its limit, counting a name set again once', () => {
    const read = new NamesRead<number>(3);
    read.set('any', 'a', 1);
    read.set('any', 'a', 2);
    read.set('company', 'b', 3);
    read.set('person', 'c', 4);
    assert.equal(read.get('any', 'a'), 2, 'three names held: the limit is not passed yet');
    read.set('any', 'd', 5);
    assert.equal(read.get('any', 'a'), undefined);
    assert.equal(read.get('person', 'c'), undefined);
    assert.equal(read.get('any', 'd'), 5);
  });
});
