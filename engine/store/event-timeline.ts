// The pulse feed's index: every event in the order unshell applied it, with the instant it was applied.
import { missing } from '../errors/missing.js';
import { PagedColumn } from './paged-column.js';
import type { StringColumn } from './string-column.js';

/**
 * Position k holds event record `record(k)`, applied at `at(k)` (epoch ms), about entity `entity(k)`, of kind
 * `EVENT_KINDS[kind(k)]`. A snapshot's events are applied at their own instant, oldest first; an event applied live
 * comes after every one before it, at the instant it arrived (never earlier than the last), whatever date the
 * registry gave it: so a consumer paging by the applied instant sees a late-published event as new, once.
 */
export class EventTimeline {
  readonly #record: Uint32Array<ArrayBuffer>;
  readonly #at: Float64Array<ArrayBuffer>;
  readonly #entity: Int32Array<ArrayBuffer>;
  readonly #kind: Uint8Array<ArrayBuffer>;
  /** Events in the columns given; those appended after them are in the live columns, at k - loaded. */
  readonly #loaded: number;
  /**
   * Appended events, in pages (paged-column.ts): columns doubled at a million events copy 17 MB at once, a pause a
   * search waiting behind the change feels.
   */
  readonly #live = {
    record: new PagedColumn((n) => new Uint32Array(n)),
    at: new PagedColumn((n) => new Float64Array(n)),
    entity: new PagedColumn((n) => new Int32Array(n)),
    kind: new PagedColumn((n) => new Uint8Array(n)),
  };
  #size: number;

  /** A timeline of the events already in these columns (the loader's), taken as they are. */
  constructor(columns: {
    record: Uint32Array<ArrayBuffer>;
    at: Float64Array<ArrayBuffer>;
    entity: Int32Array<ArrayBuffer>;
    kind: Uint8Array<ArrayBuffer>;
  }) {
    this.#record = columns.record;
    this.#at = columns.at;
    this.#entity = columns.entity;
    this.#kind = columns.kind;
    this.#size = columns.record.length;
    this.#loaded = this.#size;
  }

  /**
   * A snapshot's events in timeline order: by instant, then by id (as UTF-8 bytes), so that every build of the same
   * events orders them the same way. Event r is at `at[r]`, has id `ids.at(r)`, is about `entity[r]`, of `kind[r]`.
   */
  static ordered(events: { at: Float64Array; ids: StringColumn; entity: Int32Array; kind: Uint8Array }): EventTimeline {
    const { at, ids, entity, kind } = events;
    const n = at.length;
    if (ids.length !== n || entity.length !== n || kind.length !== n)
      throw new Error(
        `EventTimeline.ordered: ${n} instants, ${ids.length} ids, ${entity.length} entities, ${kind.length} kinds`,
      );
    const order = new Uint32Array(n);
    for (let r = 0; r < n; r++) order[r] = r;
    order.sort((a, b) => (at[a] ?? 0) - (at[b] ?? 0) || ids.compareAt(a, b));
    const columns = { record: order, at: new Float64Array(n), entity: new Int32Array(n), kind: new Uint8Array(n) };
    for (let k = 0; k < n; k++) {
      const r = order[k] ?? missing('event order');
      columns.at[k] = at[r] ?? missing('event instant');
      columns.entity[k] = entity[r] ?? missing('event owner');
      columns.kind[k] = kind[r] ?? missing('event kind');
    }
    return new EventTimeline(columns);
  }

  /** A timeline of no events (a snapshot read without its events, a corpus made in memory). */
  static empty(): EventTimeline {
    return new EventTimeline({
      record: new Uint32Array(0),
      at: new Float64Array(0),
      entity: new Int32Array(0),
      kind: new Uint8Array(0),
    });
  }

  get size(): number {
    return this.#size;
  }

  /** The timeline as columns, as a snapshot stores it: views of its own arrays when nothing was appended. */
  columns(): { record: Uint32Array; at: Float64Array; entity: Int32Array; kind: Uint8Array } {
    const n = this.#size;
    const loaded = this.#loaded;
    if (n === loaded) return { record: this.#record, at: this.#at, entity: this.#entity, kind: this.#kind };
    const out = {
      record: new Uint32Array(n),
      at: new Float64Array(n),
      entity: new Int32Array(n),
      kind: new Uint8Array(n),
    };
    out.record.set(this.#record);
    out.at.set(this.#at);
    out.entity.set(this.#entity);
    out.kind.set(this.#kind);
    for (let k = loaded; k < n; k++) {
      out.record[k] = this.record(k);
      out.at[k] = this.at(k);
      out.entity[k] = this.entity(k);
      out.kind[k] = this.kind(k);
    }
    return out;
  }

  /** The instant of the newest event, or -Infinity when there is none. */
  get newest(): number {
    return this.#size === 0 ? -Infinity : this.at(this.#size - 1);
  }

  record(k: number): number {
    return k < this.#loaded ? (this.#record[k] ?? missing('timeline record')) : this.#live.record.get(k - this.#loaded);
  }

  at(k: number): number {
    return k < this.#loaded ? (this.#at[k] ?? missing('timeline instant')) : this.#live.at.get(k - this.#loaded);
  }

  entity(k: number): number {
    return k < this.#loaded ? (this.#entity[k] ?? missing('timeline entity')) : this.#live.entity.get(k - this.#loaded);
  }

  kind(k: number): number {
    return k < this.#loaded ? (this.#kind[k] ?? missing('timeline kind')) : this.#live.kind.get(k - this.#loaded);
  }

  /** Appends an event applied at `at`; an instant earlier than the newest is moved up to it. Returns the instant used. */
  append(record: number, at: number, entity: number, kind: number): number {
    const when = Math.max(at, this.newest);
    const k = this.#size - this.#loaded;
    this.#live.record.set(k, record);
    this.#live.at.set(k, when);
    this.#live.entity.set(k, entity);
    this.#live.kind.set(k, kind);
    this.#size += 1;
    return when;
  }

  /** First position whose instant is after `ms`. */
  firstAfter(ms: number): number {
    let lo = 0;
    let hi = this.#size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid) <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
