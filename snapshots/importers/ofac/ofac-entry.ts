// One OFAC entry as records, whichever format published it: the entity, then a listing for each of its programs.
import type { EntityType, Identifier } from '../../../engine/model/records.js';
import type { Located } from '../importer.js';
import { ofacProvenance } from './ofac-common.js';

/** What an OFAC importer read of one entry; its format's quirks are handled, and commented, where it reads them. */
export interface OfacEntry {
  uid: string;
  type: EntityType;
  name: string;
  aliases: string[];
  identifiers: Identifier[];
  addresses: string[];
  /** Country codes; a person's first one is their jurisdiction. */
  nationalities: string[];
  /** Kept for a person only. */
  birthDate: string | null;
  /** A vessel's or aircraft's flag: its jurisdiction, where the format gives one. */
  flag: string | null;
  /** A company's country of registration: its jurisdiction, where the format gives one. */
  registeredIn: string | null;
  /** Entity fields only some formats publish: the designation title, the founding date. */
  details: { position: string | null } | { incorporation_date: string | null };
  description: string | null;
  programs: string[];
  /** The designation date, where the format gives one. */
  listedOn: string | null;
  listingRemarks: string | null;
  /** The field a missing program is reported against, or null for a format that may list an entry under none. */
  programField: string | null;
}

export function* ofacEntryRecords(at: string, entry: OfacEntry, retrievedAt: string): Generator<Located> {
  const { uid, type } = entry;
  const provenance = ofacProvenance(uid, retrievedAt);
  const person = type === 'person';
  yield {
    at,
    record: {
      record: 'entity',
      id: `ofac:${uid}`,
      type,
      name: entry.name,
      aliases: entry.aliases,
      jurisdiction: person ? (entry.nationalities[0] ?? null) : type === 'asset' ? entry.flag : entry.registeredIn,
      identifiers: entry.identifiers,
      topics: ['sanction'],
      addresses: entry.addresses,
      birth_date: person ? entry.birthDate : null,
      nationalities: person ? entry.nationalities : [],
      ...entry.details,
      description: entry.description,
      provenance: [provenance],
    },
  };
  if (entry.programs.length === 0 && entry.programField !== null)
    yield { at, problem: `entry ${uid} has no program, so no listing was written`, field: entry.programField };
  for (const program of entry.programs) {
    yield {
      at,
      record: {
        record: 'listing',
        entity_id: `ofac:${uid}`,
        list: 'OFAC',
        program,
        listed_on: entry.listedOn,
        reference: uid,
        remarks: entry.listingRemarks,
        provenance,
      },
    };
  }
}
