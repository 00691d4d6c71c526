// Patronymics: one father's name in Russian, Ukrainian, Belarusian and other romanisations meets itself.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldVariant, normaliseName } from '../../../engine/names/index.js';
import { foldPatronymic } from '../../../engine/names/patronymics.js';

const sameFold = (spellings: readonly string[]): void => {
  const folded = new Set(spellings.map(foldVariant));
  assert.equal(folded.size, 1, `${spellings.join('/')} fold to ${[...folded].join(', ')}`);
};

describe('foldPatronymic', () => {
  it("writes a son's patronymic one way whatever the romanisation", () => {
    sameFold(['nikolayevich', 'nikolaevich', 'mykolaiovych', 'mikolayovich', 'nikolajevitj', 'nikolajevic']);
    sameFold(['sergeyevich', 'sergeevich', 'serhiiovych']);
    sameFold(['yurievich', 'yuryevich', 'yurevich', 'yuriyovich', 'yuriiovych']);
    sameFold(['vladimirovich', 'volodymyrovych', 'uladzimiravich']);
    sameFold(['vasilyevich', 'vasylovych']);
    sameFold(['vyacheslavovich', 'vjaceslavovic']);
    sameFold(['iosifovich', 'yosypovych']);
  });

  it("writes a daughter's patronymic one way, and keeps it a daughter's", () => {
    sameFold(['nikolaevna', 'mykolaivna', 'mikolaivna']);
    sameFold(['yurievna', 'yuriivna']);
    sameFold(['aleksandrovna', 'oleksandrivna']);
    assert.notEqual(foldVariant('nikolaevna'), foldVariant('nikolaevich'));
  });

  it('makes the ending one for a father the variant table does not know', () => {
    sameFold(['ivanovich', 'ivanovych']);
    sameFold(['stanislavavich', 'stanislavovich']);
  });

  it('leaves words that are not patronymics alone', () => {
    assert.equal(
      foldPatronymic('moscow', () => undefined),
      undefined,
    );
    assert.equal(
      foldPatronymic('lovich', () => undefined),
      undefined,
      'too short a stem to be a name',
    );
    assert.equal(foldVariant('abramovich'), 'abramovich');
  });

  it('lets a Ukrainian name in Cyrillic meet its Russian form', () => {
    const core = (name: string): string => normaliseName(name).core.join(' ');
    assert.equal(core('БУЙНОВ Олександр Миколайович'), core('Буйнов Александр Николаевич'));
    assert.equal(core('ГОРБОЛЬ Микола Юрійович'), core('ГОРБОЛЬ Николай Юрьевич'));
    assert.equal(core('БОБКОВА Олена Миколаївна'), core('BOBKOVA Elena Nikolaevna'));
  });
});
