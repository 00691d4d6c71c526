// Words that only say what kind of organisation a name names, added by one name to the other.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kindsAdded } from '../../../engine/resolution/organisation-kinds.js';

describe('kindsAdded', () => {
  it('gives both names without their words of kind when one adds such words to the other', () => {
    assert.deepEqual(kindsAdded(['al', 'haramain'], ['al', 'haramain', 'foundation']), {
      a: ['al', 'haramain'],
      b: ['al', 'haramain'],
      added: ['foundation'],
    });
    assert.deepEqual(kindsAdded(['imam', 'hossein', 'university', 'complex'], ['imam', 'hossein', 'university']), {
      a: ['imam', 'hossein', 'university'],
      b: ['imam', 'hossein', 'university'],
      added: ['complex'],
    });
  });

  it('takes no swapped kind, no name that adds none, and no name of kind words alone', () => {
    assert.equal(kindsAdded(['amin', 'complex'], ['amin', 'institute']), null);
    assert.equal(kindsAdded(['amin', 'complex'], ['amin', 'complex']), null);
    assert.equal(kindsAdded(['foundation'], ['al', 'aqsa', 'foundation', 'society']), null);
    // Group and Center are no words of kind: a group holds companies, a center is a body of its own.
    assert.equal(kindsAdded(['acme'], ['acme', 'group']), null);
    assert.equal(kindsAdded(['unmanned', 'systems'], ['unmanned', 'systems', 'center']), null);
  });
});
