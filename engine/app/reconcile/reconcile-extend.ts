// Data extension (Reconciliation Service API 0.2): for reconciled ids, the values of the properties a table asks for.
import { z } from 'zod';
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { walkOwnership } from '../../ownership/ownership-walk.js';
import { clusterListings } from '../../sanctions/cluster-listings.js';
import { toParameterError } from '../contract/validate.js';
import { inField } from './in-field.js';
import { uboViews } from '../views/ownership-views.js';
import { EXTEND_PROPERTIES } from './reconcile-vocabulary.js';

/** How far up the chains beneficial owners are looked for, as the dossier looks. */
const UBO_DEPTH = 10;
export const MAX_EXTEND_IDS = 100;

export const ExtendQuerySchema = z.object({
  ids: z.array(z.string().max(300)).max(MAX_EXTEND_IDS),
  properties: z
    .array(z.object({ id: z.string(), settings: z.record(z.string(), z.unknown()).optional() }))
    .min(1)
    .max(EXTEND_PROPERTIES.length),
});
export type ExtendQuery = z.infer<typeof ExtendQuerySchema>;

type Value = { str: string } | { date: string };

export interface ExtendResponse {
  meta: Array<{ id: string; name: string }>;
  rows: Record<string, Record<string, Value[]>>;
}

const EXTEND_IDS = new Set(EXTEND_PROPERTIES.map((p) => p.id));

export function parseExtendQuery(raw: unknown): ExtendQuery {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch (err) {
      throw new ServiceError('invalid_parameter', `extend is not valid JSON: ${(err as Error).message}`, 'extend');
    }
  }
  const parsed = ExtendQuerySchema.safeParse(value);
  if (!parsed.success) throw inField('extend', toParameterError(parsed.error, value));
  for (const p of parsed.data.properties)
    if (!EXTEND_IDS.has(p.id))
      throw new ServiceError(
        'invalid_parameter',
        `extend.properties: "${p.id}" is not one of ${[...EXTEND_IDS].join(', ')}`,
        'extend.properties',
      );
  return parsed.data;
}

function valuesOf(corpus: Corpus, ix: number, property: string): Value[] {
  const { entities } = corpus;
  const record = entities.record(ix);
  const str = (values: ReadonlyArray<string | null>): Value[] =>
    [...new Set(values.filter((v): v is string => v !== null && v !== ''))].map((v) => ({ str: v }));
  switch (property) {
    case 'jurisdiction':
      return str([entities.jurisdiction(ix)]);
    case 'status':
      return str([record.status]);
    case 'risk':
      return str([entities.risk(ix)]);
    case 'identifiers':
      return str(record.identifiers.map((i) => `${i.scheme}:${i.value}`));
    case 'ubo_names':
      return str(uboViews(corpus, walkOwnership(corpus, ix, { maxDepth: UBO_DEPTH })).map((u) => u.entity.name));
    case 'sanctions_lists':
      return str(clusterListings(corpus, ix).map((l) => l.listing.list));
    case 'incorporation_date':
      return record.incorporation_date === null ? [] : [{ date: record.incorporation_date }];
    default:
      return str([entities.type(ix)]);
  }
}

/** Rows for every id asked for; an id unshell does not know gets an empty row, as the protocol expects. */
export function extend(corpus: Corpus, query: ExtendQuery): ExtendResponse {
  const rows: ExtendResponse['rows'] = {};
  for (const id of query.ids) {
    const ix = corpus.entities.indexOf(id);
    const row: Record<string, Value[]> = {};
    for (const p of query.properties)
      row[p.id] = ix === undefined ? [] : valuesOf(corpus, corpus.entities.cluster(ix), p.id);
    rows[id] = row;
  }
  const meta = query.properties.map((p) => ({
    id: p.id,
    name: EXTEND_PROPERTIES.find((e) => e.id === p.id)?.name ?? p.id,
  }));
  return { meta, rows };
}
