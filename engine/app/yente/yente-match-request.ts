// `POST …/yente/match/{dataset}`: a batch of queries by example with yente's parameters, answered in yente's shape.
import { z } from 'zod';
import { ChangedSince, repeated } from './yente-params.js';
import type { Corpus } from '../../corpus.js';
import { ServiceError } from '../../errors/service-error.js';
import { MATCH_SCORE_THRESHOLD } from '../../resolution/match-scorer.js';
import { toParameterError } from '../contract/validate.js';
import { EntityExampleSchema, parseExample, type ParsedExample } from './match-example.js';
import { requireAlgorithm, requireNoConfig } from './yente-algorithms.js';
import { requireDataset } from './yente-datasets.js';
import { matchExample, type EntityMatches, type MatchOptions } from './yente-match.js';

/** yente's defaults: five results per query, at most 500. */
export const MATCH_PAGE = 5;
export const MAX_MATCHES = 500;
/**
 * Results scoring at or below this are left out. The threshold of a match is the scorer's calibrated one (99 %
 * precision), higher than yente's 0.7; near misses between the two are answered with `match: false`.
 */
export const DEFAULT_CUTOFF = 0.7;

export const MatchParamsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_MATCHES).default(MATCH_PAGE),
  threshold: z.coerce.number().min(0).max(1).default(MATCH_SCORE_THRESHOLD),
  cutoff: z.coerce.number().min(0).max(1).default(DEFAULT_CUTOFF),
  algorithm: z.string().default('best'),
  include_dataset: repeated,
  exclude_dataset: repeated,
  exclude_schema: repeated,
  topics: repeated,
  changed_since: ChangedSince,
  exclude_entity_ids: repeated.refine((ids) => ids.length <= 50, 'at most 50 ids'),
});

export const MatchBodySchema = z.object({
  queries: z.record(z.string().min(1).max(200), EntityExampleSchema.nullable()),
  weights: z.record(z.string(), z.number()).optional(),
  config: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

export interface MatchResponse {
  responses: Record<string, EntityMatches>;
  limit: number;
}

/** A checked match request: its queries, cleaned, and the options every one of them is matched with. */
export interface MatchRequest {
  queries: ReadonlyArray<readonly [string, ParsedExample]>;
  options: MatchOptions;
}

/** Parses the whole request before matching anything: one bad query fails the batch with a 400, as in yente. */
export function parseMatchRequest(
  corpus: Corpus,
  dataset: string,
  rawParams: unknown,
  rawBody: unknown,
  batchLimit: number,
): MatchRequest {
  const params = MatchParamsSchema.safeParse(rawParams);
  if (!params.success) throw toParameterError(params.error, rawParams);
  const body = MatchBodySchema.safeParse(rawBody);
  if (!body.success) throw toParameterError(body.error, rawBody);
  const p = params.data;
  requireAlgorithm(p.algorithm);
  requireNoConfig(body.data.config ?? {});
  const datasets = requireDataset(corpus, dataset);
  const queries = Object.entries(body.data.queries).filter(
    (entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== null,
  );
  if (queries.length === 0) throw new ServiceError('invalid_parameter', 'No queries provided.', 'queries');
  if (queries.length > batchLimit)
    throw new ServiceError(
      'batch_too_large',
      `Too many queries in one batch (${queries.length}; this caller's limit is ${batchLimit})`,
      'queries',
    );
  const parsed = queries.map(([key, example]) => [key, parseExample(key, example)] as const);
  const options: MatchOptions = {
    datasets,
    includeDatasets: p.include_dataset,
    excludeDatasets: p.exclude_dataset,
    excludeSchemata: p.exclude_schema,
    topics: p.topics,
    changedSince: p.changed_since ?? null,
    excludeIds: p.exclude_entity_ids,
    limit: p.limit,
    threshold: p.threshold,
    cutoff: p.cutoff,
  };
  return { queries: parsed, options };
}

/** Matches every query of a checked request. */
export function yenteMatch(corpus: Corpus, request: MatchRequest): MatchResponse {
  const responses: Record<string, EntityMatches> = {};
  for (const [key, example] of request.queries) responses[key] = matchExample(corpus, example, request.options);
  return { responses, limit: request.options.limit };
}
