// The records filed under an entity (listings, statements, financials, events), upserted by their natural keys.
import type { Corpus, EntityFamily } from '../corpus.js';
import {
  EVENT_KINDS,
  type EventRecord,
  type FinancialsRecord,
  type ListingRecord,
  type StatementRecord,
} from '../model/records.js';
import type { Outcome, Touched } from './change-effects.js';
import type { ListingKey } from './corpus-change.js';
import { sameRecord } from './same-record.js';

export class EntityRecords {
  readonly #corpus: Corpus;
  readonly #events = new Set<string>();
  /** Per entity a change touched, the ids of its snapshot events (read once, to tell a re-sent event). */
  readonly #snapshotEvents = new Map<number, Set<string>>();

  constructor(corpus: Corpus) {
    this.#corpus = corpus;
  }

  upsertListing(rec: ListingRecord, touched: Touched): Outcome {
    const outcome = this.#upsert(
      this.#corpus.listings,
      rec,
      (a, b) => a.list === b.list && a.reference === b.reference,
    );
    const e = this.#corpus.entities.indexOf(rec.entity_id);
    if (outcome === 'applied' && e !== undefined) {
      touched.listed.add(e);
      touched.roles.add(e);
    }
    return outcome;
  }

  removeListing(key: ListingKey, touched: Touched): Outcome {
    const { entities, listings } = this.#corpus;
    const e = entities.indexOf(key.entity_id);
    if (e === undefined) return { skipped: `unknown entity ${key.entity_id}` };
    for (const r of listings.byEntity.of(e)) {
      const l = listings.records.get(r);
      if (l.list !== key.list || l.reference !== key.reference) continue;
      listings.byEntity.remove(e, r);
      touched.listed.add(e);
      touched.roles.add(e);
      return 'applied';
    }
    return 'unchanged';
  }

  upsertStatement(rec: StatementRecord, touched: Touched): Outcome {
    const outcome = this.#upsert(this.#corpus.statements, rec, (a, b) => a.kind === b.kind && a.code === b.code);
    const e = this.#corpus.entities.indexOf(rec.entity_id);
    if (outcome === 'applied' && e !== undefined) touched.risk.add(e);
    return outcome;
  }

  upsertFinancials(rec: FinancialsRecord, touched: Touched): Outcome {
    const outcome = this.#upsert(
      this.#corpus.financials,
      rec,
      (a, b) => a.period_end === b.period_end && a.provenance.source === b.provenance.source,
    );
    const e = this.#corpus.entities.indexOf(rec.entity_id);
    if (outcome === 'applied' && e !== undefined) touched.risk.add(e);
    return outcome;
  }

  /** Replaces the entity's record of the same key in a per-entity family, or adds it. */
  #upsert<T extends { entity_id: string }>(family: EntityFamily<T>, rec: T, sameKey: (a: T, b: T) => boolean): Outcome {
    const e = this.#corpus.entities.indexOf(rec.entity_id);
    if (e === undefined) return { skipped: `unknown entity ${rec.entity_id}` };
    for (const r of family.byEntity.of(e)) {
      const old = family.records.get(r);
      if (!sameKey(old, rec)) continue;
      if (sameRecord(old, rec)) return 'unchanged';
      family.byEntity.remove(e, r);
      break;
    }
    family.byEntity.add(e, family.records.append(rec));
    return 'applied';
  }

  addEvent(rec: EventRecord, appliedAt: number): Outcome {
    const { entities, events, timeline } = this.#corpus;
    const e = entities.indexOf(rec.entity_id);
    if (e === undefined) return { skipped: `unknown entity ${rec.entity_id}` };
    if (this.#events.has(rec.id) || this.#snapshotEventIds(e).has(rec.id)) return 'unchanged';
    const r = events.records.append(rec);
    events.byEntity.add(e, r);
    timeline.append(r, appliedAt, e, EVENT_KINDS.indexOf(rec.kind));
    this.#events.add(rec.id);
    return 'applied';
  }

  #snapshotEventIds(e: number): Set<string> {
    let ids = this.#snapshotEvents.get(e);
    if (ids === undefined) {
      const { events } = this.#corpus;
      ids = new Set();
      for (const r of events.byEntity.of(e)) if (r < events.records.loaded) ids.add(events.records.get(r).id);
      this.#snapshotEvents.set(e, ids);
    }
    return ids;
  }
}
