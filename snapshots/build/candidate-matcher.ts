// Candidate matching across sources: records of different publishers blocked on name keys, then scored on features.
import type { EntityRecord, Provenance } from '../../engine/model/records.js';
import { missing } from '../../engine/errors/missing.js';
import { normaliseName } from '../../engine/names/index.js';
import {
  MATCH_THRESHOLD,
  MAX_NAMES,
  matchDetail,
  scoreBound,
  scorePair,
  type MatchDetail,
} from '../../engine/resolution/link-score.js';
import { compareDates, packDate } from '../../engine/resolution/partial-dates.js';
import { grown } from '../../engine/store/grown.js';
import { HashColumn } from '../../engine/store/hash-column.js';

/**
 * Records sharing one name key beyond this many are not compared: a key that common ("mohammed ali") says
 * nothing, and comparing every pair in it would cost quadratic time. Such keys are counted, not silently lost.
 */
export const MAX_BLOCK = 40;

export interface CandidateLink {
  /** The earlier record (smaller index) and the later one, whose provenance the link cites. */
  a: number;
  b: number;
  score: number;
  natures: string[];
  provenance: Provenance;
}

const TYPE_CODE: Record<EntityRecord['type'], number> = { company: 1, person: 2, asset: 0 };

/** Room for this many records at first; the columns double as records come. */
const INITIAL_RECORDS = 1024;

/** FNV-1a: blocking keys are kept as 32-bit hashes, so a million records' keys cost 8 bytes each, not a string. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Words of a name used for pair keys: the first few, since long names are sanctions transcriptions of one person. */
const PAIR_WORDS = 6;

/**
 * Order-free keys of one normalised name: all its words, their 4-letter stems (typos past the fourth letter),
 * and every pair of its words, so that a name missing a patronymic or a particle still meets its longer form.
 */
function nameKeys(core: readonly string[], key: string, out: Set<number>): void {
  out.add(hash(key));
  if (core.length < 2) return;
  out.add(
    hash(
      `~${core
        .map((w) => w.slice(0, 4))
        .sort()
        .join(' ')}`,
    ),
  );
  if (core.length < 3) return;
  const words = [...new Set(core.slice(0, PAIR_WORDS))].sort();
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j < words.length; j++) out.add(hash(`${words[i]} ${words[j]}`));
}

/**
 * Fed every entity once, in index order (as the build reads them), it keeps a few compact facts per record (type,
 * publisher, dates) and the hashed name keys; `pairs()` then forms the candidate pairs of different publishers, `needs` says which
 * records to read again, and `links()` scores them. Memory is bounded by the number of names, not of pairs:
 * blocks over MAX_BLOCK are skipped.
 */
export class CandidateMatcher {
  #type = new Uint8Array(INITIAL_RECORDS);
  #publisher = new Uint16Array(INITIAL_RECORDS);
  #birth = new Int32Array(INITIAL_RECORDS);
  #incorporation = new Int32Array(INITIAL_RECORDS);
  /** Records fed so far: one more than the largest index. */
  #size = 0;
  readonly #publishers = new Map<string, number>();
  /** Every record's name keys, hashed: grouped by hash, they are the blocks whose records are compared. */
  #keys = new HashColumn();
  #pairs: number[] = [];
  readonly #details = new Map<number, MatchDetail | null>();
  /** Name keys shared by more than MAX_BLOCK records of several publishers, which were not compared. */
  skippedKeys = 0;
  /** Pairs that shared a key and passed the cheap tests, before scoring. */
  candidatePairs = 0;

  add(ix: number, record: EntityRecord): void {
    const type = TYPE_CODE[record.type];
    // Vessels and aircraft share names freely and are told apart by their IMO or tail numbers, not here.
    if (type === 0) return;
    this.#makeRoom(ix);
    const ns = record.id.slice(0, record.id.indexOf(':'));
    let publisher = this.#publishers.get(ns);
    if (publisher === undefined) this.#publishers.set(ns, (publisher = this.#publishers.size + 1));
    this.#type[ix] = type;
    this.#publisher[ix] = publisher;
    this.#birth[ix] = packDate(record.birth_date);
    this.#incorporation[ix] = packDate(record.incorporation_date);
    const keys = new Set<number>();
    let names = 0;
    for (const raw of [record.name, ...record.aliases]) {
      if (names++ >= MAX_NAMES) break;
      const n = normaliseName(raw);
      if (n.core.length > 0) nameKeys(n.core, n.key, keys);
    }
    for (const h of keys) this.#keys.push(h, ix);
  }

  /** The columns grown to hold record `ix`: a build feeds records as it reads them, before it knows how many. */
  #makeRoom(ix: number): void {
    this.#size = Math.max(this.#size, ix + 1);
    if (ix < this.#type.length) return;
    let length = this.#type.length;
    while (length <= ix) length *= 2;
    this.#type = grown(this.#type, length, (n) => new Uint8Array(n));
    this.#publisher = grown(this.#publisher, length, (n) => new Uint16Array(n));
    this.#birth = grown(this.#birth, length, (n) => new Int32Array(n));
    this.#incorporation = grown(this.#incorporation, length, (n) => new Int32Array(n));
  }

  /** Forms the candidate pairs; afterwards `needs` names the records whose details `detail` must be given. */
  pairs(): void {
    const keys = this.#keys;
    const hashes = keys.hashes;
    const order = keys.order();
    const seen = new Set<number>();
    const block: number[] = [];
    for (let start = 0; start < order.length;) {
      const h = hashes[order[start] ?? missing('key order')] ?? missing('name key hash');
      let end = start + 1;
      while (end < order.length && hashes[order[end] ?? missing('key order')] === h) end++;
      if (end - start > 1) {
        block.length = 0;
        for (let i = start; i < end; i++) {
          const ix = keys.owner(order[i] ?? missing('key order'));
          if (block[block.length - 1] !== ix) block.push(ix);
        }
        this.#comparePairs(block, seen);
      }
      start = end;
    }
    this.#keys = new HashColumn();
    for (const ix of this.#pairs) this.#details.set(ix, null);
  }

  #comparePairs(block: readonly number[], seen: Set<number>): void {
    const first = this.#publisher[block[0] ?? missing('block member')];
    if (block.every((ix) => this.#publisher[ix] === first)) return;
    if (block.length > MAX_BLOCK) {
      this.skippedKeys += 1;
      return;
    }
    for (let i = 0; i < block.length; i++) {
      const a = block[i] ?? missing('block member');
      for (let j = i + 1; j < block.length; j++) {
        const b = block[j] ?? missing('block member');
        if (this.#publisher[a] === this.#publisher[b] || this.#type[a] !== this.#type[b]) continue;
        const pair = a * this.#size + b;
        if (seen.has(pair)) continue;
        seen.add(pair);
        const birth = compareDates(this.#birth[a] ?? missing('birth date'), this.#birth[b] ?? missing('birth date'));
        const incorporation = compareDates(
          this.#incorporation[a] ?? missing('incorporation date'),
          this.#incorporation[b] ?? missing('incorporation date'),
        );
        if (scoreBound(birth, incorporation) < MATCH_THRESHOLD) continue;
        this.#pairs.push(a, b);
        this.candidatePairs += 1;
      }
    }
  }

  /** Whether the record at `ix` takes part in a candidate pair (only after `pairs()`). */
  needs(ix: number): boolean {
    return this.#details.has(ix);
  }

  detail(ix: number, record: EntityRecord): void {
    if (this.#details.has(ix)) this.#details.set(ix, matchDetail(record));
  }

  /** The scored pairs at or above the threshold, best first; `refuse` vetoes a pair (conflicting identifiers). */
  links(refuse: (a: number, b: number) => boolean): CandidateLink[] {
    const out: CandidateLink[] = [];
    for (let i = 0; i < this.#pairs.length; i += 2) {
      const a = this.#pairs[i] ?? missing('candidate pair');
      const b = this.#pairs[i + 1] ?? missing('candidate pair');
      const da = this.#details.get(a);
      const db = this.#details.get(b);
      if (da === undefined || da === null || db === undefined || db === null) continue;
      const result = scorePair(da, db);
      if (result === null || result.score < MATCH_THRESHOLD || refuse(a, b)) continue;
      out.push({ a, b, score: result.score, natures: result.natures, provenance: db.provenance });
    }
    this.#pairs = [];
    this.#details.clear();
    return out.sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  }
}
