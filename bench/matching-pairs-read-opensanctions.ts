// Reads OpenSanctions: the ua_war_sanctions targets.simple.csv (name vs `;`-joined aliases), the yente FtM fixtures
// (every `name`/`alias`/`previousName` of an entity), and watchman's curated cross-script pairs.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { addBirthYears, addCountry, addIdentifier, addName, type EntityBook } from './matching-pairs-entity.js';
import type { EntityType } from './matching-pairs-types.js';

export const OS_TARGETS = 'opensanctions/ua_war_sanctions_2026-03-13/targets.simple.csv';
export const OS_FTM_FILES = [
  'opensanctions/yente-fixture-t1/entities.ftm.json',
  'opensanctions/yente-fixture-zala/entities.ftm.json',
  'opensanctions/yente-fixture-t2-deltas/20240527194702-wnk/entities.delta.json',
  'opensanctions/yente-fixture-t2-deltas/20240528014702-pfh/entities.delta.json',
  'opensanctions/yente-fixture-t2-deltas/20240528134729-3iv/entities.delta.json',
];
export const WATCHMAN_PAIRS = 'opensanctions/name-matching-pairs/cross_script_pairs.csv';

const NAMED_SCHEMAS = new Set(['Person', 'Company', 'Organization', 'LegalEntity', 'Vessel']);

function osType(schema: string): EntityType {
  return schema === 'Person' ? 'person' : schema === 'Vessel' ? 'vessel' : 'company';
}

/** The scheme of an identifier value in targets.simple.csv, which gives values without their property names. */
function osScheme(value: string): string {
  if (/^IMO\d{7}$/u.test(value)) return 'imo';
  if (/^[0-9A-Z]{18}\d{2}$/u.test(value)) return 'lei';
  return 'reg';
}

export function readOpenSanctionsTargets(book: EntityBook, sharedData: (p: string) => string): void {
  const rows = parse<Record<string, string>>(readFileSync(sharedData(OS_TARGETS), 'utf8'), { columns: true });
  for (const r of rows) {
    const id = r['id'] ?? '';
    const e = book.get({
      group: `opensanctions:${id}`,
      publisher: 'opensanctions',
      source: `opensanctions:${id}`,
      type: osType(r['schema'] ?? ''),
    });
    addName(e, r['name']);
    for (const a of (r['aliases'] ?? '').split(';')) addName(e, a);
    for (const v of (r['identifiers'] ?? '').split(';'))
      if (v !== '') addIdentifier(e, osScheme(v), v.replace(/^IMO/u, ''));
    addBirthYears(e, r['birth_date']);
    for (const c of (r['countries'] ?? '').split(';')) addCountry(e, c);
  }
}

interface FtmEntity {
  id: string;
  schema: string;
  properties: Record<string, string[] | undefined>;
}

function isFtmEntity(v: unknown): v is FtmEntity {
  return typeof v === 'object' && v !== null && 'id' in v && 'schema' in v && 'properties' in v;
}

export function readOpenSanctionsFtm(book: EntityBook, sharedData: (p: string) => string): void {
  for (const file of OS_FTM_FILES) {
    for (const line of readFileSync(sharedData(file), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const parsed: unknown = JSON.parse(line);
      // Delta files wrap the entity as {op, entity}; a MOD carries the whole new entity.
      const ent = typeof parsed === 'object' && parsed !== null && 'entity' in parsed ? parsed.entity : parsed;
      if (!isFtmEntity(ent) || !NAMED_SCHEMAS.has(ent.schema)) continue;
      const p = ent.properties;
      // The yente fixtures are snapshots of other dates and datasets, with ids that need not match the targets file:
      // a publisher of their own, so that a negative against the targets file needs proof like any other.
      const e = book.get({
        group: `opensanctions-yente:${ent.id}`,
        publisher: 'opensanctions-yente',
        source: `opensanctions-yente:${ent.id}`,
        type: osType(ent.schema),
      });
      for (const prop of ['name', 'alias', 'previousName', 'weakAlias']) for (const n of p[prop] ?? []) addName(e, n);
      for (const prop of [
        'imoNumber',
        'leiCode',
        'registrationNumber',
        'innCode',
        'ogrnCode',
        'taxNumber',
        'idNumber',
        'passportNumber',
      ]) {
        const scheme =
          prop === 'imoNumber'
            ? 'imo'
            : prop === 'leiCode'
              ? 'lei'
              : prop.includes('ssport') || prop === 'idNumber'
                ? 'document'
                : 'reg';
        for (const v of p[prop] ?? []) addIdentifier(e, scheme, v.replace(/^IMO/u, ''));
      }
      for (const d of p['birthDate'] ?? []) addBirthYears(e, d);
      for (const prop of ['country', 'jurisdiction', 'nationality']) for (const c of p[prop] ?? []) addCountry(e, c);
    }
  }
}

/**
 * watchman's hand-made cross-script positives, one entity per line. The `# Japanese to Latin` style section
 * headings tell Japanese Han names from Chinese ones, which script detection alone cannot.
 */
export function readWatchmanPairs(book: EntityBook, sharedData: (p: string) => string): void {
  let section = '';
  readFileSync(sharedData(WATCHMAN_PAIRS), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.startsWith('#')) {
        section = line;
        return;
      }
      const [query, expected] = line.split(',');
      if (query === undefined || expected === undefined || query.trim() === '') return;
      const e = book.get({
        group: `watchman:line-${i + 1}`,
        publisher: 'watchman',
        source: 'watchman',
        type: 'person',
        japaneseContext: section.includes('Japanese'),
      });
      addName(e, query);
      addName(e, expected);
    });
}
