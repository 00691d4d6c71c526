// An entity record as a FollowTheMoney entity: its schema and the properties the model gives that schema.
import { ftmPropertyOfScheme } from '../../identifiers/ftm-properties.js';
import type { EntityRecord } from '../../model/records.js';
import { subjectKindOf } from '../../resolution/subject-kind.js';
import { FTM_MODEL, schemaNamed, writableProperties } from './ftm-model.js';

export interface FtmEntity {
  id: string;
  schema: string;
  properties: Record<string, string[]>;
}

/** The FollowTheMoney schema a record is written as. */
export function ftmSchemaOf(record: Pick<EntityRecord, 'type' | 'identifiers' | 'topics'>): string {
  if (record.type === 'person') return 'Person';
  if (record.type === 'company') return 'Company';
  return subjectKindOf(record) === 'vessel' || record.topics.includes('vessel') ? 'Vessel' : 'Asset';
}

/** Topics here that FollowTheMoney names otherwise; the rest are FollowTheMoney's own with dots made dashes. */
const TOPIC_NAMES: Readonly<Record<string, string>> = {
  pep: 'role.pep',
  'offshore-leaks': 'corp.offshore',
  'state-owned': 'gov.soe',
  sanctioned: 'sanction',
};
const FTM_TOPICS = FTM_MODEL.getType('topic').values;

/** A record's topics that FollowTheMoney knows (its topic type is a closed list), plus `sanction` when listed. */
export function ftmTopics(topics: readonly string[], listed: boolean): string[] {
  const out = new Set<string>();
  for (const t of topics) {
    const name = TOPIC_NAMES[t] ?? t.replace(/-/g, '.');
    if (FTM_TOPICS.has(name)) out.add(name);
  }
  if (listed) out.add('sanction');
  return [...out].sort();
}

/** Adds values to a property the schema has, skipping empties, repeats and properties the schema does not have. */
export class PropertyWriter {
  readonly properties: Record<string, string[]> = {};
  readonly #has: ReadonlySet<string>;

  /** The properties of each schema, read from the model once: exports write millions of entities. */
  static readonly #properties = new Map<string, ReadonlySet<string>>();

  constructor(schema: string) {
    let has = PropertyWriter.#properties.get(schema);
    if (has === undefined) {
      const s = schemaNamed(schema);
      has = new Set(s === undefined ? [] : writableProperties(s));
      PropertyWriter.#properties.set(schema, has);
    }
    this.#has = has;
  }

  add(property: string, ...values: ReadonlyArray<string | null | undefined>): void {
    if (!this.#has.has(property)) return;
    for (const v of values) {
      if (v === null || v === undefined || v.trim() === '') continue;
      const list = (this.properties[property] ??= []);
      if (!list.includes(v)) list.push(v);
    }
  }
}

/** Sanctions, pep and leak flags are written as `topics`; the listings themselves are Sanction entities of their own. */
export function ftmEntityOf(record: EntityRecord, listed: boolean): FtmEntity {
  const schema = ftmSchemaOf(record);
  const w = new PropertyWriter(schema);
  w.add('name', record.name);
  w.add('alias', ...record.aliases);
  w.add('previousName', ...(record.company?.former_names ?? []).map((f) => f.name));
  const jurisdiction = record.jurisdiction?.toLowerCase() ?? null;
  if (schema === 'Vessel') w.add('flag', jurisdiction);
  else if (schema === 'Person') w.add('country', jurisdiction);
  else w.add('jurisdiction', jurisdiction);
  w.add('nationality', ...record.nationalities.map((c) => c.toLowerCase()));
  w.add('birthDate', record.birth_date);
  w.add('incorporationDate', record.incorporation_date);
  w.add('dissolutionDate', record.dissolution_date);
  w.add('status', record.status);
  w.add('position', record.position);
  w.add('address', ...record.addresses);
  w.add('notes', record.description);
  w.add('legalForm', record.company?.company_type);
  w.add('sector', ...(record.company?.sic ?? []).map((code) => record.company?.sic_descriptions?.[code] ?? code));
  for (const { scheme, value } of record.identifiers) {
    const property = ftmPropertyOfScheme(scheme);
    if (property !== undefined) w.add(property, value);
  }
  w.add('topics', ...ftmTopics(record.topics, listed));
  w.add('sourceUrl', ...record.provenance.map((p) => p.url));
  return { id: record.id, schema, properties: w.properties };
}
