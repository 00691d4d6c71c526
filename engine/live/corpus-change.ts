// One change to the corpus, as a registry fetch, a stream event or a list refresh produces it, and as it is journalled.
import { z } from 'zod';
import {
  EntityRecordSchema,
  EventRecordSchema,
  FinancialsRecordSchema,
  ListingRecordSchema,
  RelationshipRecordSchema,
  SANCTIONS_LISTS,
  StatementRecordSchema,
} from '../model/records.js';

/**
 * A relationship is named by its publisher's record (`provenance.source` + `provenance.record_id`), its kind and
 * the entity it is about (its target): a registry entry keeps that name while its holder's details change.
 */
export const RelationshipKeySchema = z.object({
  source: z.string().min(1),
  record_id: z.string().min(1),
  kind: RelationshipRecordSchema.shape.kind,
  target: z.string().min(1),
});
export type RelationshipKey = z.infer<typeof RelationshipKeySchema>;

/** A listing is named by the entity, the list and the list's own reference. */
export const ListingKeySchema = z.object({
  entity_id: z.string().min(1),
  list: z.enum(SANCTIONS_LISTS),
  reference: z.string().min(1),
});
export type ListingKey = z.infer<typeof ListingKeySchema>;

/**
 * Everything is an upsert by its natural key, applied in this order: entities (by id), relationships (by
 * RelationshipKey), listings (by ListingKey), statements (entity, kind, code), financials (entity, period end,
 * source), events (by id; an event already known is skipped). Then the removals. A record naming an entity the
 * corpus does not hold is skipped and counted, never fatal.
 */
export const CorpusChangeSchema = z.object({
  entities: z.array(EntityRecordSchema).default([]),
  relationships: z.array(RelationshipRecordSchema).default([]),
  listings: z.array(ListingRecordSchema).default([]),
  statements: z.array(StatementRecordSchema).default([]),
  financials: z.array(FinancialsRecordSchema).default([]),
  events: z.array(EventRecordSchema).default([]),
  removed_relationships: z.array(RelationshipKeySchema).default([]),
  removed_listings: z.array(ListingKeySchema).default([]),
});
export type CorpusChange = z.output<typeof CorpusChangeSchema>;
export type CorpusChangeInput = z.input<typeof CorpusChangeSchema>;

/** A change of no record: journalled for its origin alone (where a stream stopped). */
export const EMPTY_CHANGE: CorpusChange = CorpusChangeSchema.parse({});

/** Whether `change` holds no record at all. */
export const isEmptyChange = (change: CorpusChange): boolean =>
  Object.values(change).every((records: readonly unknown[]) => records.length === 0);

/** Where a change came from: a stream and its timepoint (to resume from), or a named origin (a refresh, a lookup). */
export const ChangeOriginSchema = z.union([
  z.object({ stream: z.string().min(1), timepoint: z.number().int().min(0) }),
  z.object({ origin: z.string().min(1) }),
]);
export type ChangeOrigin = z.infer<typeof ChangeOriginSchema>;

export const relationshipKeyOf = (r: {
  kind: RelationshipKey['kind'];
  target: string;
  provenance: { source: string; record_id: string };
}): RelationshipKey => ({
  source: r.provenance.source,
  record_id: r.provenance.record_id,
  kind: r.kind,
  target: r.target,
});

export const sameRelationshipKey = (a: RelationshipKey, b: RelationshipKey): boolean =>
  a.source === b.source && a.record_id === b.record_id && a.kind === b.kind && a.target === b.target;
