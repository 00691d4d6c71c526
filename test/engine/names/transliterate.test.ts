// foldToAscii: accents, special letters, Cyrillic and Greek, and how punctuation splits or joins words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldToAscii } from '../../../engine/names/index.js';

describe('foldToAscii', () => {
  it('lower-cases and strips diacritics', () => {
    assert.equal(foldToAscii('Société Générale'), 'societe generale');
    assert.equal(foldToAscii('Müller'), foldToAscii('Muller'));
    assert.equal(foldToAscii('Façade São Paulo'), 'facade sao paulo');
  });

  it('spells out letters NFKD does not decompose', () => {
    assert.equal(
      foldToAscii('Straße Æble Œuvre Ørsted Łódź Đorđe Þór Iğdır'),
      'strasse aeble oeuvre orsted lodz dorde thor igdir',
    );
  });

  it('romanises Russian and Ukrainian Cyrillic', () => {
    assert.equal(foldToAscii('ООО Ромашка'), 'ooo romashka');
    assert.equal(foldToAscii('Щукин Юрий Хрущёв'), 'shchukin yuriy khrushchev');
    assert.equal(foldToAscii('Объединённая'), 'obedinennaya');
    assert.equal(foldToAscii('Київ Єнакієве Ґудзь'), 'kiyiv yenakiyeve gudz');
  });

  it('romanises Greek, accents included', () => {
    assert.equal(foldToAscii('Ελληνικά Πετρέλαια'), 'ellinika petrelaia');
  });

  it('joins words across apostrophes and dots, splits on other punctuation', () => {
    assert.equal(foldToAscii("O'Brien"), 'obrien');
    assert.equal(foldToAscii('O’Brien'), 'obrien');
    assert.equal(foldToAscii('L.T.D.'), 'ltd');
    assert.equal(foldToAscii('S.à r.l.'), 'sa rl');
    assert.equal(foldToAscii('Rolls-Royce/Bentley & Co'), 'rolls royce bentley co');
  });

  it('collapses separators and trims', () => {
    assert.equal(foldToAscii('  ACME,\t(UK)  --  Ltd. '), 'acme uk ltd');
    assert.equal(foldToAscii('!!!'), '');
    assert.equal(foldToAscii(''), '');
  });

  it('folds compatibility forms and leaves other scripts as separators', () => {
    assert.equal(foldToAscii('Ａｃｍｅ ﬁnance'), 'acme finance');
    assert.equal(foldToAscii('Acme 株式会社 Japan'), 'acme japan');
    assert.equal(foldToAscii('𝐀𝐜𝐦𝐞'), 'acme');
  });

  it('keeps a non-breaking space a word separator', () => {
    assert.equal(foldToAscii('Acme\u00a0Ltd'), 'acme ltd');
  });
});
