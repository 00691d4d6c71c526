// OpenSanctions targets.simple.csv: one flattened row per target entity (no relations, sanctions as text).
import path from 'node:path';
import { normaliseIdentifier } from '../../../engine/identifiers/index.js';
import type { Identifier } from '../../../engine/model/records.js';
import { countryCodes } from '../../../engine/sources/countries.js';
import { csvRows } from '../common/csv-rows.js';
import { partialDate } from '../common/dates.js';
import { addIdentifier, uniq } from '../common/identifier-schemes.js';
import { ImportError, defineImporter, type ImportOptions, type Located } from '../importer.js';
import { ENTITY_SCHEMAS, OS_SOURCE, osUrl } from './ftm-mapping.js';

const REQUIRED = [
  'id',
  'schema',
  'name',
  'aliases',
  'birth_date',
  'countries',
  'addresses',
  'identifiers',
  'sanctions',
  'dataset',
] as const;

/** Multi-valued cells are `;`-joined. An empty text cell is sometimes written as a quoted empty string (`""`). */
function values(cell: string | undefined): string[] {
  return uniq(
    (cell ?? '').split(';').map((v) =>
      v
        .replace(/^"+|"+$/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** Identifiers come without their scheme; IMO numbers and valid LEIs can be told by their form. */
function identifiersOf(cell: string | undefined): Identifier[] {
  const out: Identifier[] = [];
  for (const v of values(cell)) {
    if (/^IMO\s?\d{7}$/i.test(v)) addIdentifier(out, 'imo', v);
    else if (/^[A-Z0-9]{18}\d{2}$/.test(v) && normaliseIdentifier('lei', v).ok) addIdentifier(out, 'lei', v);
    else addIdentifier(out, 'identifier', v);
  }
  return out;
}

async function* readTargets(file: string, options: ImportOptions): AsyncGenerator<Located> {
  const name = path.basename(file);
  let columns: Map<string, number> | null = null;
  for await (const { cells, line } of csvRows(file, { relaxQuotes: true })) {
    if (columns === null) {
      columns = new Map(cells.map((c, i) => [c.trim(), i]));
      const missing = REQUIRED.filter((c) => !columns?.has(c));
      if (missing.length > 0)
        throw new ImportError(file, `not a targets.simple.csv: no ${missing.join(', ')} column`, line);
      continue;
    }
    const col = (c: string): string => cells[columns?.get(c) ?? -1]?.trim() ?? '';
    const at = `${name}:${line}`;
    if (cells.length !== columns.size) {
      yield { at, problem: `expected ${columns.size} columns, found ${cells.length}`, field: '(columns)' };
      continue;
    }
    const id = col('id');
    const type = ENTITY_SCHEMAS[col('schema')];
    if (id === '') {
      yield { at, problem: 'row has no id', field: 'id' };
      continue;
    }
    if (type === undefined) {
      yield { at, problem: `schema "${col('schema')}" is not an entity schema`, field: 'schema' };
      continue;
    }
    if (col('name') === '') {
      yield { at, problem: `target ${id} has no name`, field: 'name' };
      continue;
    }
    const sanctions = values(col('sanctions')).join(' ');
    const countries = countryCodes(values(col('countries')));
    // last_seen is when OpenSanctions last saw the target in its sources.
    const lastSeen = partialDate(col('last_seen'));
    yield {
      at,
      record: {
        record: 'entity',
        id: `os:${id}`,
        type,
        name: col('name'),
        aliases: values(col('aliases')).filter((a) => a !== col('name')),
        jurisdiction: countries[0] ?? null,
        identifiers: identifiersOf(col('identifiers')),
        // A target of a sanctions dataset with a sanction summary is sanctioned; the summary names no list
        // reliably, so no listing record is written from this format.
        topics: sanctions === '' ? [] : ['sanction'],
        addresses: values(col('addresses')),
        birth_date:
          type === 'person'
            ? (values(col('birth_date'))
                .map((d) => partialDate(d))
                .find((d) => d !== null) ?? null)
            : null,
        nationalities: type === 'person' ? countries : [],
        description: sanctions || null,
        provenance: [
          {
            source: OS_SOURCE,
            record_id: id,
            url: osUrl(id),
            retrieved_at: lastSeen?.length === 10 ? lastSeen : options.retrievedAt,
          },
        ],
      },
    };
  }
  if (columns === null) throw new ImportError(file, 'empty file: no header row');
}

export const opensanctionsTargetsCsv = defineImporter({
  format: 'opensanctions-targets-csv',
  description: 'OpenSanctions targets.simple.csv export of a dataset (entities only)',
  source: OS_SOURCE,
  input: 'file',
  read: readTargets,
});
