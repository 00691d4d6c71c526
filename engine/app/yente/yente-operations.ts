// The operations of the yente-compatible API, described once for the routes and the OpenAPI document, with the
// shapes of yente/data/common.py as zod schemas.
import { z } from 'zod';
import { EntityExampleSchema } from './match-example.js';
import { MatchBodySchema, MatchParamsSchema } from './yente-match-request.js';
import { SearchParamsSchema } from './yente-search.js';

/** Where the API lives: a yente client's base URL. */
export const YENTE_PREFIX = '/api/public/yente';

const Instant = z.string().nullable().describe('ISO seconds without a zone, e.g. 2026-01-01T12:00:00');

export const EntityResponseSchema = z.object({
  id: z.string(),
  caption: z.string(),
  schema: z.string().describe('FollowTheMoney schema: Person, Company, Vessel, Asset, …'),
  properties: z
    .record(z.string(), z.array(z.unknown()))
    .describe('FollowTheMoney property → values; adjacent entities are nested as objects where asked for'),
  datasets: z.array(z.string()),
  referents: z.array(z.string()).describe('Ids of the records merged into this entity'),
  target: z.boolean().describe('Sanctioned: a target of screening'),
  first_seen: Instant,
  last_seen: Instant,
  last_change: Instant,
});

const FeatureResultSchema = z.object({ score: z.number(), detail: z.string().nullable() });

export const ScoredEntitySchema = EntityResponseSchema.extend({
  score: z.number().min(0).max(1),
  match: z.boolean().describe('Whether the score reaches the threshold'),
  explanations: z.record(z.string(), FeatureResultSchema),
  features: z.record(z.string(), z.number()).describe('Feature → score, for clients older than explanations'),
});

const TotalSchema = z.object({ value: z.number().int(), relation: z.enum(['eq', 'gte']) });

export const MatchResponseSchema = z.object({
  responses: z.record(
    z.string(),
    z.object({
      status: z.number().int(),
      results: z.array(ScoredEntitySchema),
      total: TotalSchema,
      query: EntityExampleSchema,
    }),
  ),
  limit: z.number().int(),
});

export const SearchResponseSchema = z.object({
  results: z.array(EntityResponseSchema),
  facets: z.record(
    z.string(),
    z.object({
      label: z.string(),
      values: z.array(z.object({ name: z.string(), label: z.string(), count: z.number().int() })),
    }),
  ),
  total: TotalSchema,
  limit: z.number().int(),
  offset: z.number().int(),
});

export const CatalogSchema = z.object({
  datasets: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      summary: z.string().nullable(),
      version: z.string(),
      updated_at: z.string().nullable(),
      last_export: z.string().nullable(),
      entity_count: z.number().int().nullable(),
      load: z.boolean(),
      index_version: z.string(),
      index_current: z.boolean(),
      children: z.array(z.string()),
    }),
  ),
  current: z.array(z.string()),
  outdated: z.array(z.string()),
  index_stale: z.boolean(),
});

const FeatureDocSchema = z.object({ description: z.string(), coefficient: z.number(), url: z.string() });
export const AlgorithmsSchema = z.object({
  algorithms: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      features: z.record(z.string(), FeatureDocSchema),
      docs: z.object({
        name: z.string(),
        description: z.string(),
        config: z.record(z.string(), z.unknown()),
        features: z.record(z.string(), FeatureDocSchema),
      }),
    }),
  ),
  default: z.string(),
  best: z.string(),
});

export const YenteErrorSchema = z.object({ detail: z.string().describe('What is wrong, naming the value at fault') });

export type YenteOperationId =
  | 'yente_match'
  | 'yente_search'
  | 'yente_entity'
  | 'yente_catalog'
  | 'yente_algorithms'
  | 'yente_healthz'
  | 'yente_readyz';

export interface YenteOperation {
  id: YenteOperationId;
  method: 'GET' | 'POST';
  /** tinyhttp pattern under the yente prefix. */
  path: string;
  summary: string;
  description: string;
  params: z.ZodObject | null;
  body: z.ZodType | null;
  answer: z.ZodType;
  /** Credits: a number for every call, or `per query` for a match batch. */
  cost: number | 'per query';
}

export const YENTE_OPERATIONS: readonly YenteOperation[] = [
  {
    id: 'yente_match',
    method: 'POST',
    path: '/match/:dataset',
    summary: 'Match entities by example (yente)',
    description:
      'Queries by example in the OpenSanctions matching API (yente) shape: each query a FollowTheMoney schema and properties ' +
      '(name, birthDate, nationality, country, jurisdiction, registrationNumber, leiCode, imoNumber, address, …), each answered ' +
      'with scored candidates, per-feature explanations and whether each is a match. One credit per query.',
    params: MatchParamsSchema.extend({ dataset: z.string().describe('default, or one source as a dataset') }),
    body: MatchBodySchema,
    answer: MatchResponseSchema,
    cost: 'per query',
  },
  {
    id: 'yente_search',
    method: 'GET',
    path: '/search/:dataset',
    summary: 'Search entities (yente)',
    description: 'Text search over names and identifiers, with yente filters, paging and facets.',
    params: SearchParamsSchema.extend({ dataset: z.string() }),
    body: null,
    answer: SearchResponseSchema,
    cost: 1,
  },
  {
    id: 'yente_entity',
    method: 'GET',
    path: '/entities/:id',
    summary: 'Fetch an entity (yente)',
    description:
      'An entity with the records merged into it; with nested=true (the default) its links (Ownership, Directorship, ' +
      'Family, Sanction, …) nested under the properties that point back at it, each with the party at its other end.',
    params: z.object({ id: z.string(), nested: z.enum(['true', 'false']).optional() }),
    body: null,
    answer: EntityResponseSchema,
    cost: 1,
  },
  {
    id: 'yente_catalog',
    method: 'GET',
    path: '/catalog',
    summary: 'Data catalog (yente)',
    description: "unshell's sources as datasets; `default` holds them all.",
    params: null,
    body: null,
    answer: CatalogSchema,
    cost: 0,
  },
  {
    id: 'yente_algorithms',
    method: 'GET',
    path: '/algorithms',
    summary: 'Scoring algorithms (yente)',
    description: 'The one scorer, its features and what each compares.',
    params: null,
    body: null,
    answer: AlgorithmsSchema,
    cost: 0,
  },
  {
    id: 'yente_healthz',
    method: 'GET',
    path: '/healthz',
    summary: 'Health (yente)',
    description: 'Whether the service is up, where a yente client looks for it.',
    params: null,
    body: null,
    answer: z.object({ status: z.literal('ok') }),
    cost: 0,
  },
  {
    id: 'yente_readyz',
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness (yente)',
    description: 'Whether the corpus is loaded and matching can be served; 503 while it loads.',
    params: null,
    body: null,
    answer: z.object({ status: z.literal('ok') }),
    cost: 0,
  },
];
