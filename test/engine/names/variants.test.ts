// Variant folding: different romanisations of the same name meet; ordinary words are left alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldVariant, foldVariants, VARIANT_GROUP_COUNT } from '../../../engine/names/index.js';

const sameFold = (spellings: readonly string[]): void => {
  const folded = new Set(spellings.map(foldVariant));
  assert.equal(folded.size, 1, `${spellings.join('/')} fold to ${[...folded].join(', ')}`);
};

describe('foldVariant', () => {
  it('folds curated groups to one spelling', () => {
    sameFold(['mohammed', 'muhammad', 'mohamed', 'mohammad', 'muhammed', 'mohamad']);
    // And as lists shorten it: Mohd in Malaysia, Mhd in Syria.
    sameFold(['muhammad', 'mohd', 'muhd', 'mhd']);
    sameFold(['yevgeny', 'evgeny', 'evgeniy', 'yevgeniy', 'evgenii']);
    sameFold(['aleksandr', 'alexander', 'aleksander', 'oleksandr', 'alexandr']);
    sameFold(['sergey', 'sergei', 'serhiy', 'sergiy']);
    sameFold(['qadhafi', 'gaddafi', 'kadhafi']);
    sameFold(['husayn', 'hussein', 'husain', 'hussain']);
    assert.equal(foldVariant('mohammed'), 'muhammad');
    assert.equal(foldVariant('arkadiy'), 'arkady');
  });

  it('folds Belarusian and Ukrainian given names, as their national systems write them, to the Russian name', () => {
    sameFold(['stepan', 'stsiapan', 'stiapan']);
    sameFold(['vladislav', 'vladyslav', 'uladzislau']);
    sameFold(['gennady', 'hennadiy', 'hienadz']);
    sameFold(['pavel', 'pavlo', 'paval']);
    sameFold(['yakov', 'yakiv']);
    sameFold(['iosif', 'yosyp']);
    sameFold(['boris', 'borys', 'barys']);
    sameFold(['konstantin', 'kostiantyn', 'kanstantsin']);
    sameFold(['oleg', 'oleh', 'aleh']);
    sameFold(['vyacheslav', 'viachaslau']);
  });

  it('has at least 60 groups', () => {
    assert.ok(VARIANT_GROUP_COUNT >= 60);
  });

  it('folds the -iy/-ii/-yy/-kyi adjective ending after a consonant', () => {
    sameFold(['volkhonskiy', 'volkhonskii', 'volkhonsky']);
    sameFold(['zelenskyi', 'zelenskyy', 'zelenskiy', 'zelensky', 'zelenski']);
    assert.equal(foldVariant('hawaii'), 'hawaii');
  });

  it('folds -vitch to -vich', () => {
    assert.equal(foldVariant('abramovitch'), 'abramovich');
  });

  it('leaves unknown and short words alone', () => {
    for (const word of ['acme', 'holdings', 'bank', 'ski', 'taxi', 'victoria', 'alex'])
      assert.equal(foldVariant(word), word);
  });
});

describe('foldVariants', () => {
  it('brings Arabic abd-names to the two-word form', () => {
    const expected = ['abdul', 'aziz'];
    assert.deepEqual(foldVariants(['abdulaziz']), expected);
    assert.deepEqual(foldVariants(['abdul', 'aziz']), expected);
    assert.deepEqual(foldVariants(['abd', 'al', 'aziz']), expected);
    assert.deepEqual(foldVariants(['abdel', 'aziz']), expected);
    assert.deepEqual(foldVariants(['abd', 'ar', 'rahman']), ['abdul', 'rahman']);
  });

  it('keeps known names that only look like compounds', () => {
    assert.deepEqual(foldVariants(['abdullah']), ['abdullah']);
    assert.deepEqual(foldVariants(['abd', 'allah']), ['abdullah']);
    assert.deepEqual(foldVariants(['abdallah']), ['abdullah']);
  });

  it('brings an al-Din compound written in three words, two or one to one word', () => {
    for (const words of [
      ['salah', 'al', 'din'],
      ['salah', 'ad', 'din'],
      ['salah', 'ud', 'din'],
      ['salah', 'eddine'],
      ['salah', 'uddin'],
      ['salah', 'din'],
      ['salahuddin'],
      ['salaheddine'],
      ['salahaldin'],
    ])
      assert.deepEqual(foldVariants(words), ['salahuddin'], words.join(' '));
    // The first name folded as it is alone: Nour and Noor are Nur.
    assert.deepEqual(foldVariants(['noureddine']), foldVariants(['nur', 'al', 'din']));
    assert.deepEqual(foldVariants(['badreddin', 'ahmad']), ['badruddin', 'ahmad']);
    // Any first name before the article and din; a word ending as one only after a first name of the compounds.
    assert.deepEqual(foldVariants(['ansar', 'al', 'din']), ['ansaruddin']);
    assert.deepEqual(foldVariants(['geraldine']), ['geraldine']);
    assert.deepEqual(foldVariants(['din', 'mohammad']), ['din', 'muhammad']);
    assert.deepEqual(foldVariants(['qari', 'din', 'mohammad']), ['qari', 'din', 'muhammad']);
    assert.deepEqual(foldVariants(['thor', 'odin']), ['thor', 'odin']);
  });
});
