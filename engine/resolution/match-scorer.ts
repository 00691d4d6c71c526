// Whether two descriptions name the same real entity: one score, with what each feature contributed and why.
import {
  compareLegalForms,
  legalFormsOf,
  type LegalFormFacts,
  STOP_WORDS,
  foldToAscii,
  hasNonLatinLetters,
  RUN_TOGETHER_EQUAL,
  splitLegalForms,
  consonantSkeleton,
  isAbjad,
  letterOverlap,
  nameSounds,
  normaliseName,
  runTogetherSimilarity,
  type NormalisedName,
} from '../names/index.js';
import { compareDates, packDate } from './match-features.js';
import { namesNumbers, numbersAgree } from './name-numbers.js';
import { withoutVesselPrefix } from './vessel-names.js';
import { wordAgreement } from './word-agreement.js';
import { EVERY_WORD_COUNTS, type WordRarity } from './word-rarity.js';

/** Two names' written words with their breaks removed: 0.95 when the letters agree (Petroplus, Petro Plus). */
function runTogetherWords(a: readonly string[], b: readonly string[]): number {
  const x = a.join('');
  return x !== '' && a.length !== b.length && x === b.join('') ? RUN_TOGETHER_EQUAL : 0;
}

/** One feature's part in a score: 0..1, and in words what was compared. */
export interface FeatureScore {
  score: number;
  detail: string;
}

/** Feature name → its part, as the matching API returns them. */
export type Explanations = Record<string, FeatureScore>;

export interface MatchScore {
  /** 0..1: how sure it is that both describe one real entity. */
  score: number;
  explanations: Explanations;
}

export type SubjectKind = 'company' | 'person' | 'vessel' | 'any';

/** What is known of one side: its names and, when given, dates, countries and identifiers. */
export interface MatchSubject {
  kind: SubjectKind;
  names: readonly string[];
  birthDate?: string | null;
  countries?: readonly string[];
  /** `scheme:value` strings, normalised by the caller. */
  identifiers?: readonly string[];
}

/** A cross-script pair whose names sound alike scores from this floor up, by how many letters agree. */
const SOUNDING_FLOOR = 0.6;
/** A name in an abjad whose consonants are those of the other name scores this (times the share that agree). */
const CONSONANTS_EQUAL = 0.9;
/** Numbers in both names that differ (No. 6, No. 8): a sister ship or another fund, not a spelling. */
const NUMBERS_DIFFER = 0.5;
/** A number on one side only: often an annotation, sometimes a sibling. */
const NUMBER_ONE_SIDE = 0.9;
/** Legal forms of different countries' law: a GmbH and a Sdn. Bhd. are two companies. */
const LEGAL_COUNTRIES_DIFFER = 0.3;
/** Legal forms of different kinds (an LLC and a JSC): often two companies, sometimes a conversion or a slip. */
const LEGAL_KINDS_DIFFER = 0.1;
const BIRTH_FULL = 0.1;
const BIRTH_PARTIAL = 0.05;
const BIRTH_CONTRADICTS = 0.3;
const COUNTRY_CONTRADICTS = 0.1;

const round = (x: number): number => Math.round(x * 1000) / 1000;
const clamp = (x: number): number => Math.min(1, Math.max(0, x));

/** A name as the scorer compares it: normalised, and whether it was written in Latin letters. */
interface ComparedName {
  raw: string;
  normalised: NormalisedName;
  /** The core's words as written, before spelling variants are folded (Petro stays Petro, not Pyotr). */
  written: string[];
  /** Its legal forms, with the countries and kinds they imply. */
  forms: LegalFormFacts[];
  latin: boolean;
  abjad: boolean;
}

/** Names read for comparison, kept: a corpus's names and a batch's queries recur, and reading one costs microseconds. */
const readNames = new Map<string, ComparedName>();
const READ_NAMES_LIMIT = 100_000;

function compared(raw: string, kind: SubjectKind): ComparedName {
  const cacheKey = kind === 'vessel' ? `v\u0000${raw}` : raw;
  const known = readNames.get(cacheKey);
  if (known !== undefined) return known;
  const text = kind === 'vessel' ? withoutVesselPrefix(raw) : raw;
  const folded = foldToAscii(text);
  const all = folded === '' ? [] : folded.split(' ');
  const words = splitLegalForms(all, text).core.filter((w) => !STOP_WORDS.has(w));
  const name: ComparedName = {
    raw,
    normalised: normaliseName(text),
    written: words,
    forms: legalFormsOf(all),
    latin: !hasNonLatinLetters(text),
    abjad: isAbjad(text),
  };
  if (readNames.size >= READ_NAMES_LIMIT) readNames.clear();
  readNames.set(cacheKey, name);
  return name;
}

/**
 * How far the consonants of a name written in an abjad agree with those of the other name, reading its w (ו, و)
 * both as a vowel and as a consonant and keeping the better.
 */
function consonantAgreement(x: ComparedName, y: ComparedName): { overlap: number; abjad: string; other: string } {
  const [abjad, other] = x.abjad ? [x, y] : [y, x];
  const theirs = consonantSkeleton(other.normalised.core).replaceAll(' ', '');
  let best = { overlap: 0, abjad: '', other: theirs };
  for (const wAsConsonant of [false, true]) {
    const ours = consonantSkeleton(abjad.normalised.core, wAsConsonant).replaceAll(' ', '');
    const overlap = letterOverlap(ours, theirs);
    if (overlap > best.overlap || best.abjad === '') best = { overlap, abjad: ours, other: theirs };
  }
  return best;
}

/** The name features of the best-agreeing pair of names. */
function nameFeatures(
  a: readonly ComparedName[],
  b: readonly ComparedName[],
  rarity: WordRarity,
): { score: number; explain: Explanations } {
  let best: { score: number; explain: Explanations } = { score: 0, explain: {} };
  for (const x of a) {
    for (const y of b) {
      if (x.normalised.core.length === 0 || y.normalised.core.length === 0) continue;
      const pair = `"${x.raw}" / "${y.raw}"`;
      const explain: Explanations = {};
      const similarity = wordAgreement(x.normalised.core, y.normalised.core, rarity);
      explain['name_similarity'] = { score: round(similarity), detail: `words of ${pair}, after normalisation` };
      let score = similarity;
      const together = Math.max(
        runTogetherSimilarity(x.normalised, y.normalised),
        runTogetherWords(x.written, y.written),
      );
      if (together > similarity) {
        explain['run_together'] = { score: round(together), detail: `letters of ${pair} without word breaks` };
        score = together;
      }
      if (x.latin !== y.latin) {
        const xs = nameSounds(x.normalised.core);
        const shared = nameSounds(y.normalised.core).find((code) => xs.includes(code));
        const letters = letterOverlap(x.normalised.core.join(''), y.normalised.core.join(''));
        const sounding = shared === undefined ? 0 : SOUNDING_FLOOR + (1 - SOUNDING_FLOOR) * letters;
        explain['phonetic'] = {
          score: round(shared === undefined ? 0 : 1),
          detail:
            shared === undefined
              ? `${pair} in different scripts do not sound alike`
              : `${pair} in different scripts both sound ${shared}`,
        };
        score = Math.max(score, Math.min(0.95, sounding));
      }
      if (x.abjad !== y.abjad) {
        const consonants = consonantAgreement(x, y);
        explain['consonants'] = {
          score: round(consonants.overlap),
          detail: `consonants "${consonants.abjad}" / "${consonants.other}" (one name in an abjad)`,
        };
        score = Math.max(score, CONSONANTS_EQUAL * consonants.overlap);
      }
      const numbers = [namesNumbers(x.normalised.core), namesNumbers(y.normalised.core)] as const;
      const agreement = numbersAgree(numbers[0], numbers[1]);
      if (agreement !== 'none') {
        const factor = agreement === 'equal' ? 1 : agreement === 'one-side' ? NUMBER_ONE_SIDE : NUMBERS_DIFFER;
        explain['numbers'] = {
          score: agreement === 'equal' ? 1 : agreement === 'one-side' ? 0.5 : 0,
          detail: `numbers ${numbers[0].join(' ') || 'none'} / ${numbers[1].join(' ') || 'none'}`,
        };
        score *= factor;
      }
      const forms = compareLegalForms(x.forms, y.forms);
      if (forms !== 'none') {
        const names = (f: readonly LegalFormFacts[]): string => f.map((form) => form.phrase).join(', ');
        const of = (f: readonly LegalFormFacts[]): string =>
          f
            .map((form) => (form.countries === null ? form.phrase : `${form.phrase} (${form.countries.join(' ')})`))
            .join(', ');
        explain['legal_form'] = {
          score: forms === 'agree' ? 1 : forms === 'other-kind' ? 0.5 : 0,
          detail:
            forms === 'agree'
              ? `${names(x.forms)} / ${names(y.forms)}`
              : forms === 'other-kind'
                ? `${names(x.forms)} and ${names(y.forms)} are different kinds of company`
                : `${of(x.forms)} and ${of(y.forms)} are forms of different countries`,
        };
        if (forms === 'other-kind') score -= LEGAL_KINDS_DIFFER;
        if (forms === 'other-country') score -= LEGAL_COUNTRIES_DIFFER;
      }
      if (score > best.score) best = { score, explain };
    }
  }
  return best;
}

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
  const names = nameFeatures(
    query.names.map((n) => compared(n, kind)),
    candidate.names.map((n) => compared(n, kind)),
    rarity,
  );
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
  return { score: round(clamp(score)), explanations };
}

/**
 * The least score taken for a match: the lowest at which precision reaches 99 % on the tuning half of the labelled
 * name pairs (bench/RESULTS.md, "Name matching", where the recall it leaves is reported too). Callers that prefer
 * recall pass a lower threshold.
 */
export const MATCH_SCORE_THRESHOLD = 0.99;
