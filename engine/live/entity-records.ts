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
import { EntityBits } from '../store/entity-bits.js';
import { HashedKeys } from '../store/hashed-keys.js';

/** The flag of an entity whose snapshot events are in the event ids. */
const SNAPSHOT_EVENTS_READ = 0;

export class EntityRecords {
  readonly #corpus: Corpus;
  /**
   * Event id → event record: every event added live, and the snapshot events of each entity a change brought an
   * event for (read at its first one, to tell a re-sent event).
   */
  readonly #events: HashedKeys;
  readonly #snapshotEventsRead = new EntityBits();

  constructor(corpus: Corpus) {
    this.#corpus = corpus;
    this.#events = new HashedKeys((r) => corpus.events.records.get(r).id);
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
    this.#readSnapshotEvents(e);
    if (this.#events.has(rec.id)) return 'unchanged';
    const r = events.records.append(rec);
    events.byEntity.add(e, r);
    timeline.append(r, appliedAt, e, EVENT_KINDS.indexOf(rec.kind));
    this.#events.set(rec.id, r);
    return 'applied';
  }

  #readSnapshotEvents(e: number): void {
    if (this.#snapshotEventsRead.has(e, SNAPSHOT_EVENTS_READ)) return;
    this.#snapshotEventsRead.add(e, SNAPSHOT_EVENTS_READ);
    const { events } = this.#corpus;
    for (const r of events.byEntity.of(e))
      if (r < events.records.loaded) {
        const id = events.records.get(r).id;
        if (!this.#events.has(id)) this.#events.set(id, r);
      }
  }
}
