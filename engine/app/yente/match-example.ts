// A yente query by example (yente/data/common.py, EntityExample): checked against the FollowTheMoney model and
// cleaned the way yente cleans it (countries to codes, dates to ISO), so that the echoed query shows what was matched.
import { z } from 'zod';
import { ServiceError } from '../../errors/service-error.js';
import { boundedOsaDistance } from '../../names/edit-distance.js';
import { countryCode, propertyType, schemaNamed, writableProperties } from '../ftm/ftm-model.js';

const MAX_VALUES = 50;
const MAX_VALUE_LENGTH = 1000;

const Scalar = z.union([z.string(), z.number()]);

export const EntityExampleSchema = z.object({
  id: z.string().max(200).nullable().optional(),
  schema: z.string().min(1),
  properties: z.record(z.string(), z.union([Scalar, z.array(Scalar).max(MAX_VALUES), z.null()])),
});
export type EntityExample = z.infer<typeof EntityExampleSchema>;

/** A query as it is matched: a schema the model has, and only properties that schema has, with clean values. */
export interface ParsedExample {
  id: string | null;
  schema: string;
  properties: Record<string, string[]>;
}

const PARTIAL_DATE = /^(\d{4}(?:-\d{2}(?:-\d{2})?)?)(?:T[\d:.]+Z?)?$/;

/** The property a misspelt name most likely meant (birthdate → birthDate), as a hint. */
function didYouMean(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const k of known) {
    const d = boundedOsaDistance(lower, k.toLowerCase(), bestDistance);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best === undefined ? '' : `; did you mean "${best}"?`;
}

/** One value cleaned by its property's type, or a message saying what is wrong with it. */
function cleanValue(type: string, raw: string): { value: string } | { problem: string } {
  const v = raw.replace(/\s+/g, ' ').trim();
  if (type === 'country') {
    const code = countryCode(v);
    return code === null ? { problem: 'is not a country (an ISO 3166 code or an English name)' } : { value: code };
  }
  if (type === 'date') {
    const m = PARTIAL_DATE.exec(v);
    return m?.[1] === undefined ? { problem: 'is not a date (YYYY, YYYY-MM or YYYY-MM-DD)' } : { value: m[1] };
  }
  if (v.length > MAX_VALUE_LENGTH) return { problem: `is longer than ${MAX_VALUE_LENGTH} characters` };
  return { value: v };
}

/** Checks and cleans the example sent under `key`; a problem is a 400 naming the query, the property and the value. */
export function parseExample(key: string, example: EntityExample): ParsedExample {
  const at = `queries.${key}`;
  const schema = schemaNamed(example.schema);
  if (schema === undefined || !schema.matchable)
    throw new ServiceError(
      'invalid_parameter',
      `${at}.schema: "${example.schema}" is not a schema that can be matched (Person, Company, Organization, LegalEntity, Vessel, …)`,
      `${at}.schema`,
    );
  const properties: Record<string, string[]> = {};
  for (const [name, given] of Object.entries(example.properties)) {
    const type = propertyType(schema, name);
    if (type === undefined)
      throw new ServiceError(
        'invalid_parameter',
        `${at}.properties.${name}: ${schema.name} has no property "${name}"${didYouMean(name, writableProperties(schema))}`,
        `${at}.properties.${name}`,
      );
    const values = given === null ? [] : Array.isArray(given) ? given : [given];
    const clean: string[] = [];
    values.forEach((raw, i) => {
      const r = cleanValue(type, String(raw));
      if ('problem' in r)
        throw new ServiceError(
          'invalid_parameter',
          `${at}.properties.${name}[${i}]: "${String(raw).slice(0, 80)}" ${r.problem}`,
          `${at}.properties.${name}`,
        );
      if (r.value !== '' && !clean.includes(r.value)) clean.push(r.value);
    });
    if (clean.length > 0) properties[name] = clean;
  }
  return { id: example.id ?? null, schema: schema.name, properties };
}
