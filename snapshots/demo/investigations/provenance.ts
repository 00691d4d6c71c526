// Provenance for the fictional demo investigations: every record says it is demo data and which story it belongs to.
import type { Provenance } from '../../../engine/model/records.js';

/** The day the demo corpus claims to have been "retrieved"; fixed so snapshot rebuilds stay identical. */
export const DEMO_RETRIEVED_AT = '2026-11-01';

/** The three stories, each independent of the others: no record of one refers to an entity of another. */
export type DemoInvestigationKey = 'A' | 'B' | 'C';

/**
 * Demo provenance. `url` stays null: the service links demo records to its own demo-record page by `record_id`,
 * so `recordId` must be stable and unique across the demo corpus (it is prefixed with the investigation).
 */
export function demoProvenance(investigation: DemoInvestigationKey, recordId: string, detail: string): Provenance {
  return {
    source: 'demo',
    record_id: `demo-${investigation.toLowerCase()}-${recordId}`,
    url: null,
    retrieved_at: DEMO_RETRIEVED_AT,
    note: `Fictional demo investigation ${investigation}: ${detail}`,
  };
}

/** A URL-safe slug of an entity id, for building record ids: `gb-coh:99000001` → `gb-coh-99000001`. */
export function idSlug(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
