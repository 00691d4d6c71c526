// Names compared across an abjad by their consonants: the words of one name broken where the other's break.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinedAsIn } from '../../../engine/resolution/consonant-agreement.js';

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
