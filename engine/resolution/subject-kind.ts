// What kind of thing a record names, as the match scorer compares it: people, companies and vessels differ.
import type { EntityRecord } from '../model/records.js';

/** What one side of a comparison names; `any` when nothing tells (another asset, a caller's bare name). */
export type SubjectKind = 'company' | 'person' | 'vessel' | 'any';

/** A person, a company, a vessel (an asset with an IMO number), or another asset. */
export function subjectKindOf(record: Pick<EntityRecord, 'type' | 'identifiers'>): SubjectKind {
  if (record.type === 'person') return 'person';
  if (record.type === 'company') return 'company';
  return record.identifiers.some((i) => i.scheme === 'imo') ? 'vessel' : 'any';
}
