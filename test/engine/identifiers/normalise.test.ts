// Normalisation and strict validation of every identifier scheme: canonical forms, accepted variants, rejections.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { GB_COH_PREFIXES, normaliseIdentifier, type IdentifierScheme } from '../../../engine/identifiers/index.js';

function accepts(scheme: IdentifierScheme, raw: string, value: string): void {
  assert.deepEqual(normaliseIdentifier(scheme, raw), { ok: true, value }, `${scheme} ${JSON.stringify(raw)}`);
}

function rejects(scheme: IdentifierScheme, raw: string): void {
  const result = normaliseIdentifier(scheme, raw);
  assert.equal(result.ok, false, `${scheme} ${JSON.stringify(raw)} was accepted`);
  if (!result.ok) assert.ok(result.reason.length > 0);
}

void describe('normaliseIdentifier: lei', () => {
  void it('accepts valid LEIs, trimmed, upper-cased, with grouping spaces removed', () => {
    accepts('lei', '5493001KJTIIGC8Y1R12', '5493001KJTIIGC8Y1R12');
    accepts('lei', ' 529900t8bm49aursdo55\n', '529900T8BM49AURSDO55');
    accepts('lei', '2138 00D1 EI4B 9WTW WD28', '213800D1EI4B9WTWWD28');
  });

  void it('rejects wrong check digits, wrong lengths and garbage', () => {
    rejects('lei', '5493001KJTIIGC8Y1R13');
    rejects('lei', '5493001KJTIIGC8Y1R1');
    rejects('lei', '5493001KJTIIGC8Y1R123');
    rejects('lei', '5493001KJTIIGC8Y1RA2');
    rejects('lei', '5493-001K-JTII-GC8Y-1R12');
    rejects('lei', '');
    rejects('lei', '   ');
    rejects('lei', 'Deutsche Börse AG');
  });
});

void describe('normaliseIdentifier: ofac and eu', () => {
  for (const scheme of ['ofac', 'eu'] as const) {
    void it(`${scheme}: accepts 1 to 9 digits and drops leading zeros`, () => {
      accepts(scheme, '36', '36');
      accepts(scheme, '000036', '36');
      accepts(scheme, ' 207667 ', '207667');
      accepts(scheme, '123456789', '123456789');
      accepts(scheme, '0123456789', '123456789');
    });

    void it(`${scheme}: rejects zero, more than 9 digits and non-digits`, () => {
      rejects(scheme, '0');
      rejects(scheme, '000');
      rejects(scheme, '1234567890');
      rejects(scheme, '36a');
      rejects(scheme, '-36');
      rejects(scheme, '3.6');
      rejects(scheme, '');
    });
  }
});

void describe('normaliseIdentifier: un', () => {
  void it('accepts reference numbers and fixes the case of each part', () => {
    accepts('un', 'QDi.430', 'QDi.430');
    accepts('un', 'KPe.001', 'KPe.001');
    accepts('un', 'qdi.430', 'QDi.430');
    accepts('un', 'TAI.155', 'TAi.155');
    accepts('un', 'cDI.001', 'CDi.001');
    // A vessel, as the UK list cites it.
    accepts('un', 'KPv.001', 'KPv.001');
  });

  void it('accepts a missing dot', () => {
    accepts('un', 'QDi430', 'QDi.430');
    accepts('un', 'iqi001', 'IQi.001');
  });

  void it('rejects other kinds, digit counts and punctuation', () => {
    rejects('un', 'QDx.430');
    rejects('un', 'QD.430');
    rejects('un', 'QDi.43');
    rejects('un', 'QDi.4300');
    rejects('un', 'Q1i.430');
    rejects('un', 'QDi-430');
    rejects('un', 'QDi..430');
    rejects('un', '430');
  });
});

void describe('normaliseIdentifier: uk', () => {
  void it('accepts Unique IDs, upper-cased and padded to 4 digits', () => {
    accepts('uk', 'RUS0001', 'RUS0001');
    accepts('uk', 'dpr0012', 'DPR0012');
    accepts('uk', 'CYB5', 'CYB0005');
    accepts('uk', 'GHR 001', 'GHR0001');
    accepts('uk', 'AFG12', 'AFG0012');
  });

  void it('rejects wrong letter or digit counts, zero and punctuation', () => {
    rejects('uk', 'RU0001');
    rejects('uk', 'RUSS0001');
    rejects('uk', 'RUS00001');
    rejects('uk', 'RUS');
    rejects('uk', 'RUS0000');
    rejects('uk', 'RUS-0001');
    rejects('uk', '0001RUS');
  });
});

void describe('normaliseIdentifier: uen', () => {
  void it('accepts the business, local company and other-entity forms, upper-cased', () => {
    accepts('uen', '53097581X', '53097581X');
    accepts('uen', '00192200m', '00192200M');
    accepts('uen', '196800306E', '196800306E');
    accepts('uen', '201912345k', '201912345K');
    accepts('uen', 'T09LL0001B', 'T09LL0001B');
    accepts('uen', 's16fc0121d', 'S16FC0121D');
    accepts('uen', 'R18CC1234A', 'R18CC1234A');
  });

  void it('accepts the foreign-company form with its zeros printed as spaces', () => {
    accepts('uen', 'F00056789H', 'F00056789H');
    accepts('uen', 'F   56789H', 'F00056789H');
  });

  void it('rejects wrong lengths, missing check letters, unknown entity types and years', () => {
    rejects('uen', '5309758X');
    rejects('uen', '530975812');
    rejects('uen', '1968003061E');
    rejects('uen', '216800306E');
    rejects('uen', 'T09ZZ0001B');
    rejects('uen', 'U09LL0001B');
    rejects('uen', 'T09LL001B');
    rejects('uen', 'F12356789H');
    rejects('uen', 'UEN');
  });
});

void describe('normaliseIdentifier: sec', () => {
  void it('pads CIKs to 10 digits and drops a CIK prefix', () => {
    accepts('sec', '320193', '0000320193');
    accepts('sec', '0000320193', '0000320193');
    accepts('sec', 'CIK0000320193', '0000320193');
    accepts('sec', 'cik 320193', '0000320193');
    accepts('sec', 'CIK:1045810', '0001045810');
    accepts('sec', '1', '0000000001');
  });

  void it('rejects more than 10 digits, zero and non-digits', () => {
    rejects('sec', '00000320193');
    rejects('sec', '0');
    rejects('sec', 'CIK');
    rejects('sec', 'AAPL');
    rejects('sec', '320-193');
  });
});

void describe('normaliseIdentifier: krs', () => {
  void it('pads KRS numbers to 10 digits', () => {
    accepts('krs', '28860', '0000028860');
    accepts('krs', '0000028860', '0000028860');
    accepts('krs', 'KRS 0000028860', '0000028860');
  });

  void it('rejects more than 10 digits, zero and non-digits', () => {
    rejects('krs', '00000028860');
    rejects('krs', '0000000000');
    rejects('krs', '28860A');
    rejects('krs', 'NIP 5260250995');
  });
});

void describe('normaliseIdentifier: gb-coh', () => {
  void it('left-pads digit-only numbers to 8', () => {
    accepts('gb-coh', '08209948', '08209948');
    accepts('gb-coh', '8209948', '08209948');
    accepts('gb-coh', '1234', '00001234');
    accepts('gb-coh', ' 14413082 ', '14413082');
  });

  void it('keeps the register prefix, upper-cases it and pads its digits to 6', () => {
    accepts('gb-coh', 'SC123456', 'SC123456');
    accepts('gb-coh', 'sc12345', 'SC012345');
    accepts('gb-coh', 'OC 301234', 'OC301234');
    accepts('gb-coh', 'ni1', 'NI000001');
    accepts('gb-coh', 'R0000123', 'R0000123');
    accepts('gb-coh', 'oe12', 'OE000012');
  });

  void it('accepts every documented prefix', () => {
    for (const prefix of GB_COH_PREFIXES) accepts('gb-coh', `${prefix}42`, `${prefix}000042`);
  });

  void it('keeps the R suffix of industrial and provident societies', () => {
    accepts('gb-coh', 'SP29395R', 'SP29395R');
    accepts('gb-coh', 'ip525r', 'IP00525R');
    rejects('gb-coh', 'SC29395R');
    rejects('gb-coh', 'SP293951R');
  });

  void it('rejects unknown prefixes, too many characters, zero and garbage', () => {
    rejects('gb-coh', 'XX123456');
    rejects('gb-coh', 'LL123456');
    rejects('gb-coh', '123456789');
    rejects('gb-coh', 'SC1234567');
    rejects('gb-coh', '00000000');
    rejects('gb-coh', 'SC000000');
    rejects('gb-coh', 'SC');
    rejects('gb-coh', 'S1234567');
    rejects('gb-coh', '12SC3456');
    rejects('gb-coh', '0820-9948');
  });
});

void describe('normaliseIdentifier: siren', () => {
  void it('accepts 9 Luhn-valid digits, grouped with spaces or not', () => {
    accepts('siren', '732829320', '732829320');
    accepts('siren', '552 100 554', '552100554');
    accepts('siren', ' 000325175', '000325175');
  });

  void it('rejects a SIRET, a wrong check digit, wrong lengths and zero', () => {
    rejects('siren', '73282932000074');
    rejects('siren', '732829321');
    rejects('siren', '73282932');
    rejects('siren', '7328293200');
    rejects('siren', '000000000');
    rejects('siren', '732.829.320');
    rejects('siren', 'FR732829320');
  });
});

void describe('normaliseIdentifier: br-cnpj', () => {
  void it('accepts bare and formatted CNPJs', () => {
    accepts('br-cnpj', '11222333000181', '11222333000181');
    accepts('br-cnpj', '11.222.333/0001-81', '11222333000181');
    accepts('br-cnpj', ' 13.810.056/0001-53 ', '13810056000153');
  });

  void it('rejects wrong check digits, wrong lengths, one repeated digit and letters', () => {
    rejects('br-cnpj', '11.222.333/0001-82');
    rejects('br-cnpj', '11222333000191');
    rejects('br-cnpj', '1122233300018');
    rejects('br-cnpj', '112223330001811');
    rejects('br-cnpj', '11111111111111');
    rejects('br-cnpj', '00.000.000/0000-00');
    rejects('br-cnpj', '11.222.333/0001-8A');
  });
});

void describe('normaliseIdentifier: every scheme', () => {
  void it('rejects empty, over-long and binary input', () => {
    const schemes: IdentifierScheme[] = [
      'lei',
      'ofac',
      'eu',
      'un',
      'uk',
      'uen',
      'sec',
      'krs',
      'gb-coh',
      'siren',
      'br-cnpj',
    ];
    for (const scheme of schemes) {
      rejects(scheme, '');
      rejects(scheme, '\t\n');
      rejects(scheme, '1'.repeat(10_000));
      rejects(scheme, '\u0000\u0001');
      rejects(scheme, '<script>alert(1)</script>');
    }
  });
});
