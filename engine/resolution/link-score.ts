// Scores a candidate pair of records of different sources: which features agree, which contradict, and how sure.
import { foldToAscii, nameSimilarity, normaliseName, type NormalisedName } from '../names/index.js';
import { missing } from '../errors/missing.js';
import type { EntityRecord, Provenance } from '../model/records.js';

/** Names and aliases compared per record: sanctions entries repeat one name in every EU language. */
export const MAX_NAMES = 24;
/** A pair scoring at least this is linked. Chosen on the labelled set (bench/RESULTS.md, "Entity resolution"). */
export const MATCH_THRESHOLD = 0.8;
/** Below this name similarity a pair is never linked, whatever else agrees. */
const MIN_NAME_SIMILARITY = 0.9;

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
  names: NormalisedName[];
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

/** A partial date `YYYY[-MM[-DD]]` as YYYYMMDD with zeros for unknown parts; 0 when absent or unreadable. */
export function packDate(date: string | null): number {
  if (date === null) return 0;
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(date);
  if (m === null) return 0;
  return Number(m[1]) * 10000 + Number(m[2] ?? 0) * 100 + Number(m[3] ?? 0);
}

/** 'full' when both dates are complete and equal, 'partial' when they agree as far as both go, 'contradiction' otherwise. */
export function compareDates(a: number, b: number): 'none' | 'full' | 'partial' | 'contradiction' {
  if (a === 0 || b === 0) return 'none';
  const parts = (d: number): [number, number, number] => [Math.floor(d / 10000), Math.floor(d / 100) % 100, d % 100];
  const [ya, ma, da] = parts(a);
  const [yb, mb, db] = parts(b);
  if (ya !== yb) return 'contradiction';
  if (ma !== 0 && mb !== 0 && ma !== mb) return 'contradiction';
  if (da !== 0 && db !== 0 && da !== db) return 'contradiction';
  return da !== 0 && db !== 0 ? 'full' : 'partial';
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
  const seen = new Set<string>();
  for (const raw of [record.name, ...record.aliases]) {
    if (names.length >= MAX_NAMES) break;
    const n = normaliseName(raw);
    if (n.core.length === 0 || seen.has(n.key)) continue;
    seen.add(n.key);
    names.push(n);
  }
  const countries = [
    ...new Set([...record.nationalities, ...(record.jurisdiction === null ? [] : [record.jurisdiction])]),
  ];
  return {
    type: record.type,
    names,
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

/** Best name agreement over both records' names: an equal order-free key is `exact`, else the best similarity. */
function nameAgreement(a: MatchDetail, b: MatchDetail): { exact: boolean; words: number; similarity: number } {
  let best = { exact: false, words: 0, similarity: 0 };
  for (const x of a.names) {
    for (const y of b.names) {
      if (x.key === y.key) {
        if (!best.exact || x.core.length > best.words) best = { exact: true, words: x.core.length, similarity: 1 };
        continue;
      }
      if (best.exact) continue;
      const s = Math.max(nameSimilarity(x, y), nameSimilarity(y, x));
      if (s > best.similarity) best = { exact: false, words: Math.min(x.core.length, y.core.length), similarity: s };
    }
  }
  return best;
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
  if (!name.exact && name.similarity < MIN_NAME_SIMILARITY) return null;
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
export function scoreBound(
  birth: ReturnType<typeof compareDates>,
  incorporation: ReturnType<typeof compareDates>,
): number {
  if (birth === 'contradiction' || incorporation === 'contradiction') return 0;
  let bound = WEIGHT.nameThreeWords + WEIGHT.country + WEIGHT.address;
  bound += birth === 'none' ? 0 : birth === 'full' ? WEIGHT.birthDate : WEIGHT.birthPartial;
  bound +=
    incorporation === 'none' ? 0 : incorporation === 'full' ? WEIGHT.incorporationDate : WEIGHT.incorporationPartial;
  return bound;
}
