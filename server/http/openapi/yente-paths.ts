// The yente-compatible matching API under /api/public/yente: its errors carry yente's `{detail}` body.
import { YENTE_OPERATIONS, YENTE_PREFIX } from '../../../engine/app/yente/yente-operations.js';
import {
  RATE_HEADERS,
  headerRefs,
  json,
  openApiPath,
  pathParamsOf,
  type ErrorResponses,
  type ErrorStatus,
  type Paths,
} from './openapi-parts.js';

export function yentePaths(paths: Paths, errors: ErrorResponses): void {
  for (const y of YENTE_OPERATIONS) {
    const pathParams = pathParamsOf(y.path);
    const props = (y.params === null ? {} : json(y.params, 'input')) as { properties?: Record<string, unknown> };
    const statuses: ErrorStatus[] = [400, 401, 404, ...(y.cost === 'per query' ? [413 as const] : []), 429, 500, 503];
    (paths[openApiPath(`${YENTE_PREFIX}${y.path}`)] ??= {})[y.method.toLowerCase()] = {
      operationId: y.id,
      summary: y.summary,
      description: y.description,
      tags: ['yente'],
      'x-credits-cost': y.cost,
      parameters: Object.entries(props.properties ?? {}).map(([name, schema]) => ({
        name,
        in: pathParams.includes(name) ? 'path' : 'query',
        required: pathParams.includes(name),
        schema,
      })),
      ...(y.body === null
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: json(y.body, 'input') } } } }),
      responses: {
        '200': {
          description: 'Success',
          headers: headerRefs(RATE_HEADERS),
          content: { 'application/json': { schema: json(y.answer, 'output') } },
        },
        ...errors.refs(statuses, 'yente'),
      },
    };
  }
}
