// Neighbouring words joined where another name writes them as one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinedNeighbours } from '../../../engine/names/index.js';

describe('joinedNeighbours', () => {
  const asIn = (other: readonly string[]) => (word: string, next: string) => other.includes(word + next);

  it('joins each two neighbours the rule accepts, left to right, each word once', () => {
    assert.deepEqual(joinedNeighbours(['green', 'wave', 'telecom'], asIn(['greenwave'])), ['greenwave', 'telecom']);
    assert.deepEqual(joinedNeighbours(['a', 'b', 'c'], asIn(['ab', 'bc'])), ['ab', 'c']);
  });

  it('gives the words themselves back when none join', () => {
    const words = ['green', 'wave'];
    assert.equal(joinedNeighbours(words, asIn(['greenway'])), words);
  });

  it('hands the rule the other name it is given', () => {
    const inOther = (word: string, next: string, other: readonly string[]) => other.includes(word + next);
    assert.deepEqual(joinedNeighbours(['tide', 'water', 'ltd'], inOther, ['tidewater']), ['tidewater', 'ltd']);
    assert.deepEqual(joinedNeighbours(['tide', 'water'], inOther, ['tide', 'water']), ['tide', 'water']);
  });
});
