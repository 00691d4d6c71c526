// normaliseName: the properties the index and the query both rely on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normaliseName, normaliseQuery } from '../../../engine/names/index.js';

const sameKey = (a: string, b: string): void =>
  assert.equal(normaliseName(a).key, normaliseName(b).key, `${a} vs ${b}`);

describe('normaliseName', () => {
  it('gives one core and legal form for the spellings of a UK company', () => {
    const expected = { core: ['acme', 'holdings'], legal: ['ltd'], key: 'acme holdings' };
    for (const raw of ['ACME HOLDINGS LIMITED', 'Acme Holdings Ltd', 'acme holdings L.T.D.'])
      assert.deepEqual(normaliseName(raw), expected, raw);
  });

  it('ignores diacritics', () => {
    sameKey('Société Générale', 'SOCIETE GENERALE');
    sameKey('Müller', 'Muller');
  });

  it('romanises Cyrillic names and their legal forms', () => {
    assert.deepEqual(normaliseName('ООО Ромашка'), { core: ['romashka'], legal: ['ooo'], key: 'romashka' });
    assert.deepEqual(normaliseName('Общество с ограниченной ответственностью «Ромашка»').legal, ['ooo']);
  });

  it('folds transliteration variants', () => {
    sameKey('Mohammed Al Rashid', 'Muhammad Al Rasheed');
    sameKey('Volkhonskiy', 'Volkhonsky');
    sameKey('Arkadiy Rotenberg', 'Arkady Rotenberg');
    sameKey('Abdulaziz', 'Abd al-Aziz');
  });

  it('gives the same key in any word order', () => {
    sameKey('Rotenberg Arkady', 'Arkady Rotenberg');
    sameKey('ROTENBERG, Arkadiy Romanovich', 'Arkady Romanovich Rotenberg');
    assert.deepEqual(normaliseName('Holdings Acme Ltd').core, ['holdings', 'acme']);
  });

  it('maps S.à r.l. and Sp. z o.o. to their codes', () => {
    assert.deepEqual(normaliseName('Foo Investments S.à r.l.').legal, ['sarl']);
    assert.deepEqual(normaliseName('Bar Sp. z o.o.').legal, ['sp-z-oo']);
  });

  it('drops stop words unless nothing else is left', () => {
    assert.deepEqual(normaliseName('The Bank of New York').core, ['bank', 'new', 'york']);
    assert.deepEqual(normaliseName('Banco de la Nación').core, ['banco', 'nacion']);
    assert.deepEqual(normaliseName('De').core, ['de']);
  });

  it('keeps the words of a name made only of legal forms', () => {
    assert.deepEqual(normaliseName('Limited Co'), { core: ['limited', 'co'], legal: [], key: 'co limited' });
    assert.deepEqual(normaliseName('The Company Limited').core, ['company', 'limited']);
  });

  it('returns an empty name for empty input', () => {
    assert.deepEqual(normaliseName(' -- '), { core: [], legal: [], key: '' });
  });

  it('is the same function for queries', () => {
    assert.equal(normaliseQuery, normaliseName);
  });
});
