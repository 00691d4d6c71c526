// Names compared across an abjad by their consonants: the words of one name broken where the other's break.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consonantAgreement, joinedAsIn } from '../../../engine/resolution/consonant-agreement.js';

describe('joinedAsIn', () => {
  it("joins two neighbours that are one word of the other name's, the first alone none", () => {
    // Abd al-Rahim Yasin (bz lrhm sn) against عبدالرحيم ياسين (bzlrhm sn).
    assert.deepEqual(joinedAsIn(['bz', 'lrhm', 'sn'], ['bzlrhm', 'sn']), ['bzlrhm', 'sn']);
    assert.deepEqual(joinedAsIn(['bzlrhm', 'sn'], ['bz', 'lrhm', 'sn']), ['bzlrhm', 'sn']);
    // A word the other name has alone stays apart: Amin Allah Amin, Aminullah Amin.
    assert.deepEqual(joinedAsIn(['mn', 'l', 'mn'], ['mnl', 'mn']), ['mn', 'l', 'mn']);
  });

  it('never joins a lone l, Allah or Ali, to the word after it as if it were the article', () => {
    // شفیق الله احمدی (Shafiqullah Ahmadi): الله closes Shafiq, and Ahmadi is no al-Ahmadi.
    assert.deepEqual(joinedAsIn(['mhmz', 'spk', 'l', 'hmz'], ['mhmz', 'spk', 'lhmz']), ['mhmz', 'spk', 'l', 'hmz']);
  });
});

describe('consonantAgreement', () => {
  it('reads Abdul Hakim as Abd al-Hakim too, as the Arabic script writes it, each word its very consonants', () => {
    // عبد الحكيم مراد as read: the article joined to Hakim, where Abdul joins it to Abd.
    const apart = consonantAgreement(['bd', 'lhkym', 'mrd'], [['abdul', 'hakim', 'murad']], true);
    assert.equal(apart.score, 1);
    assert.equal(apart.covered, true);
    assert.equal(apart.other, 'bz lhkm mrz');
    // عبدالحكيم مراد, written as one word, is met from Abdul Hakim as Latin names write it.
    const joined = consonantAgreement(['bdlhkym', 'mrd'], [['abdul', 'hakim', 'murad']], true);
    assert.equal(joined.score, 1);
    assert.equal(joined.other, 'bzl hkm mrz');
  });
});
