// Cross-source resolution by identifier: records of different sources that publish the same identifier are one entity.
import { missing } from '../../engine/errors/missing.js';
import type { EntityRecord, Identifier, Provenance, RelationshipRecord } from '../../engine/model/records.js';
import { hashString } from '../../engine/store/string-hash.js';
import { LINKING_SCHEMES, linkingKeys } from '../../engine/resolution/linking.js';
import { HashColumn } from '../../engine/store/hash-column.js';

/** The second hash of a key starts from another offset: two keys alike in both are taken as one, and told apart later. */
const SECOND_SEED = 0x9747b28c;

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
  provenance: Provenance;
}

/** What a record's keys are needed for: nothing, the conflict tests of other links, or links of its own too. */
const NOT_NEEDED = 0;
const WANTED = 1;
const SHARING = 2;

/**
 * Proposes identity links between records sharing a linking identifier, unless the two records publish different
 * values of one scheme: a company with two LEIs is two companies, however similar, so conflicting records are never
 * merged.
 *
 * Two walks over the entities, so that only the few records that share an identifier are held as strings: at 20M
 * entities, a Map of every record's keys was gigabytes of heap. `add` (every entity, in any order) keeps two
 * 32-bit hashes of each key; `group` finds the records holding a key another record holds too; `want` names records
 * whose keys resolution reads for links of other kinds; `detail` (each record that `needs` it, in index order) keeps
 * their keys and forms the links, exactly as one walk over every record would. The first walk is the build's
 * reading of its sources, which calls `add` as each record comes.
 */
export class IdentifierLinker {
  /** Each key hashed twice, with its record: two keys alike in both hashes are taken as one until `detail`. */
  #high = new HashColumn();
  #low = new HashColumn();
  /** What each record's keys are needed for: sized by `group`, when the number of records is known. */
  #needed = new Uint8Array(0);
  /** The first record holding each key, over the records that share one. */
  readonly #first = new Map<string, number>();
  /** Linking keys per needed record (`scheme:value` joined by spaces), for the conflict test. */
  readonly #keys = new Map<number, string>();
  readonly #links = new Map<string, PendingLink>();
  conflicts = 0;

  /**
   * First walk: the hashes of record `ix`'s linking keys, in any order, and as many times as the record has parts
   * (a record a source gave twice, merged when it is written).
   */
  add(ix: number, identifiers: readonly Identifier[]): void {
    for (const key of linkingKeys(identifiers)) {
      this.#high.push(hashString(key), ix);
      this.#low.push(hashString(key, SECOND_SEED), ix);
    }
  }

  /**
   * After the first walk, given how many records the build holds: marks the records holding a key that another
   * record holds too (or one hashed alike).
   */
  group(records: number): void {
    this.#needed = new Uint8Array(records);
    const high = this.#high.hashes;
    const low = this.#low.hashes;
    const order = this.#high.order();
    const at = (i: number): number => order[i] ?? missing('key order');
    for (let start = 0; start < order.length;) {
      const hash = high[at(start)];
      let end = start + 1;
      while (end < order.length && high[at(end)] === hash) end++;
      for (let i = start; i < end; i++)
        for (let j = i + 1; j < end; j++) {
          const x = at(i);
          const y = at(j);
          const owner = this.#high.owner(x);
          const other = this.#high.owner(y);
          if (low[x] !== low[y] || owner === other) continue;
          this.#needed[owner] = SHARING;
          this.#needed[other] = SHARING;
        }
      start = end;
    }
    this.#high = new HashColumn();
    this.#low = new HashColumn();
  }

  /** Keeps record `ix`'s keys at `detail`: resolution tests a link of another kind that joins it for conflicts. */
  want(ix: number): void {
    if (this.#needed[ix] === NOT_NEEDED) this.#needed[ix] = WANTED;
  }

  /** Whether `detail` must be given record `ix` (only after `group`). */
  needs(ix: number): boolean {
    return this.#needed[ix] !== NOT_NEEDED;
  }

  /** Second walk, every record that `needs` it, in index order: its keys, and its links to earlier records. */
  detail(ix: number, record: EntityRecord, identifiers: readonly Identifier[]): void {
    const needed = this.#needed[ix];
    if (needed === NOT_NEEDED) return;
    const keys = linkingKeys(identifiers);
    if (keys.length === 0) return;
    this.#keys.set(ix, keys.join(' '));
    if (needed !== SHARING) return;
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
      const provenance = record.provenance[0] ?? missing('provenance');
      const link = this.#links.get(pair) ?? { a, b: ix, natures: new Set<string>(), provenance };
      link.natures.add(LINKING_SCHEMES.get(key.slice(0, key.indexOf(':'))) ?? missing('linking scheme'));
      this.#links.set(pair, link);
    }
  }

  /** Whether a record with linking keys `keys` contradicts entity `a` (the conflict test, exposed for other link methods). */
  conflict(a: number, keys: readonly string[]): boolean {
    return identifiersConflict(valuesByScheme(this.keysOf(a)), keys);
  }

  /** The linking keys of entity `ix` as `detail` was given them (empty when it has none, or was not needed). */
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
      provenance: l.provenance,
    }));
  }

  /** The proposed links: `b` is the later record, whose provenance the link cites. */
  links(): PendingLink[] {
    return [...this.#links.values()];
  }

  get size(): number {
    return this.#links.size;
  }
}
