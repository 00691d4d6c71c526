// Cross-source resolution by identifier: records of different sources that publish the same identifier are one entity.
import { missing } from '../../engine/errors/missing.js';
import type { EntityRecord, Identifier, RelationshipRecord } from '../../engine/model/records.js';
import { ShardedMap } from '../../engine/store/sharded-map.js';
import { LINKING_SCHEMES, linkingKeys } from '../../engine/resolution/linking.js';

/** Values per scheme of a list of `scheme:value` keys. */
export function valuesByScheme(keys: readonly string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const k of keys) {
    const c = k.indexOf(':');
    const set = out.get(k.slice(0, c)) ?? new Set<string>();
    set.add(k.slice(c + 1));
    out.set(k.slice(0, c), set);
  }
  return out;
}

/**
 * Whether a record with linking keys `keys` contradicts one with `theirs`: it publishes a value of a scheme that
 * the other also publishes, but not that value. A company with two LEIs is two companies, however similar.
 */
export function identifiersConflict(
  theirs: ReadonlyMap<string, ReadonlySet<string>>,
  keys: readonly string[],
): boolean {
  for (const k of keys) {
    const c = k.indexOf(':');
    const values = theirs.get(k.slice(0, c));
    if (values !== undefined && !values.has(k.slice(c + 1))) return true;
  }
  return false;
}

interface PendingLink {
  a: number;
  b: number;
  natures: Set<string>;
  record: EntityRecord;
}

/**
 * Fed every entity once (with its normalised identifiers), it proposes identity links between records sharing a
 * linking identifier, unless the two records publish different values of one scheme: a company with two LEIs is
 * two companies, however similar, so conflicting records are never merged.
 */
export class IdentifierLinker {
  readonly #first = new ShardedMap<number>();
  /** Linking identifiers per entity (`scheme:value` joined by spaces), for the conflict test; only entities that have any. */
  readonly #keys = new Map<number, string>();
  readonly #links = new Map<string, PendingLink>();
  conflicts = 0;

  add(ix: number, record: EntityRecord, identifiers: readonly Identifier[]): void {
    const keys = linkingKeys(identifiers);
    if (keys.length === 0) return;
    this.#keys.set(ix, keys.join(' '));
    for (const key of keys) {
      const a = this.#first.get(key);
      if (a === undefined) {
        this.#first.set(key, ix);
        continue;
      }
      if (a === ix) continue;
      if (this.conflict(a, keys)) {
        this.conflicts += 1;
        continue;
      }
      const pair = `${a}|${ix}`;
      const link = this.#links.get(pair) ?? { a, b: ix, natures: new Set<string>(), record };
      link.natures.add(LINKING_SCHEMES.get(key.slice(0, key.indexOf(':'))) ?? missing('linking scheme'));
      this.#links.set(pair, link);
    }
  }

  /** Whether a record with linking keys `keys` contradicts entity `a` (the conflict test, exposed for other link methods). */
  conflict(a: number, keys: readonly string[]): boolean {
    return identifiersConflict(valuesByScheme(this.keysOf(a)), keys);
  }

  /** The linking keys of entity `ix` as it was added (empty when it has none). */
  keysOf(ix: number): string[] {
    const joined = this.#keys.get(ix);
    return joined === undefined ? [] : joined.split(' ');
  }

  /**
   * The links as identity relationships from the later record to the earlier one, citing the later record, whose
   * source published the shared identifier.
   */
  relationships(idOf: (ix: number) => string): RelationshipRecord[] {
    return this.links().map((l) => ({
      record: 'relationship',
      source: idOf(l.b),
      target: idOf(l.a),
      kind: 'identity',
      role: 'same-as',
      share: null,
      natures: [...l.natures].sort(),
      start_date: null,
      end_date: null,
      provenance: l.record.provenance[0] ?? missing('provenance'),
    }));
  }

  /** The proposed links: `b` is the later record, whose provenance the link cites. */
  links(): { a: number; b: number; natures: Set<string>; record: EntityRecord }[] {
    return [...this.#links.values()];
  }

  get size(): number {
    return this.#links.size;
  }
}
