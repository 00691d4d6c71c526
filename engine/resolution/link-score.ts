// Whether two records of different publishers are one entity, for the build's cross-source links and the live ones:
// their names through the one match scorer, then what their records add (dates, countries, addresses).
import { foldToAscii, normaliseName, type NormalisedName } from '../names/index.js';
import { missing } from '../errors/missing.js';
import type { EntityRecord, Provenance } from '../model/records.js';
import { scoreMatch, type SubjectKind } from './match-scorer.js';
import { compareDates, packDate, type DateAgreement } from './partial-dates.js';
import { subjectKindOf } from './subject-kind.js';

/** Names and aliases compared per record: sanctions entries repeat one name in every EU language. */
export const MAX_NAMES = 24;
/** A pair scoring at least this is linked. Chosen on the labelled set (bench/RESULTS.md, "Entity resolution"). */
export const MATCH_THRESHOLD = 0.8;
/**
 * Below this name score (the match scorer's, as `resolve` takes it) a pair is never linked, whatever else agrees. It
 * is lower than `resolve`'s threshold because a link needs more than a name: a birth date, a jurisdiction, an
 * address must add enough (a middle name one list leaves out, with the same birth date, is the same person).
 */
export const LINK_NAME_FLOOR = 0.75;
/** Names of each record scored against each other when no two are equal: the first few, the record's own first. */
const NAMES_SCORED = 6;

/**
 * Evidence weights. Names decide whether a pair is a candidate at all; dates, places and addresses then have to
 * add enough: an equal name alone (0.6, or 0.65 with three words or more) never links, an equal name with a full
 * birth date (0.95) does, and so does an equal three-word name with the same birth year (0.8).
 */
const WEIGHT = {
  name: 0.6,
  nameThreeWords: 0.65,
  nameSingleWord: 0.45,
  nameFuzzy: 0.45,
  birthDate: 0.35,
  birthPartial: 0.15,
  country: 0.1,
  countryContradiction: -0.15,
  /** A company is registered in one jurisdiction: two different ones mostly mean two companies of one name. */
  jurisdictionContradiction: -0.3,
  incorporationDate: 0.3,
  incorporationPartial: 0.1,
  address: 0.2,
} as const;

/** What scoring needs of one record, extracted once in the build's second look at candidate records. */
export interface MatchDetail {
  type: EntityRecord['type'];
  /** How the match scorer compares this record's names. */
  kind: SubjectKind;
  names: NormalisedName[];
  /** The names as written, in the order of `names`. */
  written: string[];
  countries: string[];
  birth: number;
  incorporation: number;
  addresses: Set<string>[];
  provenance: Provenance;
}

export interface MatchResult {
  score: number;
  /** Agreeing features, in a fixed order: `name`|`name-fuzzy`, then dates, countries and address. */
  natures: string[];
}

/** The words of an address worth comparing: folded, without one- and two-letter tokens. */
function addressTokens(address: string): Set<string> {
  return new Set(
    foldToAscii(address)
      .split(' ')
      .filter((t) => t.length > 2),
  );
}

export function matchDetail(record: EntityRecord): MatchDetail {
  const names: NormalisedName[] = [];
  const written: string[] = [];
  const seen = new Set<string>();
  for (const raw of [record.name, ...record.aliases]) {
    if (names.length >= MAX_NAMES) break;
    const n = normaliseName(raw);
    if (n.core.length === 0 || seen.has(n.key)) continue;
    seen.add(n.key);
    names.push(n);
    written.push(raw);
  }
  const countries = [
    ...new Set([...record.nationalities, ...(record.jurisdiction === null ? [] : [record.jurisdiction])]),
  ];
  return {
    type: record.type,
    kind: subjectKindOf(record),
    names,
    written,
    countries,
    birth: packDate(record.birth_date),
    incorporation: packDate(record.incorporation_date),
    addresses: record.addresses
      .slice(0, 8)
      .map(addressTokens)
      .filter((t) => t.size >= 3),
    provenance: record.provenance[0] ?? missing('provenance'),
  };
}

/**
 * `normaliseName` for the names of the record `detail` was read from, answered from its names already normalised
 * (each the same object `normaliseName` gave): a name it left out (a repeat, one past MAX_NAMES) is normalised again.
 */
export function normalisedFrom(detail: MatchDetail): (name: string) => NormalisedName {
  return (name) => {
    const at = detail.written.indexOf(name);
    return at < 0 ? normaliseName(name) : (detail.names[at] ?? normaliseName(name));
  };
}

/**
 * How the records' names agree, by the match scorer: two names with the same words, whatever their order (the longest such
 * pair) are `exact` when the scorer confirms them (their legal forms and numbers agree too); otherwise the best
 * score of their first few names.
 */
function nameAgreement(a: MatchDetail, b: MatchDetail): { exact: boolean; words: number; score: number } {
  let equal = { i: -1, j: -1, words: 0 };
  for (let i = 0; i < a.names.length; i++) {
    const x = a.names[i] ?? missing('name');
    for (let j = 0; j < b.names.length; j++)
      if (x.key === b.names[j]?.key && x.core.length > equal.words) equal = { i, j, words: x.core.length };
  }
  const kind = a.kind === 'any' ? b.kind : a.kind;
  const score = (xs: readonly string[], ys: readonly string[]): number =>
    scoreMatch({ kind, names: xs }, { kind, names: ys }).score;
  if (equal.i >= 0) {
    const confirmed = score([a.written[equal.i] ?? ''], [b.written[equal.j] ?? '']);
    if (confirmed >= LINK_NAME_FLOOR) return { exact: true, words: equal.words, score: confirmed };
  }
  return { exact: false, words: 0, score: score(a.written.slice(0, NAMES_SCORED), b.written.slice(0, NAMES_SCORED)) };
}

/**
 * Two addresses overlap when at least three words, and most words of the shorter one, appear in the other: a
 * street and a town, not a town and a country.
 */
function addressesOverlap(a: readonly Set<string>[], b: readonly Set<string>[]): boolean {
  for (const x of a) {
    for (const y of b) {
      const [small, large] = x.size <= y.size ? [x, y] : [y, x];
      let shared = 0;
      for (const t of small) if (large.has(t)) shared++;
      if (shared >= 3 && shared / small.size >= 0.6) return true;
    }
  }
  return false;
}

/**
 * The score of a pair, or null when it must not link: different types, names too far apart, or contradicting
 * birth or incorporation dates. Countries that contradict lower the score rather than veto it, because lists give
 * nationalities, residences and a company's country of address or of registration unevenly.
 */
export function scorePair(a: MatchDetail, b: MatchDetail): MatchResult | null {
  if (a.type !== b.type) return null;
  const birth = compareDates(a.birth, b.birth);
  const incorporation = compareDates(a.incorporation, b.incorporation);
  if (birth === 'contradiction' || incorporation === 'contradiction') return null;
  const name = nameAgreement(a, b);
  if (!name.exact && name.score < LINK_NAME_FLOOR) return null;
  const natures: string[] = [];
  let score: number;
  if (name.exact) {
    natures.push('name');
    score = name.words >= 3 ? WEIGHT.nameThreeWords : name.words === 2 ? WEIGHT.name : WEIGHT.nameSingleWord;
  } else {
    natures.push('name-fuzzy');
    score = WEIGHT.nameFuzzy;
  }
  if (birth === 'full') {
    natures.push('birth-date');
    score += WEIGHT.birthDate;
  } else if (birth === 'partial') {
    natures.push('birth-year');
    score += WEIGHT.birthPartial;
  }
  if (incorporation === 'full') {
    natures.push('incorporation-date');
    score += WEIGHT.incorporationDate;
  } else if (incorporation === 'partial') {
    natures.push('incorporation-year');
    score += WEIGHT.incorporationPartial;
  }
  if (a.countries.length > 0 && b.countries.length > 0) {
    if (a.countries.some((c) => b.countries.includes(c))) {
      natures.push(a.type === 'person' ? 'nationality' : 'jurisdiction');
      score += WEIGHT.country;
    } else {
      score += a.type === 'person' ? WEIGHT.countryContradiction : WEIGHT.jurisdictionContradiction;
    }
  }
  if (addressesOverlap(a.addresses, b.addresses)) {
    natures.push('address');
    score += WEIGHT.address;
  }
  return { score: Math.round(Math.min(score, 0.99) * 1000) / 1000, natures };
}

/**
 * The most a pair can score knowing only its type and dates (names equal, countries and addresses agreeing):
 * pairs below the threshold are dropped before their records are read a second time.
 */
export function scoreBound(birth: DateAgreement, incorporation: DateAgreement): number {
  if (birth === 'contradiction' || incorporation === 'contradiction') return 0;
  let bound = WEIGHT.nameThreeWords + WEIGHT.country + WEIGHT.address;
  bound += birth === 'none' ? 0 : birth === 'full' ? WEIGHT.birthDate : WEIGHT.birthPartial;
  bound +=
    incorporation === 'none' ? 0 : incorporation === 'full' ? WEIGHT.incorporationDate : WEIGHT.incorporationPartial;
  return bound;
}
