// A person's line of names: a shorter name along a fuller one, its first name in place and its others in order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  firstNameWords,
  keepsEnds,
  opensWith,
  runsAlong,
  type SameName,
} from '../../../engine/resolution/name-line.js';

const equal: SameName = (a, b) => a === b;
const words = (text: string): string[] => text.split(' ');

describe('runsAlong', () => {
  it('finds the names in order from the same first name, with names left out between them', () => {
    assert.ok(runsAlong(words('mahir yunus'), words('mahir jawwad yunus'), equal));
    assert.ok(runsAlong(words('mahir jawwad'), words('mahir jawwad yunus'), equal));
    assert.ok(!runsAlong(words('jawwad yunus'), words('mahir jawwad yunus'), equal));
    assert.ok(!runsAlong(words('mahir yunus jawwad'), words('mahir jawwad yunus'), equal));
    assert.ok(!runsAlong([], words('mahir'), equal));
  });
});

describe('keepsEnds', () => {
  it('keeps the first and the last name in place, the fuller adding names between them', () => {
    assert.ok(keepsEnds(words('qasim rimi'), words('qasim muhammad mahdi rimi'), equal));
    assert.ok(keepsEnds(words('qasim mahdi rimi'), words('qasim muhammad mahdi rimi'), equal));
    // The last name must close the fuller name, and the fuller must add something.
    assert.ok(!keepsEnds(words('qasim muhammad'), words('qasim muhammad mahdi rimi'), equal));
    assert.ok(!keepsEnds(words('qasim rimi'), words('qasim rimi'), equal));
    assert.ok(!keepsEnds(words('muhammad rimi'), words('qasim muhammad mahdi rimi'), equal));
  });

  it('takes Abdul or Abu and the word after it for one first name', () => {
    assert.equal(firstNameWords(words('abdul manan')), 2);
    assert.equal(firstNameWords(words('qasim rimi')), 1);
    assert.equal(firstNameWords(words('najib ullah haqqani')), 2);
    // The fuller's first name counts too: Abd alone is no first name of Abd Rahman Yasin.
    assert.ok(!keepsEnds(words('abd yasin'), words('abd rahman yasin'), equal));
    assert.ok(!opensWith(words('abu umar'), words('abu umar hassan'), equal));
    // Abdul Manan is no first and last name: Abdul Satar Abdul Manan is another man.
    assert.ok(!keepsEnds(words('abdul manan'), words('abdul satar abdul manan'), equal));
    assert.ok(keepsEnds(words('abdul manan rahimi'), words('abdul manan satar rahimi'), equal));
    assert.ok(!keepsEnds(words('abdul manan rahimi'), words('abdul satar manan rahimi'), equal));
  });
});

describe('opensWith', () => {
  it('finds every name of the shorter at the start of the fuller, which adds names after them', () => {
    assert.ok(opensWith(words('fuad muhammad khalaf'), words('fuad muhammad khalaf shongole'), equal));
    assert.ok(opensWith(words('adib shaban'), words('adib shaban ani'), equal));
    // In place and in order, and the fuller must add something.
    assert.ok(!opensWith(words('fuad khalaf'), words('fuad muhammad khalaf shongole'), equal));
    assert.ok(!opensWith(words('adib shaban'), words('adib shaban'), equal));
    // A first name alone, Abdul Manan included, opens many men's names.
    assert.ok(!opensWith(words('adib'), words('adib shaban'), equal));
    assert.ok(!opensWith(words('abdul manan'), words('abdul manan rahimi'), equal));
  });
});
