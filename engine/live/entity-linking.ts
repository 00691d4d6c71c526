// Which records a new record is the same real entity as: by shared identifiers, then by name, as the build links them.
import type { Corpus } from '../corpus.js';
import type { EntityRecord, Identifier } from '../model/records.js';
import { LINKING_SCHEMES } from '../resolution/linking.js';
import { MATCH_THRESHOLD, matchDetail, scorePair, type MatchDetail } from '../resolution/link-score.js';

/** Past this many records of one name, the name says too little to score each (the build skips such blocks too). */
const MAX_BLOCK = 40;
/** Names of a new record looked up (its own, then its aliases): sanctions entries repeat one name in many forms. */
const LOOKED_UP = 4;

export interface Link {
  entity: number;
  /** By a shared identifier (certain), or by name and the build's features (scored). */
  by: 'identifier' | 'name';
  /** How it was linked: what the shared identifiers are called (as the build names them), or the agreeing features of a name match. */
  natures: string[];
  /** The name match's score; absent for an identifier link, which is certain. */
  score?: number;
}

/** Records that carry one of these identifiers, of a scheme that names exactly one entity (the build's identifier links). */
export function identifierLinks(corpus: Corpus, identifiers: readonly Identifier[]): Link[] {
  const found = new Map<number, string[]>();
  for (const i of identifiers) {
    const nature = LINKING_SCHEMES.get(i.scheme);
    if (nature === undefined) continue;
    const other = corpus.identifiers.get(i.scheme, i.value);
    if (other !== undefined) found.set(other, [...(found.get(other) ?? []), nature]);
  }
  return [...found].map(([entity, natures]) => ({
    entity,
    by: 'identifier' as const,
    natures: [...new Set(natures)].sort(),
  }));
}

/**
 * The best record of another publisher with the same name (in any word order), scored by the build's own features
 * (dates, countries, addresses) and linked at the build's threshold; null when none reaches it. Only exact name keys
 * are candidates here: a live change must not cost a fuzzy search per new record. `detailOf` reads a candidate's
 * details (by default from its record each time); `detail` is the record's own, its names normalised once for the
 * lookup and the scoring alike (and, by a caller that keeps it, for the name index).
 */
export function nameLink(
  corpus: Corpus,
  record: EntityRecord,
  detailOf: (ix: number) => MatchDetail = (ix) => matchDetail(corpus.entities.record(ix)),
  detail: MatchDetail = matchDetail(record),
): Link | null {
  const source = record.provenance[0]?.source;
  // An array, not a Set: a few dozen candidates at most, and a live change links every record it adds.
  const candidates: number[] = [];
  for (const name of detail.names.slice(0, LOOKED_UP)) {
    const same = corpus.names.exactByKey(name.key, MAX_BLOCK + 1);
    if (same.length > MAX_BLOCK) continue;
    for (const e of same) if (!candidates.includes(e)) candidates.push(e);
  }
  if (candidates.length === 0) return null;
  let best: Link | null = null;
  for (const e of candidates) {
    if (corpus.entities.type(e) !== record.type || corpus.entities.source(e) === source) continue;
    const scored = scorePair(detail, detailOf(e));
    if (scored === null || scored.score < MATCH_THRESHOLD) continue;
    if (best === null || scored.score > (best.score ?? 0))
      best = { entity: e, by: 'name', natures: scored.natures, score: scored.score };
  }
  return best;
}
