// Legal-form splitting: trailing phrases (longest first), leading forms, distinctive tokens anywhere.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldToAscii, LEGAL_FORM_CODES, splitLegalForms, type LegalSplit } from '../../../engine/names/index.js';

const split = (raw: string): LegalSplit => splitLegalForms(foldToAscii(raw).split(' '), raw);

describe('splitLegalForms', () => {
  it('maps true equivalents to one code', () => {
    for (const raw of ['Acme Limited', 'Acme Ltd', 'Acme L.T.D.', 'Acme Co., Ltd.', 'Acme Cyfyngedig']) {
      assert.deepEqual(split(raw), { core: ['acme'], legal: ['ltd'] }, raw);
    }
    for (const raw of ['Acme LLC', 'Acme L.L.C.', 'Acme Limited Liability Company'])
      assert.deepEqual(split(raw).legal, ['llc'], raw);
    for (const raw of ['Acme GmbH', 'Acme Gesellschaft mit beschränkter Haftung'])
      assert.deepEqual(split(raw).legal, ['gmbh'], raw);
  });

  it('prefers the longest trailing phrase', () => {
    assert.deepEqual(split('XYZ GmbH & Co. KG'), { core: ['xyz'], legal: ['gmbh-co-kg'] });
    assert.deepEqual(split('Acme S.A. de C.V.'), { core: ['acme'], legal: ['sa-de-cv'] });
    assert.deepEqual(split('Acme Public Limited Company'), { core: ['acme'], legal: ['plc'] });
    assert.deepEqual(split('Acme Pte. Ltd.'), { core: ['acme'], legal: ['pvt-ltd'] });
  });

  it('recognises the French, Luxembourg and Polish dotted forms', () => {
    assert.deepEqual(split('Foo S.à r.l.').legal, ['sarl']);
    assert.deepEqual(split('Foo S.A.R.L.').legal, ['sarl']);
    assert.deepEqual(split('Foo SARL').legal, ['sarl']);
    assert.deepEqual(split('Bar Sp. z o.o.'), { core: ['bar'], legal: ['sp-z-oo'] });
    assert.deepEqual(split('Bar spółka z ograniczoną odpowiedzialnością').legal, ['sp-z-oo']);
  });

  it('strips stacked trailing forms and leading forms', () => {
    assert.deepEqual(split('PT Bank Mandiri (Persero) Tbk'), {
      core: ['bank', 'mandiri'],
      legal: ['pt', 'persero', 'tbk'],
    });
    assert.deepEqual(split('OOO Romashka'), { core: ['romashka'], legal: ['ooo'] });
    assert.deepEqual(split('PJSC Gazprom'), { core: ['gazprom'], legal: ['pjsc'] });
  });

  it('strips distinctive tokens anywhere', () => {
    assert.deepEqual(split('Acme Ltd (in liquidation)'), { core: ['acme', 'in', 'liquidation'], legal: ['ltd'] });
  });

  it('leaves ambiguous abbreviations alone where they are not legal forms', () => {
    assert.deepEqual(split('Pat Smith'), { core: ['pat', 'smith'], legal: [] });
    assert.deepEqual(split('SA Holdings'), { core: ['sa', 'holdings'], legal: [] });
    assert.deepEqual(split('Too Faced Cosmetics'), { core: ['too', 'faced', 'cosmetics'], legal: [] });
  });

  it('reads Cyrillic-only abbreviations when the name is in Cyrillic', () => {
    assert.deepEqual(split('ПАТ Укрнафта'), { core: ['ukrnafta'], legal: ['pat'] });
    assert.deepEqual(split('ТОВ Ромашка'), { core: ['romashka'], legal: ['tov'] });
  });

  it('keeps holdings and group as core words', () => {
    assert.deepEqual(split('Acme Holdings Group plc'), { core: ['acme', 'holdings', 'group'], legal: ['plc'] });
  });

  it('exposes distinct codes', () => {
    assert.equal(new Set(LEGAL_FORM_CODES).size, LEGAL_FORM_CODES.length);
    for (const code of ['ltd', 'plc', 'llc', 'inc', 'corp', 'gmbh', 'sarl', 'ooo', 'sp-z-oo', 'kk', 'fze'])
      assert.ok(LEGAL_FORM_CODES.includes(code), code);
  });
});
