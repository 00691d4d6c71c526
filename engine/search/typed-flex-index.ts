// A FlexSearch index restored from its export with its posting lists in typed arrays (slot-postings.ts): the same
// search and ranking, FlexSearch's own, over lists that are not a million JavaScript arrays.
import { Index } from 'flexsearch';
import { NAME_FLEX_OPTIONS } from './name-entries.js';
import { SlotPostings, type ExportedSlots, type Slots } from './slot-postings.js';

/** The parts of FlexSearch's index that its search reads: words, and word pairs under their first word. */
interface FlexLists {
  map: { get(term: string): Slots | undefined };
  ctx: { get(keyword: string): { get(term: string): Slots | undefined } };
  reg: Set<number>;
}

type MapChunk = readonly (readonly [string, ExportedSlots])[];
type ContextChunk = readonly (readonly [string, MapChunk])[];

/** What an export key names: `1.map` is the word lists, `1.ctx` the pair lists, `1.reg` the ids, `1.cfg` nothing. */
function partOf(key: string): string {
  const parts = key.split('.');
  if (parts[parts.length - 1] === 'json') parts.pop();
  return parts[parts.length - 1] ?? '';
}

/** Words of a pair are joined by a space, which no word holds (the index splits names on spaces). */
const pairKey = (keyword: string, term: string): string => `${keyword} ${term}`;

/**
 * The index `records` (FlexSearch's `export`) describe, searched by FlexSearch. Its registry of ids is left empty:
 * search does not read it, and this index is never added to (live names have their own lists).
 */
export function restoreTypedFlexIndex(records: Iterable<readonly [string, string]>): Index {
  const options = NAME_FLEX_OPTIONS;
  const words = SlotPostings.builder(options.resolution);
  const pairs = SlotPostings.builder(options.context.resolution);
  for (const [key, data] of records) {
    const part = partOf(key);
    if (part === 'map') for (const [term, slots] of JSON.parse(data) as MapChunk) words.add(term, slots);
    else if (part === 'ctx')
      for (const [keyword, terms] of JSON.parse(data) as ContextChunk)
        for (const [term, slots] of terms) pairs.add(pairKey(keyword, term), slots);
    else if (part !== 'reg' && part !== 'cfg') throw new Error(`name index: unknown FlexSearch export part "${key}"`);
  }
  const wordLists = words.finish();
  const pairLists = pairs.finish();
  const index = new Index(options);
  const lists: FlexLists = {
    map: wordLists,
    ctx: { get: (keyword) => ({ get: (term) => pairLists.get(pairKey(keyword, term)) }) },
    reg: new Set(),
  };
  Object.assign(index, lists);
  return index;
}
