// What live linking has read of the records it compared new records with, kept for the next change that meets them.
import { LRUCache } from 'lru-cache';
import type { Corpus } from '../corpus.js';
import { matchDetail, type MatchDetail } from '../resolution/link-score.js';

/**
 * Records whose details are kept. A stream names the same people again and again (a director's every appointment,
 * a PSC of many companies, the common names a name lookup finds dozens of), and reading a candidate means decoding
 * its record and normalising each of its names: most of what linking a new record costs.
 */
const KEPT = 20_000;

/** The match details of corpus records, decoded once and kept until the record changes. */
export class CandidateDetails {
  readonly #corpus: Corpus;
  readonly #kept = new LRUCache<number, MatchDetail>({ max: KEPT });

  constructor(corpus: Corpus) {
    this.#corpus = corpus;
  }

  /** The details of entity `ix` as its record reads now. */
  of(ix: number): MatchDetail {
    let detail = this.#kept.get(ix);
    if (detail === undefined) {
      detail = matchDetail(this.#corpus.entities.record(ix));
      this.#kept.set(ix, detail);
    }
    return detail;
  }

  /** Entity `ix`'s record changed: its details are read again when next asked for. */
  forget(ix: number): void {
    this.#kept.delete(ix);
  }
}
