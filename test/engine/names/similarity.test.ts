// nameSimilarity: candidates ordered as a person would order them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameSimilarity, normaliseName, normaliseQuery } from '../../../engine/names/index.js';

const score = (query: string, candidate: string): number =>
  nameSimilarity(normaliseQuery(query), normaliseName(candidate));

describe('nameSimilarity', () => {
  it('scores an equal name with an equal legal form exactly 1', () => {
    assert.equal(score('Acme Holdings Ltd', 'ACME HOLDINGS LIMITED'), 1);
    assert.equal(score('Holdings Acme Ltd', 'ACME HOLDINGS LIMITED'), 1);
    assert.equal(score('Acme Holdings', 'ACME HOLDINGS LIMITED'), 1);
  });

  it('orders exact legal form > other legal form > typo > unrelated', () => {
    const query = 'Acme Holdings Ltd';
    const exact = score(query, 'Acme Holdings Limited');
    const otherForm = score(query, 'Acme Holdings Inc');
    const typo = score(query, 'Acme Holdngs Limited');
    const unrelated = score(query, 'Zenith Mining Limited');
    assert.ok(exact > otherForm, `${exact} > ${otherForm}`);
    assert.ok(otherForm > typo, `${otherForm} > ${typo}`);
    assert.ok(typo > unrelated, `${typo} > ${unrelated}`);
    assert.ok(unrelated < 0.1);
  });

  it('lowers the score a little for extra candidate words, more for missing query words', () => {
    const extra = score('Gazprom', 'Gazprom Neft PJSC');
    const missing = score('Gazprom Neft', 'Gazprom');
    assert.ok(extra > 0.8 && extra < 1, String(extra));
    assert.ok(missing < extra, `${missing} < ${extra}`);
  });

  it('rates a prefix above one edit, one edit above two, and two edits only in long words', () => {
    const prefix = score('Gazpro', 'Gazprom');
    const oneEdit = score('Transneftt', 'Transneft');
    const twoEdits = score('Transnefftt', 'Transneft');
    assert.ok(prefix > score('Gazprum', 'Gazprom'), 'prefix beats a typo');
    assert.ok(oneEdit > twoEdits, `${oneEdit} > ${twoEdits}`);
    assert.ok(twoEdits > 0.5, String(twoEdits));
    assert.ok(score('Gazprumm', 'Gazprom') < 0.1, 'a 7-letter word tolerates one edit only');
  });

  it('matches transliteration variants as equal', () => {
    assert.equal(score('Muhammad Qadhafi', 'Mohammed Gaddafi'), 1);
  });

  it('stays within 0..1 and is 0 for empty names', () => {
    assert.equal(score('', 'Acme'), 0);
    assert.equal(score('Acme', '***'), 0);
    for (const [q, c] of [
      ['a', 'b'],
      ['Acme Ltd', 'Acme'],
      ['OOO Romashka', 'Romashka LLC'],
    ] as const) {
      const s = score(q, c);
      assert.ok(s >= 0 && s <= 1, `${q} / ${c}: ${s}`);
    }
  });
});
