// Query-by-example matching in yente's shape (yente/routers/match.py): candidates from the name and identifier
// indexes, each scored by the one scorer that `resolve` and the build's linking use, best record per cluster.
import type { Corpus } from '../../corpus.js';
import { scoreMatch, type Explanations } from '../../resolution/match-scorer.js';
import type { WordRarity } from '../../resolution/word-rarity.js';
import { ftmSchemaOf } from '../ftm/ftm-entity.js';
import type { ParsedExample } from './match-example.js';
import {
  exampleSubject,
  identifierCandidates,
  identifiersAgainst,
  recordSubject,
  schemelessKeys,
} from './example-subject.js';
import { MatchScope, type ScopeOptions } from './match-scope.js';
import { yenteEntity, type YenteEntity } from './yente-entity.js';

/** yente's FeatureResult: a feature's part in the score, and what it compared. */
export interface FeatureResult {
  score: number;
  detail: string;
}

export interface ScoredEntity extends YenteEntity {
  score: number;
  match: boolean;
  explanations: Record<string, FeatureResult>;
  /** Feature → score, as yente answered before it explained its features. */
  features: Record<string, number>;
}

export interface EntityMatches {
  status: 200;
  results: ScoredEntity[];
  /** How many candidates reached the threshold, as yente counts them. */
  total: { value: number; relation: 'eq' };
  query: ParsedExample;
}

export interface MatchOptions extends ScopeOptions {
  limit: number;
  /** The least score that is a match. */
  threshold: number;
  /** Results scoring at or below this are not answered at all (never above the threshold). */
  cutoff: number;
  /** Records taken per name of the query, when a caller bounds the cost of each query (screening a list). */
  scoredPerName?: number;
  /**
   * Whether the fuzzy search is skipped once an exact namesake scores 1: its best answer cannot be outscored, and a
   * screening wants the verdict more than the near misses below it. Off by default: a match lists its near misses.
   */
  stopAtCertain?: boolean;
}

/** Records taken from the name index per name of the query: yente's ten per result asked for, 20 to 500. */
export function candidatesFor(limit: number): number {
  return Math.max(20, Math.min(500, limit * 10));
}

/** Namesakes with exactly the query's name, whatever the fuzzy search ranks. */
const EXACT_NAMESAKES = 20;

interface Best {
  entity: number;
  score: number;
  explanations: Explanations;
}

/** Scores the candidates of one example and answers the best record of each cluster in scope. */
export function matchExample(corpus: Corpus, example: ParsedExample, options: MatchOptions): EntityMatches {
  const { entities } = corpus;
  const subject = exampleSubject(example);
  const keys = schemelessKeys(example);
  const rarity: WordRarity = { weight: (word) => corpus.names.wordWeight(word) };
  const scope = new MatchScope(corpus, options);
  const perName = options.scoredPerName ?? candidatesFor(options.limit);
  const best = new Map<number, Best>();
  let top = 0;
  const consider = (candidate: number): void => {
    const cluster = entities.cluster(candidate);
    const record = entities.record(candidate);
    if (!MatchScope.compatible(example.schema, ftmSchemaOf(record)) || !scope.admits(cluster)) return;
    const theirs = recordSubject(record);
    const ours = { ...subject, identifiers: [...(subject.identifiers ?? []), ...identifiersAgainst(keys, theirs)] };
    const { score, explanations } = scoreMatch(ours, theirs, rarity);
    const held = best.get(cluster);
    if (held === undefined || score > held.score) best.set(cluster, { entity: candidate, score, explanations });
    if (score > top) top = score;
  };
  const seen = new Set<number>();
  const offer = (candidate: number): void => {
    if (seen.has(candidate)) return;
    seen.add(candidate);
    consider(candidate);
  };
  for (const ix of identifierCandidates(corpus, example)) offer(ix);
  for (const name of subject.names)
    for (const e of corpus.names.exact(name, Math.min(EXACT_NAMESAKES, perName))) offer(e);
  if (!(options.stopAtCertain === true && top >= 1))
    for (const name of subject.names) for (const m of corpus.names.search(name, perName)) offer(m.entity);
  const cutoff = Math.min(options.cutoff, options.threshold);
  const ranked = [...best.entries()]
    .filter(([, b]) => b.score > cutoff)
    .sort(([ca, a], [cb, b]) => b.score - a.score || ca - cb);
  const results: ScoredEntity[] = [];
  let matches = 0;
  for (const [cluster, b] of ranked) {
    const match = b.score >= options.threshold;
    if (results.length >= options.limit && !scope.filtersEntities) {
      if (match) matches++;
      continue;
    }
    const entity = yenteEntity(corpus, cluster);
    if (!scope.admitsEntity(entity)) continue;
    if (match) matches++;
    if (results.length < options.limit)
      results.push({
        ...entity,
        score: b.score,
        match,
        explanations: b.explanations,
        features: Object.fromEntries(Object.entries(b.explanations).map(([k, v]) => [k, v.score])),
      });
  }
  return { status: 200, results, total: { value: matches, relation: 'eq' }, query: example };
}
