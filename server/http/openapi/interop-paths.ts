// The routes that speak other tools' protocols: screening, exports, MCP over HTTP, OpenRefine reconciliation.
import { EXPORT_PATH, ExportParamsSchema } from '../../../engine/app/export/export-request.js';
import { RECONCILE_OPERATIONS } from '../../../engine/app/reconcile/reconcile-operations.js';
import {
  MAX_UPLOAD_BYTES,
  ROWS_PER_BATCH,
  SCREEN_PATH,
  ScreenParamsSchema,
  ScreenedRowSchema,
} from '../../../engine/app/screening/screen-request.js';
import { MCP_PATH } from '../mcp-route.js';
import { RATE_HEADERS, headerRefs, json, openApiPath, type ErrorResponses, type Paths } from './openapi-parts.js';

export function interopPaths(paths: Paths, errors: ErrorResponses): void {
  const screenParams = json(ScreenParamsSchema, 'input') as { properties?: Record<string, unknown> };
  paths[SCREEN_PATH] = {
    post: {
      operationId: 'screen',
      summary: 'Screen a list',
      description:
        'A list uploaded as CSV (with a header line) or JSON lines, each row matched by the one scorer; results stream ' +
        "back as each row is screened, in the upload's format unless `format` says otherwise, each with the snapshot " +
        'and the date of every list screened against. Columns are found by their headers or mapped with `columns`. A ' +
        `row that cannot be read or screened is answered with its error and the rest are screened. One credit per row; ` +
        `at most ${ROWS_PER_BATCH} times the caller's batch limit in rows, and ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB.`,
      tags: ['screening'],
      'x-credits-cost': 'per row',
      parameters: Object.entries(screenParams.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: false,
        schema,
      })),
      requestBody: {
        required: true,
        content: {
          'text/csv': { schema: { type: 'string' } },
          'application/x-ndjson': { schema: { type: 'string' } },
        },
      },
      responses: {
        '200': {
          description: 'One result per row, streamed',
          headers: headerRefs(RATE_HEADERS),
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/x-ndjson': { schema: json(ScreenedRowSchema, 'output') },
          },
        },
        ...errors.refs([400, 401, 413, 429, 500, 503]),
      },
    },
  };
  const exportParams = json(ExportParamsSchema, 'input') as { properties?: Record<string, unknown> };
  paths[openApiPath(EXPORT_PATH)] = {
    get: {
      operationId: 'export_neighbourhood',
      summary: 'Export a neighbourhood',
      description:
        'The entity, the records of its cluster and every record within `depth` links of it (each bringing its ' +
        'cluster), at most 2,000: `ftm` writes FollowTheMoney entities as JSON lines (records, then their Ownership, ' +
        'Directorship, Family, UnknownLink, Sanction and Identification links among them); `bods` writes a JSON array ' +
        'of Beneficial Ownership Data Standard 0.4 statements declared about the entity; `gexf` (Gephi) and `graphml` ' +
        'write the network of its records and relationships. `X-Export-Truncated` says ' +
        'whether the cap cut it.',
      tags: ['export'],
      'x-credits-cost': 1,
      parameters: Object.entries(exportParams.properties ?? {}).map(([name, schema]) => ({
        name,
        in: name === 'id' ? 'path' : 'query',
        required: name === 'id',
        schema,
      })),
      responses: {
        '200': {
          description: 'The export',
          headers: headerRefs(RATE_HEADERS),
          content: {
            'application/x-ndjson': { schema: { type: 'string' } },
            'application/json': { schema: { type: 'array', items: { type: 'object' } } },
            'application/gexf+xml': { schema: { type: 'string' } },
            'application/graphml+xml': { schema: { type: 'string' } },
          },
        },
        ...errors.refs([400, 401, 404, 429, 500, 503]),
      },
    },
  };
  paths[MCP_PATH] = {
    post: {
      operationId: 'mcp',
      summary: 'MCP tool server (Streamable HTTP)',
      description:
        'The Model Context Protocol over its Streamable HTTP transport, stateless: one JSON-RPC message (or batch) per ' +
        'POST, answered as JSON. The same tools as `unshell mcp` over stdio, one per operation of this API, with the ' +
        'same keys, limits and credits: each tools/call costs what its REST call costs (X-Credits-Cost is their sum). ' +
        'Resources: unshell://entity/{id}, unshell://dossier/{id}, unshell://schema/{tool}; prompts: investigate_company, ' +
        'screen_list. A browser Origin other than the public URL and UNSHELL_MCP_ORIGINS is refused with 403. GET and ' +
        'DELETE answer 405: the server keeps no sessions and pushes no stream.',
      tags: ['mcp'],
      'x-credits-cost': 'per tools/call',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: ['object', 'array'] } } },
      },
      responses: {
        '200': {
          description: 'The JSON-RPC response (or responses to a batch)',
          headers: headerRefs(RATE_HEADERS),
          content: { 'application/json': { schema: { type: ['object', 'array'] } } },
        },
        '202': { description: 'A notification or response, accepted' },
        ...errors.refs([401, 403, 429, 500]),
        '400': {
          description: 'A message that is not JSON-RPC',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        '406': { description: 'Accept does not include application/json and text/event-stream' },
        '413': { description: 'A message over 1 MiB' },
        '415': { description: 'Content-Type is not application/json' },
      },
    },
  };
  for (const r of RECONCILE_OPERATIONS)
    (paths[r.path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.id,
      summary: r.summary,
      description: `${r.description} Answers: ${r.answers}.`,
      tags: ['reconciliation'],
      'x-credits-cost': r.cost,
      parameters: r.params.map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
      ...(r.method === 'POST'
        ? {
            requestBody: {
              required: true,
              content: {
                'application/x-www-form-urlencoded': {
                  schema: { type: 'object', properties: { queries: { type: 'string' }, extend: { type: 'string' } } },
                },
                'application/json': { schema: { type: 'object' } },
              },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Success',
          headers: headerRefs(RATE_HEADERS),
          content: { [r.produces]: { schema: r.produces === 'text/html' ? { type: 'string' } : { type: 'object' } } },
        },
        ...errors.refs([400, 401, 404, 413, 429, 500, 503]),
      },
    };
}
