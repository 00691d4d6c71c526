// The routes of the reconciliation service, described once for the OpenAPI document; their answers are the shapes
// of the Reconciliation Service API 0.2 (reconciliation-api.github.io/specs/0.2).
import { RECONCILE_PATH } from './reconcile-service.js';

export interface ReconcileOperation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  description: string;
  /** Query parameters (all optional strings). */
  params: readonly string[];
  /** What the answer is, as the protocol names its schemas. */
  answers: string;
  produces: 'application/json' | 'text/html';
  cost: number | 'per query';
}

const SPEC = 'https://reconciliation-api.github.io/specs/0.2/';

export const RECONCILE_OPERATIONS: readonly ReconcileOperation[] = [
  {
    id: 'reconcile_manifest',
    method: 'GET',
    path: RECONCILE_PATH,
    summary: 'Reconciliation manifest, or a batch in the query string',
    description: `Without \`queries\` or \`extend\`, the service manifest; with one, as the POST. Protocol: ${SPEC}`,
    params: ['queries', 'extend', 'callback'],
    answers: 'manifest.json, reconciliation-result-batch.json or data-extension-response.json',
    produces: 'application/json',
    cost: 'per query',
  },
  {
    id: 'reconcile',
    method: 'POST',
    path: RECONCILE_PATH,
    summary: 'Reconcile a batch, or extend reconciled rows',
    description:
      'A form (application/x-www-form-urlencoded, as OpenRefine sends it) or JSON object with `queries` (a ' +
      'reconciliation query batch: query, type, limit, properties jurisdiction, country, nationality, birthDate, ' +
      'registrationNumber, leiCode, imoNumber, alias) or `extend` (ids and properties jurisdiction, status, risk, ' +
      'identifiers, ubo_names, sanctions_lists, incorporation_date, type). One credit per query or id.',
    params: [],
    answers: 'reconciliation-result-batch.json or data-extension-response.json',
    produces: 'application/json',
    cost: 'per query',
  },
  {
    id: 'reconcile_suggest_entity',
    method: 'GET',
    path: `${RECONCILE_PATH}/suggest/entity`,
    summary: 'Suggest entities by a prefix',
    description: 'Names (and identifiers) that begin like the prefix, for auto-completion.',
    params: ['prefix', 'limit', 'callback'],
    answers: 'suggest-entities-response.json',
    produces: 'application/json',
    cost: 1,
  },
  {
    id: 'reconcile_suggest_type',
    method: 'GET',
    path: `${RECONCILE_PATH}/suggest/type`,
    summary: 'Suggest types by a prefix',
    description: 'The types a query can name (FollowTheMoney schemata).',
    params: ['prefix', 'callback'],
    answers: 'suggest-types-response.json',
    produces: 'application/json',
    cost: 0,
  },
  {
    id: 'reconcile_suggest_property',
    method: 'GET',
    path: `${RECONCILE_PATH}/suggest/property`,
    summary: 'Suggest query properties by a prefix',
    description: 'The properties a query can carry.',
    params: ['prefix', 'callback'],
    answers: 'suggest-properties-response.json',
    produces: 'application/json',
    cost: 0,
  },
  {
    id: 'reconcile_extend_propose',
    method: 'GET',
    path: `${RECONCILE_PATH}/extend/propose`,
    summary: 'Properties to extend reconciled rows by',
    description: 'The properties data extension answers, for a type.',
    params: ['type', 'limit', 'callback'],
    answers: 'data-extension-property-proposal.json',
    produces: 'application/json',
    cost: 0,
  },
  {
    id: 'reconcile_preview',
    method: 'GET',
    path: `${RECONCILE_PATH}/preview`,
    summary: 'Preview an entity',
    description: "A small HTML card for OpenRefine's preview frame: name, type, country, risk and sanctions lists.",
    params: ['id'],
    answers: 'an HTML document',
    produces: 'text/html',
    cost: 0,
  },
];
