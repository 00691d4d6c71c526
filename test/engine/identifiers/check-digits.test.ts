// Check-digit algorithms against published identifiers, and the generators against the validators.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  cnpjWithCheckDigits,
  isValidCnpj,
  isValidLei,
  leiCheckDigits,
  leiWithCheckDigits,
  luhnValid,
  sirenWithCheckDigit,
} from '../../../engine/identifiers/index.js';

// Seeded (mulberry32) so a failing generated value can be reproduced.
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomString(random: () => number, alphabet: string, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += alphabet[Math.floor(random() * alphabet.length)] ?? '';
  return s;
}

const DIGITS = '0123456789';
const ALNUM = `${DIGITS}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;

void describe('LEI check digits', () => {
  // Published LEIs; all but the second are in the GLEIF samples under ../shared/data.
  const published = ['5493001KJTIIGC8Y1R12', '213800D1EI4B9WTWWD28', '529900T8BM49AURSDO55', '029200013A5N6ZD0F605'];

  void it('recomputes the check digits of published LEIs', () => {
    for (const lei of published) {
      assert.equal(leiCheckDigits(lei.slice(0, 18)), lei.slice(18), lei);
      assert.equal(leiWithCheckDigits(lei.slice(0, 18)), lei);
      assert.equal(isValidLei(lei), true, lei);
    }
  });

  void it('rejects a changed check digit, a changed body character and swapped characters', () => {
    assert.equal(isValidLei('5493001KJTIIGC8Y1R13'), false);
    assert.equal(isValidLei('5493001KJTIIGC8Y1S12'), false);
    assert.equal(isValidLei('4593001KJTIIGC8Y1R12'), false);
  });

  void it('rejects lower case, wrong lengths and letters in the check digits', () => {
    assert.equal(isValidLei('5493001kjtiigc8y1r12'), false);
    assert.equal(isValidLei('5493001KJTIIGC8Y1R1'), false);
    assert.equal(isValidLei('5493001KJTIIGC8Y1R120'), false);
    assert.equal(isValidLei('5493001KJTIIGC8Y1RA2'), false);
  });

  void it('pads check digits below 10 with a zero', () => {
    const random = seededRandom(7);
    let seen = false;
    for (let i = 0; i < 500 && !seen; i++) {
      const digits = leiCheckDigits(randomString(random, ALNUM, 18));
      assert.equal(digits.length, 2);
      seen = digits.startsWith('0');
    }
    assert.equal(seen, true);
  });

  void it('refuses a base that is not 18 upper-case letters or digits', () => {
    assert.throws(() => leiCheckDigits('5493001KJTIIGC8Y1'), RangeError);
    assert.throws(() => leiCheckDigits('5493001kjtiigc8y1r'), RangeError);
  });

  void it('generates 1000 valid LEIs', () => {
    const random = seededRandom(17442);
    for (let i = 0; i < 1000; i++) {
      const lei = leiWithCheckDigits(randomString(random, ALNUM, 18));
      assert.equal(isValidLei(lei), true, lei);
    }
  });
});

void describe('Luhn and SIREN', () => {
  void it('accepts published SIRENs', () => {
    for (const siren of ['732829320', '552100554', '000325175', '001807254']) {
      assert.equal(luhnValid(siren), true, siren);
      assert.equal(sirenWithCheckDigit(siren.slice(0, 8)), siren);
    }
  });

  void it('rejects a changed digit, an empty string and non-digits', () => {
    assert.equal(luhnValid('732829321'), false);
    assert.equal(luhnValid('737829320'), false);
    assert.equal(luhnValid(''), false);
    assert.equal(luhnValid('73282932O'), false);
  });

  void it('refuses a base that is not 8 digits', () => {
    assert.throws(() => sirenWithCheckDigit('7328293'), RangeError);
    assert.throws(() => sirenWithCheckDigit('7328293A'), RangeError);
  });

  void it('generates 1000 Luhn-valid SIRENs', () => {
    const random = seededRandom(9);
    for (let i = 0; i < 1000; i++) {
      const siren = sirenWithCheckDigit(randomString(random, DIGITS, 8));
      assert.match(siren, /^[0-9]{9}$/);
      assert.equal(luhnValid(siren), true, siren);
    }
  });
});

void describe('CNPJ check digits', () => {
  void it('accepts the textbook CNPJ and Receita Federal rows', () => {
    for (const cnpj of ['11222333000181', '13810056000153', '20518630000160', '17422340000103']) {
      assert.equal(isValidCnpj(cnpj), true, cnpj);
      assert.equal(cnpjWithCheckDigits(cnpj.slice(0, 12)), cnpj);
    }
  });

  void it('rejects wrong check digits, formatting, wrong lengths and one repeated digit', () => {
    assert.equal(isValidCnpj('11222333000182'), false);
    assert.equal(isValidCnpj('11222333000191'), false);
    assert.equal(isValidCnpj('11.222.333/0001-81'), false);
    assert.equal(isValidCnpj('1122233300018'), false);
    assert.equal(isValidCnpj('00000000000000'), false);
    assert.equal(isValidCnpj('11111111111111'), false);
  });

  void it('refuses a base that is not 12 digits', () => {
    // The Receita Federal's published example of the alphanumeric form.
    assert.equal(isValidCnpj('12ABC34501DE35'), true);
    assert.equal(cnpjWithCheckDigits('12ABC34501DE'), '12ABC34501DE35');
    assert.equal(isValidCnpj('12ABC34501DE36'), false);
    assert.throws(() => cnpjWithCheckDigits('11222333000'), RangeError);
  });

  void it('generates 1000 valid CNPJs', () => {
    const random = seededRandom(14);
    for (let i = 0; i < 1000; i++) {
      const cnpj = cnpjWithCheckDigits(randomString(random, DIGITS, 12));
      assert.equal(isValidCnpj(cnpj), true, cnpj);
    }
  });
});
