// FollowTheMoney schemas, properties and sanction authorities → the record format's types, schemes and lists.
import type { EdgeKind, EntityType, SanctionsList } from '../../../engine/model/records.js';

export const OS_SOURCE = 'opensanctions';

export const osUrl = (id: string): string => `https://www.opensanctions.org/entities/${encodeURIComponent(id)}/`;

export const ENTITY_SCHEMAS: Record<string, EntityType> = {
  Person: 'person',
  Company: 'company',
  Organization: 'company',
  LegalEntity: 'company',
  PublicBody: 'company',
  Vessel: 'asset',
  Airplane: 'asset',
  Asset: 'asset',
  Security: 'asset',
};

/** Relation schemas: the property holding the role (`source`) and the one it is held in (`target`). */
export const EDGE_SCHEMAS: Record<string, { source: string; target: string; kind: EdgeKind; role: string }> = {
  Ownership: { source: 'owner', target: 'asset', kind: 'ownership', role: 'owner' },
  Directorship: { source: 'director', target: 'organization', kind: 'directorship', role: 'director' },
  Family: { source: 'person', target: 'relative', kind: 'family', role: 'family' },
  Associate: { source: 'person', target: 'associate', kind: 'association', role: 'associate' },
  UnknownLink: { source: 'subject', target: 'object', kind: 'association', role: 'linked' },
};

// Datasets that are the lists themselves. A dataset is what says which list a sanction is on: authority names
// alone mislead (us_sam_exclusions gives "OFAC" as the authority of exclusions that are not an OFAC listing).
const LIST_DATASETS: Record<string, SanctionsList> = {
  us_ofac_sdn: 'OFAC',
  us_ofac_cons: 'OFAC',
  eu_fsf: 'EU',
  un_sc_sanctions: 'UN',
  gb_fcdo_sanctions: 'UK',
  gb_hmt_sanctions: 'UK',
};
const NOT_LISTS = new Set(['us_sam_exclusions', 'us_trade_csl', 'eu_travel_bans']);
const LIST_AUTHORITIES: Record<string, SanctionsList> = {
  'office of foreign assets control': 'OFAC',
  'united nations security council': 'UN',
  'foreign, commonwealth & development office': 'UK',
  'office of financial sanctions implementation': 'UK',
};

/** The list a Sanction entity is a listing on, or null when it is another authority's (AU, CH, JP, …). */
export function sanctionList(datasets: readonly string[], authorities: readonly string[]): SanctionsList | null {
  for (const d of datasets) {
    const list = LIST_DATASETS[d];
    if (list !== undefined) return list;
  }
  if (datasets.some((d) => NOT_LISTS.has(d))) return null;
  for (const a of authorities) {
    const list = LIST_AUTHORITIES[a.trim().toLowerCase()];
    if (list !== undefined) return list;
  }
  return null;
}

/** OpenSanctions topics to the record format's: `role.pep` → `pep`, others dotted → dashed (`sanction.linked`). */
export function mapTopics(topics: readonly string[]): string[] {
  return topics.map((t) => (t === 'role.pep' ? 'pep' : t.replace(/\./g, '-')));
}
