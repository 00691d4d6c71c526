// foldToAscii: accents, special letters, every script romanised, and how punctuation splits or joins words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldToAscii, normaliseName, otherReadings } from '../../../engine/names/index.js';

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
    assert.equal(foldToAscii('Київ Єнакієве Ґудзь'), 'kiiv ienakiieve gudz');
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

  it('leaves out the Persian ezafe hyphened to a word, and nothing else', () => {
    assert.equal(foldToAscii('MEHR-E EQTESAD-E IRANIAN'), 'mehr eqtesad iranian');
    assert.equal(foldToAscii('Khane-ye Mellat'), 'khane mellat');
    assert.equal(foldToAscii('Setad-e Ejraei-e Farman-e Emam'), 'setad ejraei farman emam');
    assert.equal(foldToAscii('Falah-i-Insaniat Foundation'), 'falah insaniat foundation');
    assert.equal(foldToAscii('Jean-Eric Coca-Cola -e E-Trade Kim Sun-i'), 'jean eric coca cola e e trade kim sun i');
  });

  it('collapses separators and trims', () => {
    assert.equal(foldToAscii('  ACME,\t(UK)  --  Ltd. '), 'acme uk ltd');
    assert.equal(foldToAscii('!!!'), '');
    assert.equal(foldToAscii(''), '');
  });

  it('folds compatibility forms', () => {
    assert.equal(foldToAscii('Ａｃｍｅ ﬁnance'), 'acme finance');
    assert.equal(foldToAscii('𝐀𝐜𝐦𝐞'), 'acme');
  });

  it('romanises the scripts sanctions lists and registries write names in', () => {
    assert.equal(foldToAscii('Հայաստան'), 'hayastan');
    assert.equal(foldToAscii('საქართველო'), 'sakartvelo');
    assert.equal(foldToAscii('بنك ملي'), 'bnk mly');
    assert.equal(foldToAscii('ไทย'), 'aithy');
    // Burmese vowel signs and medials are read with their syllable, not stripped like accents (burmese.ts).
    assert.equal(foldToAscii('မြန်မာ'), 'myan ma');
  });

  it('reads unpointed Hebrew as consonants, ב as b', () => {
    assert.equal(foldToAscii('מגדל'), 'mgdl');
    assert.equal(foldToAscii('בנק לאומי'), 'bnq lwmy');
    assert.equal(foldToAscii('Bank of Israel בנק ישראל'), 'bank of israel bnq ysrl');
  });

  it('reads Chinese, Japanese kana and Korean by the run, each run words of its own', () => {
    assert.equal(foldToAscii('习近平'), 'xi jin ping');
    assert.equal(foldToAscii('Acme株式会社'), 'acme zhu shi hui she');
    assert.equal(foldToAscii('トヨタ'), 'toyota');
    assert.equal(foldToAscii('김정은'), 'gimjeongeun');
    // The other romanisation of Korean, which North Korea's names and most lists follow, is a reading of its own.
    assert.deepEqual(otherReadings('김정은').map(foldToAscii), ['kimjongun']);
    assert.deepEqual(otherReadings('Kim Jong Un'), []);
    // McCune–Reischauer's unaspirated ch as the system writes it, and as North Korea and the lists do (j, and th for t').
    assert.deepEqual(otherReadings('장성택').map(foldToAscii), ['changsongtaek', 'jangsongthaek']);
    // A name opening with Chosŏn (Korea) has it as a word of its own, as it has its common words.
    assert.deepEqual(otherReadings('조선광선은행').map(foldToAscii), [
      'choson kwangson unhaeng',
      'joson kwangson unhaeng',
    ]);
    assert.equal(foldToAscii('조선광선은행'), 'joseon gwangseon eunhaeng');
    assert.equal(foldToAscii('대우조선해양'), 'daeu joseon haeyang');
    // A company's common word written onto its brand is a word of its own (은행, bank).
    assert.equal(foldToAscii('조선 광선은행'), 'joseon gwangseon eunhaeng');
  });

  it('joins a Chinese syllable that is also a stop word to its neighbour, so that normalisation keeps it', () => {
    // 达 da and 大 da would be dropped as the da of Portuguese names, 德 de as the de of French ones.
    assert.equal(foldToAscii('宏达贸易'), 'hongda mao yi');
    assert.equal(foldToAscii('大连海运'), 'dalian hai yun');
    assert.equal(foldToAscii('迪拜德'), 'dibaide');
    assert.deepEqual(normaliseName('宏达贸易').core, ['hongda', 'mao', 'yi']);
    // A syllable alone is a word like any other.
    assert.equal(foldToAscii('德'), 'de');
  });

  it('reads kanji also as Japanese, with the words and readings of a dictionary, long vowels as names write them', () => {
    assert.deepEqual(otherReadings('三菱商事'), ['mitsubishishoji']);
    assert.deepEqual(otherReadings('株式会社東芝'), ['kabushikigaisha toshiba']);
    assert.deepEqual(otherReadings('トヨタ自動車'), ['toyotajidosha']);
    assert.deepEqual(otherReadings('ソフトバンク'), []);
    assert.deepEqual(otherReadings('Mitsubishi'), []);
  });

  it('gives no Japanese reading to kanji the dictionary cannot read: simplified Chinese is read as Chinese only', () => {
    assert.deepEqual(otherReadings('华为技术有限公司'), []);
    assert.deepEqual(otherReadings('中国石油天然气集团有限公司'), []);
    assert.equal(foldToAscii('华为技术有限公司'), 'hua wei ji shu you xian gong si');
  });

  it('keeps a non-breaking space a word separator', () => {
    assert.equal(foldToAscii('Acme\u00a0Ltd'), 'acme ltd');
  });
});
