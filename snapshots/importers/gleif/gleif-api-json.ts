// GLEIF API v1 (JSON:API) responses saved to files: LEI records, relationship records and reporting exceptions.
import { readFile } from 'node:fs/promises';
import { inputFiles } from '../common/files.js';
import { ImportError, defineImporter, type Located } from '../importer.js';
import { isoDate } from '../../../engine/sources/record-dates.js';
import { exceptionStatement, relationshipRecord } from './level2.js';
import { leiEntity, type LeiAddress, type LeiFields } from './lei-entity.js';
import { located, type Mapped } from './mapped-record.js';

/** A value at a path of keys, or undefined: API objects are read without trusting their shape. */
function get(o: unknown, ...keys: string[]): unknown {
  let cur = o;
  for (const k of keys)
    cur =
      cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[k] : undefined;
  return cur;
}
const str = (o: unknown, ...keys: string[]): string | null => {
  const v = get(o, ...keys);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function address(a: unknown): LeiAddress | null {
  if (a === null || typeof a !== 'object') return null;
  return {
    lines: [
      str(a, 'addressNumber'),
      ...list(get(a, 'addressLines')).map((l) => (typeof l === 'string' ? l : null)),
      str(a, 'mailRouting'),
    ],
    city: str(a, 'city'),
    region: str(a, 'region'),
    country: str(a, 'country'),
    postalCode: str(a, 'postalCode'),
  };
}

function leiFields(attrs: unknown): LeiFields {
  const e = get(attrs, 'entity');
  const bic = get(attrs, 'bic');
  return {
    lei: str(attrs, 'lei') ?? '',
    legalName: str(e, 'legalName', 'name'),
    otherNames: [...list(get(e, 'otherNames')), ...list(get(e, 'transliteratedOtherNames'))].map((n) => str(n, 'name')),
    legalAddress: address(get(e, 'legalAddress')),
    headquartersAddress: address(get(e, 'headquartersAddress')),
    jurisdiction: str(e, 'jurisdiction'),
    category: str(e, 'category'),
    legalForm: str(e, 'legalForm', 'other') ?? str(e, 'legalForm', 'id'),
    entityStatus: str(e, 'status'),
    creationDate: str(e, 'creationDate'),
    expirationDate: str(e, 'expiration', 'date'),
    registrationAuthority: str(e, 'registeredAt', 'id'),
    registrationAuthorityEntityId: str(e, 'registeredAs'),
    registrationStatus: str(attrs, 'registration', 'status'),
    bics: list(bic).filter((b): b is string => typeof b === 'string'),
  };
}

function mapItem(item: unknown, asOf: string): Mapped {
  const attrs = get(item, 'attributes');
  const id = str(item, 'id') ?? '';
  switch (str(item, 'type')) {
    case 'lei-records':
      return leiEntity(leiFields(attrs), asOf);
    case 'relationship-records': {
      const rel = get(attrs, 'relationship');
      return relationshipRecord(
        {
          child: str(rel, 'startNode', 'id') ?? '',
          childType: str(rel, 'startNode', 'type') ?? '',
          parent: str(rel, 'endNode', 'id') ?? '',
          parentType: str(rel, 'endNode', 'type') ?? '',
          type: str(rel, 'type') ?? '',
          status: str(rel, 'status'),
          periods: list(get(rel, 'periods')).map((p) => ({
            start: str(p, 'startDate'),
            end: str(p, 'endDate'),
            type: str(p, 'type'),
          })),
          qualifiers: list(get(rel, 'qualifiers')).map(
            (q) => `${str(q, 'dimension') ?? ''}:${str(q, 'category') ?? ''}`,
          ),
          registrationStatus: str(attrs, 'registration', 'status'),
          lastUpdate: str(attrs, 'registration', 'lastUpdateDate'),
          recordId: id,
        },
        asOf,
      );
    }
    case 'reporting-exceptions':
      return exceptionStatement(
        {
          lei: str(attrs, 'lei') ?? '',
          category: str(attrs, 'category') ?? '',
          reason: str(attrs, 'reason') ?? '',
          reference: str(attrs, 'reference'),
          recordId: id,
        },
        asOf,
      );
    default:
      return { field: 'type', problem: `not a record type this importer reads: "${str(item, 'type') ?? ''}"` };
  }
}

export const gleifApiJson = defineImporter({
  format: 'gleif-api-json',
  description:
    'GLEIF API v1 JSON responses (a file or a folder of them): LEI records, relationship records, reporting exceptions',
  source: 'gleif',
  input: 'directory',
  async *read(input, { retrievedAt }): AsyncGenerator<Located> {
    for (const file of inputFiles(input, ['.json'])) {
      // One API page holds at most 200 records, so each response is parsed whole.
      let doc: unknown;
      try {
        doc = JSON.parse(await readFile(file, 'utf8'));
      } catch (e) {
        throw new ImportError(file, `not valid JSON: ${(e as Error).message}`);
      }
      const data = get(doc, 'data');
      if (data === undefined || data === null || typeof data !== 'object')
        throw new ImportError(file, 'not a GLEIF API response: no "data"');
      const asOf = isoDate(str(doc, 'meta', 'goldenCopy', 'publishDate')) ?? retrievedAt;
      for (const item of Array.isArray(data) ? data : [data]) {
        const at = `${file}#${str(item, 'id') ?? '?'}`;
        yield* located(at, mapItem(item, asOf));
      }
    }
  },
});
