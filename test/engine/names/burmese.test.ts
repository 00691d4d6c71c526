// Burmese names read a syllable at a time, as their holders and the lists spell them in Latin letters.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { romaniseBurmese } from '../../../engine/names/burmese.js';
import { foldToAscii } from '../../../engine/names/index.js';

describe('romaniseBurmese', () => {
  it('reads the vowel sign written before its consonant, and the final silenced by the asat', () => {
    assert.equal(romaniseBurmese('အောင်ဆန်းစုကြည်'), 'aung san su kyi');
    assert.equal(romaniseBurmese('မောင်'), 'maung');
    assert.equal(romaniseBurmese('ကျော်'), 'kyaw');
  });

  it('sounds a syllable by its vowel and final together', () => {
    assert.equal(romaniseBurmese('မင်းအောင်လှိုင်'), 'min aung hlaing');
    assert.equal(romaniseBurmese('သိန်းစိန်'), 'thein sein');
    assert.equal(romaniseBurmese('ထင်ကျော်'), 'htin kyaw');
    assert.equal(romaniseBurmese('ရန်ကုန်'), 'yan kon');
  });

  it('reads the medials: y (ျ ြ), w (ွ) and the h (ှ) that makes ရ into sh', () => {
    assert.equal(romaniseBurmese('မြန်မာ'), 'myan ma');
    assert.equal(romaniseBurmese('ရွှေမန်း'), 'shwe man');
    assert.equal(romaniseBurmese('ထွန်းထွန်း'), 'htun htun');
    assert.equal(romaniseBurmese('ခင်ညွန့်'), 'khin nyun');
  });

  it('closes a syllable with a consonant stacked under the next one', () => {
    assert.equal(romaniseBurmese('ကမ္ဘောဇ'), 'kan baw za');
  });

  it('reads independent vowels, tone marks and digits', () => {
    assert.equal(romaniseBurmese('ဦးသန့်'), 'u than');
    assert.equal(romaniseBurmese('၁၂၃'), '123');
  });
});

describe('foldToAscii of Burmese', () => {
  it('romanises each run of the Myanmar script and keeps what is around it', () => {
    assert.equal(foldToAscii('ကမ္ဘောဇ ဘဏ် (KBZ)'), 'kan baw za ban kbz');
  });
});
