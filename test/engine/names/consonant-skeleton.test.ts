// The consonants of a name, narrow (the index's keys) and broad (comparing two names), ASCII words and others alike.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { broadConsonantSkeleton, consonantSkeleton } from '../../../engine/names/consonant-skeleton.js';

describe('consonant skeletons', () => {
  it('drops vowels, w and y, collapses doubled letters across them, and drops a final h', () => {
    assert.equal(consonantSkeleton(['mohamed', 'ali']), 'mhmd l');
    assert.equal(consonantSkeleton(['muhammad', 'aly']), 'mhmd l');
    assert.equal(consonantSkeleton(['abdullah']), 'bdl');
    assert.equal(consonantSkeleton(['bababa']), 'b');
    assert.equal(consonantSkeleton(['hhh', 'david']), 'dbd', 'a word with nothing left is dropped');
  });

  it('merges spellings of one sound, a digraph taken where it begins', () => {
    assert.equal(consonantSkeleton(['moshe']), 'ms');
    assert.equal(consonantSkeleton(['cohen']), 'khn');
    assert.equal(consonantSkeleton(['tshombe']), 'shmb', 'ts is read before sh');
    assert.equal(consonantSkeleton(['tsh']), 's');
    assert.equal(consonantSkeleton(['tzadik']), 'sdk');
    assert.equal(consonantSkeleton(['philip', 'theodor']), 'plp tdr');
  });

  it('reads w as a consonant only when asked', () => {
    assert.equal(consonantSkeleton(['dawud']), 'd');
    assert.equal(consonantSkeleton(['dawud'], true), 'dbd');
    assert.equal(broadConsonantSkeleton(['dawud'], true), 'dbd');
  });

  it('compares broader classes where Persian and Arabic romanisations part', () => {
    assert.equal(consonantSkeleton(['moghadam']), 'mghdm');
    assert.equal(broadConsonantSkeleton(['moghadam']), 'mkdm');
    assert.equal(broadConsonantSkeleton(['asgari']), 'skr');
    assert.equal(broadConsonantSkeleton(['kazemi', 'kadhimi']), 'kzm kzm');
    assert.equal(consonantSkeleton(['kazemi', 'kadhimi']), 'kzm kdhm');
  });

  it('reads a word with letters beyond ASCII by the same rules', () => {
    assert.equal(consonantSkeleton(['şahin']), 'şhn');
    assert.equal(broadConsonantSkeleton(['ghaşem']), broadConsonantSkeleton(['qaşem']));
  });
});
