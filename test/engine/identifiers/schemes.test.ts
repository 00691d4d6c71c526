// The scheme list, its type guard, and the documentation table that the API docs are built from.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  IDENTIFIER_SCHEMES,
  IDENTIFIER_SCHEME_INFO,
  isIdentifierScheme,
  normaliseIdentifier,
} from '../../../engine/identifiers/index.js';

void describe('identifier schemes', () => {
  void it('lists the schemes of the by-identifier endpoint', () => {
    assert.deepEqual(
      [...IDENTIFIER_SCHEMES],
      ['lei', 'ofac', 'eu', 'un', 'uk', 'uen', 'sec', 'krs', 'gb-coh', 'siren', 'br-cnpj'],
    );
  });

  void it('recognises exactly those names', () => {
    for (const scheme of IDENTIFIER_SCHEMES) assert.equal(isIdentifierScheme(scheme), true);
    for (const other of ['LEI', 'gb_coh', 'cnpj', 'os', 'icij', '', 'toString', '__proto__']) {
      assert.equal(isIdentifierScheme(other), false, other);
    }
  });

  void it('documents every scheme with a label, a format and an example already in normalised form', () => {
    assert.deepEqual(Object.keys(IDENTIFIER_SCHEME_INFO).sort(), [...IDENTIFIER_SCHEMES].sort());
    for (const scheme of IDENTIFIER_SCHEMES) {
      const info = IDENTIFIER_SCHEME_INFO[scheme];
      assert.ok(info.label.length > 0 && info.format.length > 0, scheme);
      assert.equal(info.format.includes('\n'), false, scheme);
      assert.deepEqual(normaliseIdentifier(scheme, info.example), { ok: true, value: info.example }, scheme);
    }
  });
});
