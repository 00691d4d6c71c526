// Which column of a screening file holds which field: a mapping given by the caller, or headers named as the fields.
import { ServiceError } from '../../errors/service-error.js';

/** What a row of a screening file can say about the party to screen. */
export const SCREENING_FIELDS = [
  'id',
  'name',
  'alias',
  'schema',
  'dob',
  'country',
  'nationality',
  'jurisdiction',
  'registration',
  'lei',
  'imo',
] as const;
export type ScreeningField = (typeof SCREENING_FIELDS)[number];

/** Headers taken for a field without a mapping, compared without case, spaces, dashes or underscores. */
const HEADER_NAMES: Readonly<Record<ScreeningField, readonly string[]>> = {
  id: ['id', 'ref', 'reference', 'rowid', 'customerid'],
  name: ['name', 'fullname', 'entityname', 'companyname'],
  alias: ['alias', 'aliases', 'aka'],
  schema: ['schema', 'type', 'entitytype'],
  dob: ['dob', 'birthdate', 'dateofbirth', 'birth'],
  country: ['country', 'countries'],
  nationality: ['nationality', 'citizenship'],
  jurisdiction: ['jurisdiction', 'incorporationcountry'],
  registration: ['registration', 'registrationnumber', 'companynumber', 'regno'],
  lei: ['lei', 'leicode'],
  imo: ['imo', 'imonumber'],
};

export type ColumnMapping = Partial<Record<ScreeningField, string>>;

const isField = (f: string): f is ScreeningField => (SCREENING_FIELDS as readonly string[]).includes(f);
const squash = (header: string): string => header.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * `name=Full Name,dob=Birth,country=Nationality`: a field and the header of its column, comma-separated. A header
 * holding a comma cannot be named here; rename it in the file.
 */
export function parseColumnMapping(spec: string): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const part of spec.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.indexOf('=');
    const field = (eq === -1 ? '' : part.slice(0, eq)).trim().toLowerCase();
    const header = eq === -1 ? '' : part.slice(eq + 1).trim();
    if (!isField(field) || header === '')
      throw new ServiceError(
        'invalid_parameter',
        `columns: "${part.trim()}" is not FIELD=Header with FIELD one of ${SCREENING_FIELDS.join(', ')}`,
        'columns',
      );
    mapping[field] = header;
  }
  return mapping;
}

/**
 * The header of each field in a file with these headers: the mapping's, else a header named as the field. A mapped
 * header the file does not have, or no name column at all, is refused before a row is screened.
 */
export function resolveColumns(headers: readonly string[], mapping: ColumnMapping): ColumnMapping {
  const out: ColumnMapping = {};
  for (const field of SCREENING_FIELDS) {
    const mapped = mapping[field];
    if (mapped !== undefined) {
      if (!headers.includes(mapped))
        throw new ServiceError(
          'invalid_parameter',
          `columns: ${field} is mapped to the column "${mapped}", which the file does not have (its columns: ${headers.map((h) => `"${h}"`).join(', ')})`,
          'columns',
        );
      out[field] = mapped;
      continue;
    }
    const found = headers.find((h) => HEADER_NAMES[field].includes(squash(h)));
    if (found !== undefined) out[field] = found;
  }
  if (out.name === undefined)
    throw new ServiceError(
      'invalid_parameter',
      `columns: no column holds the name (its columns: ${headers.map((h) => `"${h}"`).join(', ')}); map one with name=Header`,
      'columns',
    );
  return out;
}
