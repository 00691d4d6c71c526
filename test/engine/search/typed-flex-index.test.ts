// The name index's FlexSearch lists in typed arrays answer every search as FlexSearch's own lists do.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Index } from 'flexsearch';
import { NAME_FLEX_OPTIONS } from '../../../engine/search/name-entries.js';
import { SlotPostings } from '../../../engine/search/slot-postings.js';
import { restoreTypedFlexIndex } from '../../../engine/search/typed-flex-index.js';

const FIRST = ['acme', 'zenith', 'nord', 'baltic', 'gulf', 'sino', 'petro', 'ocean', 'mega', 'sun'];
const SECOND = ['trading', 'shipping', 'holdings', 'energy', 'marine', 'invest', 'steel'];
const THIRD = ['international', 'group', 'services', 'partners', ''];

/** 350 names sharing words in many positions, so that lists fill several slots and pairs repeat. */
function names(): string[] {
  const out: string[] = [];
  for (const [i, a] of FIRST.entries())
    for (const [j, b] of SECOND.entries())
      for (const [k, c] of THIRD.entries()) {
        const words = (i + j + k) % 3 === 0 ? [b, a, c] : [a, b, c];
        out.push(words.filter((w) => w !== '').join(' '));
      }
  return out;
}

const QUERIES = [
  'acme',
  'trading',
  'international',
  'acme trading',
  'trading acme',
  'shipping group',
  'group shipping',
  'sun marine partners',
  'partners marine sun',
  'ocean steel services international',
  'acme unknown',
  'unknown',
  'nord nord',
  'petro energy zenith',
];

describe('typed FlexSearch lists', () => {
  const flex = new Index(NAME_FLEX_OPTIONS);
  for (const [id, name] of names().entries()) flex.add(id, name);
  const exported: Array<[string, string]> = [];
  flex.export((key, data) => exported.push([key, data]));
  const typed = restoreTypedFlexIndex(exported);

  for (const query of QUERIES)
    for (const limit of [3, 40, 400])
      for (const suggest of [false, true])
        it(`"${query}", limit ${limit}${suggest ? ', suggest' : ''}`, () => {
          const want = flex.search(query, { limit, suggest });
          const got = Array.from(typed.search(query, { limit, suggest }));
          assert.deepEqual(got, want);
          for (const id of got) assert.equal(typeof id, 'number');
        });
});

describe('slot postings', () => {
  it('finds each key once, its empty trailing slots left out', () => {
    const builder = SlotPostings.builder(3);
    builder.add('b', [[1, 2], null, null]);
    builder.add('a', [null, [3]]);
    const table = builder.finish();
    assert.deepEqual(
      table.get('a')?.map((s) => Array.from(s)),
      [[], [3]],
    );
    assert.deepEqual(
      table.get('b')?.map((s) => Array.from(s)),
      [[1, 2]],
    );
    assert.equal(table.get('c'), undefined);
  });

  it('refuses a key added twice and more slots than its resolution', () => {
    const twice = SlotPostings.builder(2);
    twice.add('a', [[1]]);
    twice.add('a', [[2]]);
    assert.throws(() => twice.finish(), /added twice/);
    assert.throws(() => SlotPostings.builder(1).add('a', [[1], [2]]), /more than the resolution/);
  });
});
