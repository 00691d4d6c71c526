// What a reconciliation client can name: the types of entity, the properties a query may carry, and the properties
// a table can be extended with.
import { FTM_MODEL } from '../ftm/ftm-model.js';

export interface Named {
  id: string;
  name: string;
  description?: string;
}

/** Types, as FollowTheMoney names them (the schema space of the manifest). */
export const RECONCILE_TYPES: readonly Named[] = ['LegalEntity', 'Company', 'Person', 'Vessel', 'Organization'].map(
  (id) => ({
    id,
    name: FTM_MODEL.getSchema(id).label,
    description: (FTM_MODEL.getSchema(id).description ?? '').trim(),
  }),
);
export const DEFAULT_TYPE = 'LegalEntity';

/** Properties a query may carry, each the FollowTheMoney property it stands for. */
export const QUERY_PROPERTIES: readonly Named[] = [
  { id: 'jurisdiction', name: 'Jurisdiction', description: 'Country of registration, a code or an English name' },
  { id: 'country', name: 'Country', description: 'A country the entity is linked to' },
  { id: 'nationality', name: 'Nationality', description: "A person's nationality" },
  { id: 'birthDate', name: 'Birth date', description: 'YYYY, YYYY-MM or YYYY-MM-DD' },
  { id: 'registrationNumber', name: 'Registration number', description: 'A company number in any register' },
  { id: 'leiCode', name: 'LEI', description: 'Legal Entity Identifier' },
  { id: 'imoNumber', name: 'IMO number', description: "A vessel's IMO number" },
  { id: 'alias', name: 'Other name', description: 'Another name of the entity' },
];

/** Properties a reconciled table can be extended with. */
export const EXTEND_PROPERTIES: readonly Named[] = [
  { id: 'jurisdiction', name: 'Jurisdiction', description: 'ISO 3166-1 code of the country of registration' },
  { id: 'status', name: 'Status', description: 'Status as the register publishes it (active, dissolved, …)' },
  { id: 'risk', name: 'Risk', description: 'HIGH, MED or LOW' },
  { id: 'identifiers', name: 'Identifiers', description: 'scheme:value, every identifier of the entity' },
  { id: 'ubo_names', name: 'Beneficial owners', description: 'Natural persons reached up the ownership chains' },
  { id: 'sanctions_lists', name: 'Sanctions lists', description: 'OFAC, EU, UN, UK: the lists naming the entity' },
  { id: 'incorporation_date', name: 'Incorporation date', description: 'YYYY-MM-DD' },
  { id: 'type', name: 'Type', description: 'company, person or asset' },
];

/** Entries whose id or name starts a word with the prefix, or all of them for an empty prefix. */
export function matchingPrefix<T extends Named>(entries: readonly T[], prefix: string): T[] {
  const p = prefix.trim().toLowerCase();
  if (p === '') return [...entries];
  return entries.filter(
    (e) =>
      e.id.toLowerCase().startsWith(p) ||
      e.name
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.startsWith(p)),
  );
}
