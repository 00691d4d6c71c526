// `GET …/yente/search/{dataset}`: a text search in yente's SearchResponse shape, with its filters and facets.
import { z } from 'zod';
import { ChangedSince, repeated } from './yente-params.js';
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { identifierMatches } from '../../search/identifier-matches.js';
import { toParameterError } from '../contract/validate.js';
import { ftmSchemaOf } from '../ftm/ftm-entity.js';
import { FTM_MODEL, schemaNamed } from '../ftm/ftm-model.js';
import { MatchScope } from './match-scope.js';
import { datasetNameOf, requireDataset } from './yente-datasets.js';
import { yenteEntity, type YenteEntity } from './yente-entity.js';

/** yente's paging: ten by default, 500 at most, no further than the 9,999th result. */
export const SEARCH_PAGE = 10;
export const MAX_PAGE = 500;
export const MAX_RESULTS = 9999;

const FACETS = ['countries', 'topics', 'datasets', 'schema'] as const;
type Facet = (typeof FACETS)[number];

export const SearchParamsSchema = z.object({
  q: z.string().max(1000).default(''),
  schema: z.string().default('Thing'),
  limit: z.coerce.number().int().min(0).max(MAX_PAGE).default(SEARCH_PAGE),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_RESULTS - MAX_PAGE)
    .default(0),
  countries: repeated,
  topics: repeated,
  datasets: repeated,
  include_dataset: repeated,
  exclude_dataset: repeated,
  exclude_schema: repeated,
  changed_since: ChangedSince,
  facets: z
    .union([z.enum(FACETS), z.array(z.enum(FACETS))])
    .optional()
    .transform((v): Facet[] => (v === undefined ? ['countries', 'topics', 'datasets'] : Array.isArray(v) ? v : [v])),
});

interface FacetValue {
  name: string;
  label: string;
  count: number;
}

export interface SearchResponse {
  results: YenteEntity[];
  facets: Record<string, { label: string; values: FacetValue[] }>;
  total: { value: number; relation: 'eq' | 'gte' };
  limit: number;
  offset: number;
}

const FACET_LABELS: Readonly<Record<Facet, string>> = {
  countries: 'Countries',
  topics: 'Topics',
  datasets: 'Data sources',
  schema: 'Entity types',
};

function facetValues(corpus: Corpus, facet: Facet, entities: readonly YenteEntity[]): FacetValue[] {
  const counts = new Map<string, number>();
  const add = (v: string): void => void counts.set(v, (counts.get(v) ?? 0) + 1);
  for (const e of entities) {
    if (facet === 'schema') add(e.schema);
    else if (facet === 'datasets') e.datasets.forEach(add);
    else if (facet === 'topics') new Set(e.properties['topics'] ?? []).forEach(add);
    else new Set(COUNTRY_PROPERTIES.flatMap((p) => e.properties[p] ?? [])).forEach(add);
  }
  const label = (v: string): string => {
    if (facet === 'countries') return FTM_MODEL.getType('country').values.get(v) ?? v;
    if (facet === 'topics') return FTM_MODEL.getType('topic').values.get(v) ?? v;
    if (facet === 'schema') return schemaNamed(v)?.label ?? v;
    return corpus.info.sources.find((s) => datasetNameOf(s.code) === v)?.name ?? v;
  };
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, count]) => ({ name, label: label(name), count }));
}

const COUNTRY_PROPERTIES = ['country', 'jurisdiction', 'nationality', 'flag'];

/** With no query text, yente lists the whole scope: here in the corpus's order, as far as the window reaches. */
function everyEntity(corpus: Corpus, pool: number): number[] {
  const out: number[] = [];
  for (let ix = 0; ix < corpus.entities.size && out.length < pool; ix++)
    if (corpus.entities.cluster(ix) === ix) out.push(ix);
  return out;
}

/** Searches names (and identifiers written in the query) and answers a page of the entities in scope. */
export function yenteSearch(corpus: Corpus, dataset: string, rawParams: unknown): SearchResponse {
  const parsed = SearchParamsSchema.safeParse(rawParams);
  if (!parsed.success) throw toParameterError(parsed.error, rawParams);
  const p = parsed.data;
  const schema = schemaNamed(p.schema);
  if (schema === undefined) throw new ServiceError('invalid_parameter', `Invalid schema: ${p.schema}`, 'schema');
  const scope = new MatchScope(corpus, {
    datasets: requireDataset(corpus, dataset),
    includeDatasets: [...p.include_dataset, ...p.datasets],
    excludeDatasets: p.exclude_dataset,
    excludeSchemata: p.exclude_schema,
    topics: p.topics,
    changedSince: p.changed_since ?? null,
    excludeIds: [],
  });
  const wanted = Math.min(MAX_RESULTS, p.offset + p.limit);
  // Enough of the index's ranking that filters leave a full page, within yente's window of results.
  const pool = Math.min(MAX_RESULTS, Math.max(100, wanted * 3));
  const q = p.q.trim();
  const ranked =
    q === ''
      ? everyEntity(corpus, pool)
      : [...identifierMatches(corpus, q), ...corpus.names.search(q, pool).map((m) => m.entity)];
  const found: YenteEntity[] = [];
  const clusters = new Set<number>();
  for (const candidate of ranked) {
    const cluster = corpus.entities.cluster(candidate);
    if (clusters.has(cluster)) continue;
    clusters.add(cluster);
    if (!FTM_MODEL.getSchema(ftmSchemaOf(corpus.entities.record(cluster))).isA(schema)) continue;
    if (!scope.admits(cluster)) continue;
    const entity = yenteEntity(corpus, cluster);
    if (!scope.admitsEntity(entity)) continue;
    if (
      p.countries.length > 0 &&
      !COUNTRY_PROPERTIES.some((c) => entity.properties[c]?.some((v) => p.countries.includes(v)))
    )
      continue;
    found.push(entity);
  }
  const facets: SearchResponse['facets'] = {};
  for (const f of p.facets) facets[f] = { label: FACET_LABELS[f], values: facetValues(corpus, f, found) };
  return {
    results: found.slice(p.offset, p.offset + p.limit),
    facets,
    total: { value: found.length, relation: ranked.length >= pool ? 'gte' : 'eq' },
    limit: p.limit,
    offset: p.offset,
  };
}
