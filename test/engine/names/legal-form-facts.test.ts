// Legal forms with what they imply: the countries whose law has them and their generic kind, from the GLEIF ELF
// code list and rigour's organisation types; the table is the generator's output for the shared copies of both.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { compareLegalForms, foldToAscii, legalFormsOf, splitLegalFormFacts } from '../../../engine/names/index.js';
import { legalFormTable, TABLE_FILE } from '../../../tools/generate-legal-forms.js';
import { SHARED_DATA, skipUnlessShared } from '../../helpers/shared-data.js';

const forms = (name: string): ReturnType<typeof legalFormsOf> => legalFormsOf(foldToAscii(name).split(' '));

describe('legal forms', () => {
  it('finds a form at the end or the start of a name, spelled out or abbreviated', () => {
    assert.deepEqual(
      forms('Acme GmbH').map((f) => f.phrase),
      ['gmbh'],
    );
    assert.deepEqual(
      forms('Acme Spółka z ograniczoną odpowiedzialnością').map((f) => f.phrase),
      ['spolka z ograniczona odpowiedzialnoscia'],
    );
    assert.deepEqual(
      forms('OOO Romashka').map((f) => f.phrase),
      ['ooo'],
    );
    assert.deepEqual(forms('GmbH'), [], 'a name made only of a form keeps it as its name');
  });

  it('gives the name without its forms, and takes a roman numeral for a number, not a form', () => {
    const split = (name: string): readonly string[] => splitLegalFormFacts(foldToAscii(name).split(' ')).rest;
    assert.deepEqual(split('PT Bank Mandiri Perseroan Terbatas'), ['bank', 'mandiri']);
    // A form neither list holds, which the generator adds: a federally chartered credit union.
    assert.deepEqual(split('Great Plains Federal Credit Union'), ['great', 'plains']);
    assert.deepEqual(split("Obshchestvo s ogranichennoi otvetstvennostyu 'Romashka'"), ['romashka']);
    assert.deepEqual(forms('Ocean Fund II'), [], 'Lithuanian IĮ folds to "ii", as does the numeral');
  });

  it('finds a form of several words in any romanisation of its letters, as found, with what the lists say of it', () => {
    const split = (name: string): readonly string[] => splitLegalFormFacts(foldToAscii(name).split(' ')).rest;
    // щ as shch, sch or shh; й as y, i or j; ц as ts or c; a doubled letter written once.
    for (const name of [
      'Obschestvo s ogranichennoi otvetstvennostyu Mokran',
      "Obshhestvo s ogranichennoj otvetstvennost'ju Mokran",
      'Zakrytoe akcionernoe obshchestvo Mokran',
      'Mokran Obshchestvo s ogranichenoi otvetstvenostyu',
    ])
      assert.deepEqual(split(name), ['mokran'], name);
    const [found] = forms('Obschestvo s ogranichennoi otvetstvennostyu Mokran');
    assert.equal(found?.phrase, 'obschestvo s ogranichennoi otvetstvennostyu');
    assert.deepEqual(found?.generic, ['LLC']);
    // One word alone is not read so loosely: Ao is a form, Aj and Ai are not.
    assert.deepEqual(split('AO Mokran'), ['mokran']);
    assert.deepEqual(split('Aj Mokran'), ['aj', 'mokran']);
    assert.deepEqual(split('Obschestvo s ogranichennoi otvetstvennostyu'), [
      'obschestvo',
      's',
      'ogranichennoi',
      'otvetstvennostyu',
    ]);
  });

  it('tells forms of different countries apart, and takes the English words lists translate into as any country', () => {
    assert.equal(compareLegalForms(forms('Acme GmbH'), forms('Acme Sdn Bhd')), 'other-country');
    assert.equal(
      compareLegalForms(forms('Acme sp. z o.o.'), forms('Acme Spółka z ograniczoną odpowiedzialnością')),
      'agree',
    );
    assert.equal(
      compareLegalForms(forms('Kaliningradnefteprodukt OOO'), forms('Kaliningradnefteprodukt LLC')),
      'agree',
    );
    assert.equal(compareLegalForms(forms('Acme'), forms('Acme GmbH')), 'none');
  });

  it(
    'is the generator’s table for the shared ELF list and organisation types',
    { skip: skipUnlessShared('gleif', 'code-lists') },
    () => {
      assert.equal(readFileSync(TABLE_FILE, 'utf8'), legalFormTable(path.dirname(SHARED_DATA)));
    },
  );
});
