// The FollowTheMoney model (schemata, properties, countries) as published in @alephdata/followthemoney.
import ftm from '@alephdata/followthemoney';

const { Model, defaultModel } = ftm;

export type FtmSchema = InstanceType<typeof ftm.Schema>;

/** The model every FollowTheMoney shape here is checked against: one instance, read once. */
export const FTM_MODEL = new Model(defaultModel);

/** The schema of that name, or undefined: `Model.getSchema` throws on an unknown name. */
export function schemaNamed(name: string): FtmSchema | undefined {
  return Object.hasOwn(FTM_MODEL.schemata, name) ? FTM_MODEL.getSchema(name) : undefined;
}

/**
 * Each schema's writable properties (not the reverse stubs such as `ownershipOwner`) and their types, read once:
 * `Schema.getProperties` walks the schema's parents at every call, and every query by example asks.
 */
const PROPERTY_TYPES = new Map<string, ReadonlyMap<string, string>>();

function propertyTypes(schema: FtmSchema): ReadonlyMap<string, string> {
  let types = PROPERTY_TYPES.get(schema.name);
  if (types === undefined) {
    const map = new Map<string, string>();
    for (const [name, property] of schema.getProperties()) if (!property.stub) map.set(name, property.type.name);
    types = map;
    PROPERTY_TYPES.set(schema.name, types);
  }
  return types;
}

/** Properties a value can be given for, sorted. */
export function writableProperties(schema: FtmSchema): string[] {
  return [...propertyTypes(schema).keys()].sort();
}

/** The type of a schema's property (`name`, `country`, `date`, `identifier`, …), or undefined when it has none. */
export function propertyType(schema: FtmSchema, property: string): string | undefined {
  return propertyTypes(schema).get(property);
}

const COUNTRY_LABELS: ReadonlyMap<string, string> = new Map(
  [...FTM_MODEL.getType('country').values].map(([code, label]) => [label.toLowerCase(), code]),
);

/**
 * A country as FollowTheMoney writes it, lower-case ISO code (`ru`), from a code or an English name ("Russia"), or
 * null when it is neither.
 */
export function countryCode(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (FTM_MODEL.getType('country').values.has(v)) return v;
  return COUNTRY_LABELS.get(v) ?? null;
}
