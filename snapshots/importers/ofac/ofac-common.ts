// What the OFAC formats share: entity ids, provenance, entry types and the program field.
import type { EntityType, Provenance } from '../../../engine/model/records.js';

export const OFAC_SOURCE = 'ofac';

/** The entry's page on OFAC's Sanctions List Search; uid is the same across the CSV, XML and Enhanced XML. */
export function ofacProvenance(uid: string, retrievedAt: string): Provenance {
  return {
    source: OFAC_SOURCE,
    record_id: uid,
    url: `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${uid}`,
    retrieved_at: retrievedAt,
  };
}

/** `individual` / `Individual` → person, vessels and aircraft → asset, anything else (the CSV's `-0-`, `Entity`) → company. */
export function ofacEntityType(sdnType: string | null): EntityType {
  const t = (sdnType ?? '').trim().toLowerCase();
  if (t === 'individual') return 'person';
  if (t === 'vessel' || t === 'aircraft') return 'asset';
  return 'company';
}

/** The CSV joins several programs as `SDGT] [IFSR` (the brackets of `[SDGT] [IFSR]` with the outer pair dropped). */
export function splitPrograms(field: string): string[] {
  return field
    .split(/\]\s*\[/)
    .map((p) => p.replace(/[[\]]/g, '').trim())
    .filter((p) => p !== '');
}

/** Individuals are published `LAST, First`; OFAC's own search shows them so, and the name index ignores word order. */
export function ofacName(lastName: string, firstName: string): string {
  return firstName === '' ? lastName : `${lastName}, ${firstName}`;
}

export const isUid = (s: string): boolean => /^\d{1,9}$/.test(s);
