// The "Name matching" section of bench/RESULTS.md: the scorer on the held-out half of the labelled pairs.
import { TIMING_RUNS } from './matching-timing.js';
import { MIN_KIND_PAIRS, TARGET, type MatchingEvaluation, type ScoringTime } from './matching-eval.js';

const pct = (x: number | null): string => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
const mark = (met: boolean): string => (met ? 'met' : '**not met**');

export function matchingSection(
  e: MatchingEvaluation,
  time: ScoringTime,
  description: string,
  command: string,
): string {
  const overallMet = e.heldOut.precision >= TARGET.precision && e.heldOut.recall >= TARGET.recall;
  const lines = [
    '## Name matching',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\` on \`bench/matching-pairs.json\` ` +
      `(${(e.tune.pairs + e.heldOut.pairs).toLocaleString('en')} labelled pairs; rebuilt from the shared samples by ` +
      '`npm run bench:matching-pairs`). Each pair is scored by the one match scorer (`engine/resolution/match-scorer.ts`, ' +
      `as \`resolve\` uses it, with word rarities from the names of the shared sanctions lists); the threshold, ${e.threshold}, ` +
      (e.precisionReached
        ? `is the lowest at which precision reaches ${pct(TARGET.precision)} on the tuning half`
        : `is of the best F0.5 on the tuning half, where no threshold reaches ${pct(TARGET.precision)} precision`) +
      '; every figure below is of the held-out half.',
    '',
    '| target | figure | |',
    '|---|---|---|',
    `| precision ≥ ${pct(TARGET.precision)} at recall ≥ ${pct(TARGET.recall)} (held-out) | precision ${pct(e.heldOut.precision)}, recall ${pct(e.heldOut.recall)} | ${mark(overallMet)} |`,
  ];
  const judged = e.kinds.filter((k) => k.recall !== null && k.positives >= MIN_KIND_PAIRS);
  const worst = judged.reduce<number>((m, k) => Math.min(m, k.recall ?? 1), 1);
  lines.push(
    `| recall ≥ ${pct(TARGET.kindRecall)} on every kind of true pair with ${MIN_KIND_PAIRS}+ pairs | lowest ${pct(worst)} | ${mark(worst >= TARGET.kindRecall)} |`,
    `| scoring one pair ≤ ${TARGET.pairMicros} µs (names read for the first time) | ${time.pairMicros.toFixed(1)} µs (${time.pairMicrosRead.toFixed(1)} µs with both names already read; the median of ${TIMING_RUNS} fresh processes, each having loaded the Japanese dictionary first, once, in ${time.dictionaryMillis.toFixed(0)} ms) | ${mark(time.pairMicros <= TARGET.pairMicros)} |`,
    '',
    `Tuning half: ${e.tune.pairs.toLocaleString('en')} pairs, precision ${pct(e.tune.precision)}, recall ${pct(e.tune.recall)}. ` +
      `Held-out half: ${e.heldOut.pairs.toLocaleString('en')} pairs.`,
    '',
    '| kind | true pairs | recall | different pairs | accepted wrongly | |',
    '|---|---:|---:|---:|---:|---|',
  );
  for (const k of e.kinds) {
    const count = Math.max(k.positives, k.negatives);
    const verdict =
      count < MIN_KIND_PAIRS ? `too few (${count})` : k.recall !== null ? mark(k.recall >= TARGET.kindRecall) : '';
    lines.push(
      `| ${k.kind} | ${k.positives} | ${pct(k.recall)} | ${k.negatives} | ${pct(k.falseMatchRate)} | ${verdict} |`,
    );
  }
  lines.push('', description, '');
  return lines.join('\n');
}
