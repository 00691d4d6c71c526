// Korean company names written as one run: the brand and the common words split apart, and nothing else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitKoreanCompound } from '../../../engine/names/korean-compounds.js';
import { romaniseRun } from '../../../engine/names/script-readers.js';

describe('splitKoreanCompound', () => {
  it('splits the common words off the end of a company name, one after another', () => {
    assert.deepEqual(splitKoreanCompound('삼성전자'), ['삼성', '전자']);
    assert.deepEqual(splitKoreanCompound('대우조선해양'), ['대우', '조선', '해양']);
    assert.deepEqual(splitKoreanCompound('현대중공업'), ['현대', '중공업']);
  });

  it('leaves a brand of two syllables, a legal form on its own, and a name without such words whole', () => {
    assert.deepEqual(splitKoreanCompound('조선'), ['조선']);
    assert.deepEqual(splitKoreanCompound('박전기'), ['박전기']);
    assert.deepEqual(splitKoreanCompound('주식회사'), ['주식회사']);
    assert.deepEqual(splitKoreanCompound('김정은'), ['김정은']);
  });

  it('gives the words to the romanisation', () => {
    assert.equal(romaniseRun('삼성전자', 'hangul'), 'samseong jeonja');
    assert.equal(romaniseRun('김정은', 'hangul'), 'gimjeongeun');
  });
});
