// FuzzyVocabulary: typo lookup, serialisation round trip, and a large vocabulary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceError } from '../../../engine/errors/service-error.js';
import { FuzzyVocabulary } from '../../../engine/names/index.js';

const internalError = (err: unknown): boolean => err instanceof ServiceError && err.code === 'internal';

const OIL_AND_GAS = [
  'gazprom',
  'gazpromneft',
  'rosneft',
  'lukoil',
  'novatek',
  'transneft',
  'sberbank',
  'gaz',
  'prom',
  'gazelle',
];

describe('FuzzyVocabulary.near', () => {
  const vocabulary = FuzzyVocabulary.build(OIL_AND_GAS);

  it('finds a token one edit away: substitution, insertion, deletion, transposition', () => {
    for (const typo of ['gazprum', 'gasprom', 'gazpom', 'gazprrom', 'agzprom', 'gazporm']) {
      assert.ok(vocabulary.near(typo).includes('gazprom'), typo);
    }
  });

  it('finds nothing for very different words', () => {
    assert.deepEqual(vocabulary.near('microsoft'), []);
    assert.deepEqual(vocabulary.near('zzzzzzz'), []);
  });

  it('gives short tokens no fuzzy matches', () => {
    assert.deepEqual(vocabulary.near('gax'), []);
    assert.deepEqual(vocabulary.near('gaz'), ['gaz']);
  });

  it('lists the token itself first, then by distance', () => {
    assert.equal(vocabulary.near('gazprom')[0], 'gazprom');
    assert.deepEqual(vocabulary.near('transneftt'), ['transneft']);
  });

  it('finds two-edit matches for long tokens when one outer third is intact', () => {
    assert.ok(vocabulary.near('gazpronneft').includes('gazpromneft'));
    assert.ok(vocabulary.near('gazpromnefft').includes('gazpromneft'));
  });

  it('honours an explicit maxDistance', () => {
    assert.deepEqual(vocabulary.near('gazprum', 0), []);
    assert.ok(vocabulary.near('rosnfte', 2).includes('rosneft'));
  });
});

describe('FuzzyVocabulary serialisation', () => {
  it('round-trips through the sorted token list', () => {
    const built = FuzzyVocabulary.build([...OIL_AND_GAS, 'gazprom', '']);
    const sorted = built.serialize();
    assert.deepEqual(sorted, [...new Set(OIL_AND_GAS)].sort());
    const loaded = FuzzyVocabulary.fromSorted([...sorted]);
    assert.equal(loaded.size, built.size);
    assert.deepEqual(loaded.near('gazprum'), built.near('gazprum'));
    assert.ok(loaded.has('lukoil'));
    assert.ok(!loaded.has('lukoi'));
  });

  it('rejects a list that is not strictly ascending', () => {
    assert.throws(() => FuzzyVocabulary.fromSorted(['b', 'a']), internalError);
    assert.throws(() => FuzzyVocabulary.fromSorted(['a', 'a']), internalError);
  });
});

describe('FuzzyVocabulary at scale', () => {
  it('handles a 500k-token random vocabulary', () => {
    let seed = 42;
    const letter = (): string => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return String.fromCharCode(97 + Math.floor((seed / 4294967296) * 26));
    };
    const tokens: string[] = [];
    for (let i = 0; i < 500_000; i++) {
      let token = '';
      const length = 4 + (i % 8);
      for (let j = 0; j < length; j++) token += letter();
      tokens.push(token);
    }
    tokens.push('gazprom');
    const vocabulary = FuzzyVocabulary.build(tokens);
    assert.ok(vocabulary.size > 490_000);
    assert.ok(vocabulary.near('gazprum').includes('gazprom'));
    for (const token of tokens.slice(0, 2000)) {
      const near = vocabulary.near(token);
      assert.equal(near[0], token);
      const typo = token.slice(0, 2) + token.slice(3);
      assert.ok(vocabulary.near(typo, 1).includes(token), `${typo} → ${token}`);
    }
    const reloaded = FuzzyVocabulary.fromSorted(vocabulary.serialize());
    assert.deepEqual(reloaded.near('gazpron'), vocabulary.near('gazpron'));
  });
});
