// Whether two descriptions name the same real entity: one score, with what each feature contributed and why.
import { readAll } from './compared-name.js';
import { roundScore, type Explanations } from './match-explanations.js';
import { nameFeatures } from './name-features.js';
import { compareDates, packDate } from './partial-dates.js';
import type { SubjectKind } from './subject-kind.js';
import { EVERY_WORD_COUNTS, type WordRarity } from './word-rarity.js';

export type { Explanations, FeatureScore } from './match-explanations.js';

export interface MatchScore {
  /** 0..1: how sure it is that both describe one real entity. */
  score: number;
  explanations: Explanations;
}

export type { SubjectKind };

/** What is known of one side: its names and, when given, dates, countries and identifiers. */
export interface MatchSubject {
  kind: SubjectKind;
  names: readonly string[];
  birthDate?: string | null;
  countries?: readonly string[];
  /** `scheme:value` strings, normalised by the caller. */
  identifiers?: readonly string[];
}

/** A person's birth date agreeing in full or in part adds, contradicting takes away; countries sharing none take away. */
const BIRTH_FULL = 0.1;
const BIRTH_PARTIAL = 0.05;
const BIRTH_CONTRADICTS = 0.3;
const COUNTRY_CONTRADICTS = 0.1;

const clamp = (x: number): number => Math.min(1, Math.max(0, x));

/**
 * Scores `query` against `candidate`. Identifiers decide first: one shared is certain, two of one scheme that differ
 * veto. Otherwise the best pair of names sets the score (their words, weighed by `rarity`; their letters run
 * together; how they sound across scripts; their numbers and legal forms), and a person's birth date and countries
 * move it.
 */
export function scoreMatch(
  query: MatchSubject,
  candidate: MatchSubject,
  rarity: WordRarity = EVERY_WORD_COUNTS,
): MatchScore {
  const explanations: Explanations = {};
  const qi = query.identifiers ?? [];
  const ci = candidate.identifiers ?? [];
  const shared = qi.find((i) => ci.includes(i));
  if (shared !== undefined) {
    explanations['identifier'] = { score: 1, detail: `both carry ${shared}` };
    return { score: 1, explanations };
  }
  const schemeOf = (i: string): string => i.slice(0, i.indexOf(':'));
  const conflict = qi.find((i) => ci.some((c) => schemeOf(c) === schemeOf(i)));
  if (conflict !== undefined) {
    const other = ci.find((c) => schemeOf(c) === schemeOf(conflict)) ?? '';
    explanations['identifier'] = { score: 0, detail: `${conflict} is not ${other}` };
    return { score: 0, explanations };
  }
  const kind = query.kind === 'any' ? candidate.kind : query.kind;
  const names = nameFeatures(readAll(query.names, kind), readAll(candidate.names, kind), kind, rarity);
  Object.assign(explanations, names.explain);
  let score = names.score;
  const birth = compareDates(packDate(query.birthDate ?? null), packDate(candidate.birthDate ?? null));
  if (birth !== 'none') {
    const delta = birth === 'full' ? BIRTH_FULL : birth === 'partial' ? BIRTH_PARTIAL : -BIRTH_CONTRADICTS;
    explanations['birth_date'] = {
      score: birth === 'contradiction' ? 0 : birth === 'full' ? 1 : 0.5,
      detail: `${query.birthDate ?? ''} / ${candidate.birthDate ?? ''}`,
    };
    score += delta;
  }
  const qc = query.countries ?? [];
  const cc = candidate.countries ?? [];
  if (qc.length > 0 && cc.length > 0) {
    const agree = qc.some((c) => cc.includes(c));
    explanations['country'] = { score: agree ? 1 : 0, detail: `${qc.join(', ')} / ${cc.join(', ')}` };
    if (!agree) score -= COUNTRY_CONTRADICTS;
  }
  return { score: roundScore(clamp(score)), explanations };
}

/**
 * The least score taken for a match: the lowest at which precision reaches 99 % on the tuning half of the labelled
 * name pairs (bench/RESULTS.md, "Name matching", where the recall it leaves is reported too). Callers that prefer
 * recall pass a lower threshold.
 */
export const MATCH_SCORE_THRESHOLD = 0.92;
