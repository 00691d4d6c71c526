// Precision and recall of the match scorer on the labelled name pairs: a threshold chosen on the tuning half,
// figures reported on the held-out half, overall and per kind of pair.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { scoreMatch, type SubjectKind } from '../engine/resolution/match-scorer.js';
import { CorpusWordRarity, type WordRarity } from '../engine/resolution/word-rarity.js';
import { normaliseName } from '../engine/names/index.js';
import { japaneseReading } from '../engine/names/japanese-reader.js';
import { EntityRecordSchema } from '../engine/model/records.js';
import type { BuildSource } from '../snapshots/build/build-source.js';
import { REPO } from './resolution-measure.js';

export const PAIRS_FILE = path.join(REPO, 'bench', 'matching-pairs.json');

/** The targets of the matching work. */
export const TARGET = { precision: 0.99, recall: 0.9, kindRecall: 0.8, pairMicros: 50 } as const;
/** Kinds with fewer real pairs than this on the held-out half are reported as too few to judge. */
export const MIN_KIND_PAIRS = 30;

export interface LabelledPair {
  a: string;
  b: string;
  match: boolean;
  kind: string;
  type: 'company' | 'person' | 'vessel';
  half: 'tune' | 'held-out';
  group: string;
  source: string;
}

interface PairsFile {
  description: string;
  pairs: LabelledPair[];
}

export function readPairs(file = PAIRS_FILE): PairsFile {
  return JSON.parse(readFileSync(file, 'utf8')) as PairsFile;
}

export interface KindFigures {
  kind: string;
  positives: number;
  negatives: number;
  /** Share of the kind's true pairs accepted (positive kinds). */
  recall: number | null;
  /** Share of the kind's different pairs accepted (negative kinds): every one is a false match. */
  falseMatchRate: number | null;
}

export interface MatchingEvaluation {
  threshold: number;
  /** Whether some threshold reached the precision target on the tuning half (else the threshold is of best F0.5). */
  precisionReached: boolean;
  tune: { precision: number; recall: number; pairs: number };
  heldOut: { precision: number; recall: number; pairs: number };
  kinds: KindFigures[];
}

/** How long scoring takes, per pair. */
export interface ScoringTime {
  /** Mean time to score one pair whose names are read for the first time. */
  pairMicros: number;
  /** The same with both names already read. */
  pairMicrosRead: number;
  /** Loading the Japanese analyser's dictionary: once per process, before the first name with kanji, not timed above. */
  dictionaryMillis: number;
}

const scoreOf = (p: LabelledPair, rarity: WordRarity): number => {
  const kind: SubjectKind = p.type;
  return scoreMatch({ kind, names: [p.a] }, { kind, names: [p.b] }, rarity).score;
};

function precisionRecall(scored: ReadonlyArray<{ match: boolean; score: number }>, threshold: number) {
  let tp = 0;
  let fp = 0;
  let positives = 0;
  for (const s of scored) {
    if (s.match) positives++;
    if (s.score >= threshold) {
      if (s.match) tp++;
      else fp++;
    }
  }
  return { precision: tp + fp === 0 ? 1 : tp / (tp + fp), recall: positives === 0 ? 1 : tp / positives };
}

/** F-measure weighing precision twice as much as recall (β = 0.5): a wrong match costs an analyst more than a miss. */
const fHalf = (p: number, r: number): number => (p + r === 0 ? 0 : (1.25 * p * r) / (0.25 * p + r));

/**
 * The threshold of the tuning half: the lowest (most recall) at which precision reaches the target; when none does,
 * the one of the best F0.5, so that the default still leans to precision without giving up most matches.
 */
export function chooseThreshold(scored: ReadonlyArray<{ match: boolean; score: number }>): {
  threshold: number;
  precisionReached: boolean;
} {
  let best = { threshold: 1, f: -1 };
  for (let t = 0.5; t <= 1.0001; t += 0.005) {
    const threshold = Math.round(t * 1000) / 1000;
    const { precision, recall } = precisionRecall(scored, threshold);
    if (precision >= TARGET.precision) return { threshold, precisionReached: true };
    const f = fHalf(precision, recall);
    if (f > best.f) best = { threshold, f };
  }
  return { threshold: best.threshold, precisionReached: false };
}

/**
 * Scores every pair with word rarities from `rarity` (the names of the corpus the pairs were drawn from, as a served
 * corpus would weigh them), chooses the threshold on the tuning half and reports the held-out half.
 */
export function evaluateMatching(pairs: readonly LabelledPair[], rarity: WordRarity): MatchingEvaluation {
  const scored = pairs.map((p) => ({ ...p, score: scoreOf(p, rarity) }));
  const tune = scored.filter((p) => p.half === 'tune');
  const held = scored.filter((p) => p.half === 'held-out');
  const { threshold, precisionReached } = chooseThreshold(tune);
  const kinds = [...new Set(held.map((p) => p.kind))].sort().map((kind): KindFigures => {
    const of = held.filter((p) => p.kind === kind);
    const positives = of.filter((p) => p.match);
    const negatives = of.filter((p) => !p.match);
    return {
      kind,
      positives: positives.length,
      negatives: negatives.length,
      recall: positives.length === 0 ? null : positives.filter((p) => p.score >= threshold).length / positives.length,
      falseMatchRate:
        negatives.length === 0 ? null : negatives.filter((p) => p.score >= threshold).length / negatives.length,
    };
  });
  return {
    threshold,
    precisionReached,
    tune: { ...precisionRecall(tune, threshold), pairs: tune.length },
    heldOut: { ...precisionRecall(held, threshold), pairs: held.length },
    kinds,
  };
}

/**
 * Times scoring in a process that has read no name yet: the Japanese dictionary is loaded (once per process, timed
 * apart) and a few pairs warm the code, a pass then reads most names for the first time, as scoring a corpus's
 * candidates does, and a second pass scores names already read (a batch's repeated queries, a hot candidate).
 */
export function timeScoring(pairs: readonly LabelledPair[], rarity: WordRarity): ScoringTime {
  const t = performance.now();
  japaneseReading('日本');
  const dictionaryMillis = performance.now() - t;
  for (const p of pairs.slice(0, 500)) scoreOf(p, rarity);
  const t0 = performance.now();
  for (const p of pairs) scoreOf(p, rarity);
  const pairMicros = ((performance.now() - t0) * 1000) / Math.max(1, pairs.length);
  const t1 = performance.now();
  for (const p of pairs) scoreOf(p, rarity);
  const pairMicrosRead = ((performance.now() - t1) * 1000) / Math.max(1, pairs.length);
  return { pairMicros, pairMicrosRead, dictionaryMillis };
}

/** The pairs of one kind the scorer got wrong on the held-out half, for looking into. */
export function misses(pairs: readonly LabelledPair[], rarity: WordRarity, threshold: number, kind: string): string[] {
  return pairs
    .filter((p) => p.half === 'held-out' && p.kind === kind)
    .map((p) => ({ p, score: scoreOf(p, rarity) }))
    .filter(({ p, score }) => score >= threshold !== p.match)
    .map(({ p, score }) => `${score.toFixed(3)}  ${p.a}  |  ${p.b}`);
}

/** Word rarities from every name and alias of the records of `sources`, as the names of a corpus built from them. */
export async function rarityOf(sources: readonly BuildSource[]): Promise<WordRarity> {
  const names: string[][] = [];
  for (const source of sources) {
    for await (const raw of source.records) {
      const parsed = EntityRecordSchema.safeParse(raw);
      if (!parsed.success) continue;
      for (const name of [parsed.data.name, ...parsed.data.aliases]) names.push(normaliseName(name).core);
    }
  }
  return CorpusWordRarity.fromNames(names);
}
