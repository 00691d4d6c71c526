// Identifier detection in bare search-box strings: explicit scheme prefixes and unambiguous shapes only.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { detectIdentifiers } from '../../../engine/identifiers/index.js';

void describe('detectIdentifiers: scheme:value', () => {
  void it('resolves to the named scheme only, normalised', () => {
    assert.deepEqual(detectIdentifiers('lei:5493001KJTIIGC8Y1R12'), [{ scheme: 'lei', value: '5493001KJTIIGC8Y1R12' }]);
    assert.deepEqual(detectIdentifiers('gb-coh:123'), [{ scheme: 'gb-coh', value: '00000123' }]);
    assert.deepEqual(detectIdentifiers('br-cnpj:11.222.333/0001-81'), [{ scheme: 'br-cnpj', value: '11222333000181' }]);
    assert.deepEqual(detectIdentifiers(' SEC: 320193 '), [{ scheme: 'sec', value: '0000320193' }]);
    assert.deepEqual(detectIdentifiers('ofac:36'), [{ scheme: 'ofac', value: '36' }]);
    assert.deepEqual(detectIdentifiers('un:qdi430'), [{ scheme: 'un', value: 'QDi.430' }]);
  });

  void it('takes a prefixed 9-digit value as the named scheme, not as a SIREN', () => {
    assert.deepEqual(detectIdentifiers('krs:732829320'), [{ scheme: 'krs', value: '0732829320' }]);
  });

  void it('returns nothing for an invalid prefixed value', () => {
    assert.deepEqual(detectIdentifiers('lei:5493001KJTIIGC8Y1R13'), []);
    assert.deepEqual(detectIdentifiers('siren:732829321'), []);
    assert.deepEqual(detectIdentifiers('gb-coh:'), []);
    assert.deepEqual(detectIdentifiers('uk:'), []);
  });

  void it('ignores prefixes that are not schemes', () => {
    assert.deepEqual(detectIdentifiers('icij:12345678'), []);
    assert.deepEqual(detectIdentifiers('https://example.com'), []);
  });
});

void describe('detectIdentifiers: bare strings', () => {
  void it('finds a valid LEI, in any case', () => {
    assert.deepEqual(detectIdentifiers('529900t8bm49aursdo55'), [{ scheme: 'lei', value: '529900T8BM49AURSDO55' }]);
    assert.deepEqual(detectIdentifiers('529900T8BM49AURSDO56'), []);
  });

  void it('takes 8 digits or a prefix and 6 digits as a Companies House number', () => {
    assert.deepEqual(detectIdentifiers('08209948'), [{ scheme: 'gb-coh', value: '08209948' }]);
    assert.deepEqual(detectIdentifiers('sc123456'), [{ scheme: 'gb-coh', value: 'SC123456' }]);
    assert.deepEqual(detectIdentifiers('SC 123456'), [{ scheme: 'gb-coh', value: 'SC123456' }]);
    assert.deepEqual(detectIdentifiers('SP29395R'), [{ scheme: 'gb-coh', value: 'SP29395R' }]);
    assert.deepEqual(detectIdentifiers('XY123456'), []);
    assert.deepEqual(detectIdentifiers('SC12345'), []);
  });

  void it('finds a Luhn-valid 9-digit SIREN', () => {
    assert.deepEqual(detectIdentifiers('732829320'), [{ scheme: 'siren', value: '732829320' }]);
    assert.deepEqual(detectIdentifiers('552 100 554'), [{ scheme: 'siren', value: '552100554' }]);
    assert.deepEqual(detectIdentifiers('732829321'), []);
  });

  void it('finds a valid CNPJ, bare or formatted', () => {
    assert.deepEqual(detectIdentifiers('11222333000181'), [{ scheme: 'br-cnpj', value: '11222333000181' }]);
    assert.deepEqual(detectIdentifiers('11.222.333/0001-81'), [{ scheme: 'br-cnpj', value: '11222333000181' }]);
    assert.deepEqual(detectIdentifiers('11.222.333/0001-82'), []);
  });

  void it('finds UN and UK sanctions references', () => {
    assert.deepEqual(detectIdentifiers('QDi.430'), [{ scheme: 'un', value: 'QDi.430' }]);
    assert.deepEqual(detectIdentifiers('kpe001'), [{ scheme: 'un', value: 'KPe.001' }]);
    assert.deepEqual(detectIdentifiers('RUS0001'), [{ scheme: 'uk', value: 'RUS0001' }]);
    assert.deepEqual(detectIdentifiers('rus0001'), [{ scheme: 'uk', value: 'RUS0001' }]);
  });

  void it('does not guess from shapes that are ambiguous or need padding', () => {
    for (const raw of [
      '320193',
      '0000320193',
      '36',
      '1234',
      '1234567890',
      'RUS1',
      'CYB05',
      '196800306E',
      'T09LL0001B',
    ]) {
      assert.deepEqual(detectIdentifiers(raw), [], raw);
    }
  });

  void it('finds nothing in names, empty strings and garbage', () => {
    for (const raw of ['', '   ', 'Deutsche Börse AG', 'Gazprom Neft', 'lei', ':', '12 Acacia Avenue', '\u0000']) {
      assert.deepEqual(detectIdentifiers(raw), [], raw);
    }
  });
});
