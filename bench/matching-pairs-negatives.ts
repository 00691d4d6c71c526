// Negative pairs: the most similar names of two entities known to be different. Blocking on shared rare words keeps
// the search fast; a guard keeps only pairs where the records prove they are two entities. A name in another script
// is compared as the `transliteration` package reads it, so that a matcher is also asked about two different
// entities whose names are written in two scripts.
import { negativeKind } from './matching-pairs-kinds.js';
import { dominantScript } from './matching-pairs-scripts.js';
import type { LegalForms } from './matching-pairs-legal-forms.js';
import { halfOf } from './matching-pairs-split.js';
import { byCodeUnit, letterCount, pairKey, trigrams, words } from './matching-pairs-text.js';
import { exclude, type EntityRecord, type Exclusions, type LabelledPair } from './matching-pairs-types.js';
import { VariantRules } from './matching-pairs-variants.js';

/** Trigram Jaccard below which two names are not worth asking a matcher about. */
export const SIMILARITY_FLOOR = 0.45;
/** The nearest few names of other entities kept per name. */
const NEIGHBOURS_PER_NAME = 2;
/**
 * Name pairs kept per pair of entities: two entries that share many aliases (one group listed twice, a family of
 * relatives) would otherwise fill the set with one difference told many times, as positives are capped per entity.
 */
const NAMES_PER_ENTITY_PAIR = 2;
/** Words in more names than this ("company", "limited", "mohammed") are too common to block on. */
const MAX_BLOCK_SIZE = 400;

interface PooledName {
  readonly name: string;
  /** The name as compared: in Latin letters, read through the `transliteration` package when written otherwise. */
  readonly read: string;
  readonly entity: EntityRecord;
  readonly grams: Int32Array;
  readonly wordKey: string;
}

export interface ScoredNegative {
  readonly pair: LabelledPair;
  readonly score: number;
}

function intersectSorted(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      n++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return n;
}

function disjoint(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  for (const v of a) if (b.has(v)) return false;
  return true;
}

/** Every birth year of one is at least two years from every birth year of the other ("circa", ranges and typos differ by one). */
function yearsApart(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  for (const x of a) for (const y of b) if (Math.abs(Number(x) - Number(y)) < 2) return false;
  return true;
}

/**
 * Why two records may not be used as a negative, or undefined when they are proven different. Within one
 * publisher's list different ids are different entries; across publishers the same company can be listed twice, so
 * a difference in birth years, IMO numbers, LEIs, or registration numbers with jurisdictions is required.
 */
export function guardReason(x: EntityRecord, y: EntityRecord): string | undefined {
  if (x.group === y.group) return 'same-entity';
  if (x.type !== y.type) return 'different-types';
  for (const v of x.identifiers) if (y.identifiers.has(v)) return 'shared-identifier';
  if (halfOf(x.group) !== halfOf(y.group)) return 'split-straddle';
  if (x.publisher === y.publisher) return undefined;
  if (x.type === 'person') return yearsApart(x.birthYears, y.birthYears) ? undefined : 'not-proven-different';
  const scheme = (s: string, z: EntityRecord): Set<string> => z.schemes.get(s) ?? new Set();
  if (disjoint(scheme('imo', x), scheme('imo', y)) || disjoint(scheme('lei', x), scheme('lei', y))) return undefined;
  if (scheme('reg', x).size > 0 && scheme('reg', y).size > 0 && disjoint(x.countries, y.countries)) return undefined;
  return 'not-proven-different';
}

function pool(entities: readonly EntityRecord[], rules: VariantRules): PooledName[] {
  const ids = new Map<string, number>();
  const out: PooledName[] = [];
  for (const entity of entities) {
    if (entity.publisher === 'watchman') continue; // hand-made pairs with no record behind them to prove a difference
    for (const name of entity.names) {
      if (letterCount(name) < 2) continue;
      const read = rules.read(name);
      const grams = [...trigrams(read)].map((g) => {
        let id = ids.get(g);
        if (id === undefined) ids.set(g, (id = ids.size));
        return id;
      });
      out.push({
        name,
        read,
        entity,
        grams: Int32Array.from(grams).sort(),
        wordKey: [...words(read)].sort().join(' '),
      });
    }
  }
  return out;
}

/** A name without what it adds in round or square brackets. */
const withoutBrackets = (name: string): string => name.replace(/\s*[([][^)\]]*[)\]]\s*/g, ' ').trim();

/**
 * Why two names of two proven-different entries still may not be a negative: they are one name twice (a matcher
 * rightly flags namesakes; other attributes decide), or variants of one name by the very rule that makes a
 * positive. A set of name pairs cannot call one spelling of a name the same name when two records of one entity
 * carry it and a different name when two entities do: only other attributes tell such namesakes apart. Across
 * publishers this also covers one person whose birth years the two lists give differently.
 */
function nameReason(n: PooledName, m: PooledName, rules: VariantRules): string | undefined {
  const type = n.entity.type;
  if (rules.isNamesake(n.read, m.read, type)) return 'negative-namesake';
  if (rules.isVariantBothWays(n.read, m.read, type)) return 'negative-variant';
  // What a list adds in brackets (an acronym, a place) is not the name: "X (XY)" and "X" are one name.
  const [bn, bm] = [withoutBrackets(n.read), withoutBrackets(m.read)];
  if ((bn !== n.read || bm !== m.read) && (rules.isNamesake(bn, bm, type) || rules.isVariantBothWays(bn, bm, type)))
    return 'negative-namesake-in-brackets';
  // Across scripts, positives are held to a looser rule; a pair it accepts cannot also be a negative.
  if (dominantScript(n.name) !== dominantScript(m.name) && rules.isCrossScriptVariant(n.name, m.name, type))
    return 'negative-variant';
  return undefined;
}

export function mineNegatives(
  entities: readonly EntityRecord[],
  forms: LegalForms,
  exclusions: Exclusions,
): ScoredNegative[] {
  const rules = new VariantRules(forms);
  const names = pool(entities, rules);
  const postings = new Map<string, number[]>();
  names.forEach((n, i) => {
    for (const w of new Set(words(n.read))) {
      if (w.length < 3 && !/\d/u.test(w)) continue;
      let p = postings.get(w);
      if (p === undefined) postings.set(w, (p = []));
      p.push(i);
    }
  });
  const best = names.map(() => [] as { j: number; score: number }[]);
  const guardCache = new Map<string, string | undefined>();
  names.forEach((n, i) => {
    const candidates = new Set<number>();
    for (const w of new Set(words(n.read))) {
      const p = postings.get(w);
      if (p === undefined || p.length > MAX_BLOCK_SIZE) continue;
      for (const j of p) if (j > i) candidates.add(j);
    }
    for (const j of candidates) {
      const m = names[j];
      if (m === undefined || m.entity === n.entity) continue;
      const inter = intersectSorted(n.grams, m.grams);
      const score = inter / (n.grams.length + m.grams.length - inter);
      if (score < SIMILARITY_FLOOR) continue;
      const cacheKey = `${n.entity.group}\u0000${m.entity.group}`;
      if (!guardCache.has(cacheKey)) guardCache.set(cacheKey, guardReason(n.entity, m.entity));
      const reason = guardCache.get(cacheKey);
      if (reason !== undefined) {
        exclude(exclusions, `negative-${reason}`);
        continue;
      }
      if (n.wordKey === m.wordKey) {
        exclude(exclusions, 'negative-same-words');
        continue;
      }
      const reasonByName = nameReason(n, m, rules);
      if (reasonByName !== undefined) {
        exclude(exclusions, reasonByName);
        continue;
      }
      best[i]?.push({ j, score });
      best[j]?.push({ j: i, score });
    }
  });
  const nearest: { i: number; j: number; score: number }[] = [];
  best.forEach((list, i) => {
    list.sort((x, y) => y.score - x.score || x.j - y.j);
    for (const { j, score } of list.slice(0, NEIGHBOURS_PER_NAME)) nearest.push({ i, j, score });
  });
  // The most similar first, so that an entity pair's cap keeps its hardest names.
  nearest.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  const chosen = new Map<string, ScoredNegative>();
  const perEntityPair = new Map<string, number>();
  for (const { i, j, score } of nearest) {
    const [p, q] = [names[i], names[j]];
    if (p === undefined || q === undefined) continue;
    const [x, y] = byCodeUnit(p.entity.group, q.entity.group) <= 0 ? [p, q] : [q, p];
    const key = pairKey(x.name, y.name);
    if (chosen.has(key)) continue;
    const entities = `${x.entity.group}\u0000${y.entity.group}`;
    const taken = perEntityPair.get(entities) ?? 0;
    if (taken >= NAMES_PER_ENTITY_PAIR) {
      exclude(exclusions, 'negative-entity-pair-cap');
      continue;
    }
    perEntityPair.set(entities, taken + 1);
    // One name in two legal forms is a fair negative only because the forms differ: say so in its kind.
    const kind =
      dominantScript(x.name) !== dominantScript(y.name)
        ? 'neg:cross-script'
        : rules.sameName(x.name, y.name, x.entity.type) === 'other-form'
          ? 'neg:legal-form-country'
          : negativeKind({ name: x.name, japanese: false }, { name: y.name, japanese: false }, x.entity.type, forms);
    const source = `${x.entity.source.split(';')[0] ?? ''} vs ${y.entity.source.split(';')[0] ?? ''}`;
    chosen.set(key, {
      score,
      pair: {
        a: x.name,
        b: y.name,
        match: false,
        kind,
        type: x.entity.type,
        half: halfOf(x.entity.group),
        group: x.entity.group,
        group_b: y.entity.group,
        source,
      },
    });
  }
  for (const negative of [...chosen.values()]) {
    for (const across of acrossScripts(negative, entities, rules)) {
      const key = pairKey(across.pair.a, across.pair.b);
      if (!chosen.has(key)) chosen.set(key, across);
    }
  }
  return [...chosen.values()];
}

/**
 * The same negative across scripts: when one entity of a Latin negative also gives its name in another script (a
 * variant of the very name in the pair, by the cross-script rule that makes positives), that name against the other
 * entity's Latin name is a negative too, as hard as the Latin one. Names in other scripts seldom come near enough to
 * another entity's Latin name to be mined directly, so without this every pair across scripts would be a match.
 */
function acrossScripts(
  negative: ScoredNegative,
  entities: readonly EntityRecord[],
  rules: VariantRules,
): ScoredNegative[] {
  const { pair } = negative;
  if (dominantScript(pair.a) !== 'latin' || dominantScript(pair.b) !== 'latin') return [];
  const out: ScoredNegative[] = [];
  const sides = [
    [pair.group, pair.a, pair.b],
    [pair.group_b ?? '', pair.b, pair.a],
  ] as const;
  for (const [group, own, other] of sides) {
    const entity = entityByGroup(entities).get(group);
    if (entity === undefined) continue;
    const native = entity.names.find(
      (n) =>
        dominantScript(n) !== 'latin' &&
        rules.isCrossScriptVariant(n, own, entity.type) &&
        !rules.isCrossScriptVariant(n, other, entity.type),
    );
    if (native === undefined) continue;
    const [a, b] = group === pair.group ? [native, other] : [other, native];
    out.push({ score: negative.score, pair: { ...pair, a, b, kind: 'neg:cross-script' } });
  }
  return out;
}

const groupIndexes = new WeakMap<readonly EntityRecord[], Map<string, EntityRecord>>();

function entityByGroup(entities: readonly EntityRecord[]): Map<string, EntityRecord> {
  let index = groupIndexes.get(entities);
  if (index === undefined) {
    index = new Map(entities.map((e) => [e.group, e]));
    groupIndexes.set(entities, index);
  }
  return index;
}
