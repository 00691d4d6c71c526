// Address keys: one place written several ways meets under one key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addressKey } from '../../../engine/addresses/address-key.js';

describe('addressKey', () => {
  it('folds case, punctuation, abbreviations and a trailing country', () => {
    const k = addressKey('Suite 4B, 88 Fenwick Row, London, EC2A 4LT');
    assert.equal(addressKey('SUITE 4B 88 FENWICK ROW LONDON EC2A 4LT, United Kingdom'), k);
    assert.equal(addressKey('Ste 4B, 88 Fenwick Row, London EC2A 4LT, UK'), k);
    assert.equal(addressKey('12 Rue Eugène Ruppert'), addressKey('12 rue eugene ruppert'));
    assert.equal(addressKey('1 High St'), addressKey('1 High Street'));
  });

  it('keeps different places apart and refuses text too short to be a place', () => {
    assert.notEqual(addressKey('Suite 4B, 88 Fenwick Row'), addressKey('Suite 4C, 88 Fenwick Row'));
    assert.equal(addressKey('London'), null);
    assert.equal(addressKey(' , '), null);
  });
});
