// Provenance and record-shape helpers shared by the synthetic generator's builders.
import type { NormalisedRecordInput, Provenance } from '../../../engine/model/records.js';

/** The day the synthetic corpus claims to have been "retrieved"; fixed so rebuilds stay byte-identical. */
export const SYNTHETIC_RETRIEVED_AT = '2026-11-01';

const NOTE = 'Synthetic background record (not real)';

export function syntheticProvenance(recordId: string): Provenance {
  return { source: 'synthetic', record_id: recordId, url: null, retrieved_at: SYNTHETIC_RETRIEVED_AT, note: NOTE };
}

/** Record shapes narrowed from the union, so builders' object literals are checked field by field. */
export type EntityInput = Extract<NormalisedRecordInput, { record: 'entity' }>;
export type RelationshipInput = Extract<NormalisedRecordInput, { record: 'relationship' }>;
export type ListingInput = Extract<NormalisedRecordInput, { record: 'listing' }>;
export type EventInput = Extract<NormalisedRecordInput, { record: 'event' }>;
export type FinancialsInput = Extract<NormalisedRecordInput, { record: 'financials' }>;

/** Where builders put the records of one entity; the generator yields and empties it before the next. */
export type Emit = NormalisedRecordInput[];
