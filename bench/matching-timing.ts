// Times the match scorer on the labelled name pairs in a process of its own, so that every timed name is read for
// the first time there. Run by bench/resolution.ts as a child, several times; it takes the median.
//
//   node matching-timing.js SHARED_DATA
import { rarityOf, readPairs, timeScoring, type ScoringTime } from './matching-eval.js';
import { sanctionsSources } from './resolution-measure.js';

/**
 * Fresh processes timed: their median is reported, which one busy moment of the machine does not move. Nine, as
 * processes on one machine differ by a fifth between themselves (40 to 54 µs a pair).
 */
export const TIMING_RUNS = 9;

async function main(sharedData: string): Promise<ScoringTime> {
  const rarity = await rarityOf(sanctionsSources(sharedData));
  return timeScoring(readPairs().pairs, rarity);
}

if (process.argv[1]?.endsWith('matching-timing.js')) {
  const shared = process.argv[2];
  if (shared === undefined) {
    console.error('usage: node matching-timing.js SHARED_DATA');
    process.exit(2);
  }
  console.log(JSON.stringify(await main(shared)));
}
