// The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with.
import { z } from 'zod';
import type { Capability } from '../../engine/app/contract/capability.js';
import { jsonSchemaOf } from '../../engine/app/contract/json-schema.js';
import { ERROR_STATUS } from '../../engine/errors/service-error.js';
import {
  MAX_UPLOAD_BYTES,
  ROWS_PER_BATCH,
  SCREEN_PATH,
  ScreenParamsSchema,
  ScreenedRowSchema,
} from '../../engine/app/screening/screen-request.js';
import { EXPORT_PATH, ExportParamsSchema } from '../../engine/app/export/export-request.js';
import { MCP_PATH } from './mcp-route.js';
import { RECONCILE_OPERATIONS } from '../../engine/app/reconcile/reconcile-operations.js';
import { YENTE_OPERATIONS, YENTE_PREFIX, YenteErrorSchema } from '../../engine/app/yente/yente-operations.js';
import { ACCOUNT_OPERATIONS, ACCOUNT_PREFIX, SESSION_COOKIE } from './account-operations.js';

const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...Array<keyof typeof ERROR_STATUS>]),
    message: z.string().describe('Names the value at fault'),
    param: z.string().optional(),
  }),
});

const json = jsonSchemaOf;

/** Rate-limit headers on every answer (README: API keys and limits); Retry-After on 429 only. */
const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Credits-Cost'] as const;
const headerRefs = (names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
const integerHeader = (description: string): Record<string, unknown> => ({
  description,
  schema: { type: 'integer', minimum: 0 },
});
const HEADERS = {
  'RateLimit-Limit': integerHeader(
    'Requests per minute allowed to this caller (per API key, or per client IP when anonymous)',
  ),
  'RateLimit-Remaining': integerHeader('Requests left in the current window'),
  'RateLimit-Reset': integerHeader('Seconds until the current window closes'),
  'Retry-After': integerHeader('Seconds to wait before the next request is allowed'),
  'X-Credits-Cost': integerHeader(
    'Credits this call cost: 1 for core operations, one per query of a yente match batch, 0 otherwise',
  ),
};

/** `/api/public/entity/:id` → `/api/public/entity/{id}` */
const openApiPath = (p: string): string => p.replace(/:([A-Za-z_]+)/g, '{$1}');

export function openApiDocument(capabilities: readonly Capability[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const errorResponse = { description: 'Error', headers: headerRefs(RATE_HEADERS), content };
  const rateLimited = {
    description: "Over the caller's request rate",
    headers: headerRefs([...RATE_HEADERS, 'Retry-After']),
    content,
  };
  for (const c of capabilities) {
    const pathParams = [...c.path.matchAll(/:([A-Za-z_]+)/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));
    const props = json(c.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const op: Record<string, unknown> = {
      operationId: c.tool ?? c.title.toLowerCase().replace(/\W+/g, '_'),
      summary: c.title,
      description: c.description,
      'x-credits-cost': c.cost,
      ...(c.tool === null ? {} : { 'x-mcp-tool': c.tool }),
      responses: {
        [String(c.status ?? 200)]: {
          description: 'Success',
          headers: headerRefs(RATE_HEADERS),
          content: {
            [c.produces ?? 'application/json']: { schema: json(c.output, 'output') },
            ...(c.table === undefined ? {} : { 'text/csv': { schema: { type: 'string' } } }),
          },
        },
        ...Object.fromEntries(
          [400, 401, 404, ...(c.errors ?? []), 500, 503].map((status) => [String(status), errorResponse]),
        ),
        '429': rateLimited,
      },
    };
    if (c.method === 'GET') {
      op.parameters = Object.entries(props.properties ?? {}).map(([name, schema]) => ({
        name,
        in: pathParams.includes(name) ? 'path' : 'query',
        required: pathParams.includes(name) || (props.required ?? []).includes(name),
        schema,
        ...(typeof (schema as { description?: unknown }).description === 'string'
          ? { description: (schema as { description: string }).description }
          : {}),
      }));
    } else {
      op.parameters = pathParams.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: props.properties?.[name] ?? { type: 'string' },
      }));
      op.requestBody = { required: true, content: { 'application/json': { schema: props } } };
    }
    if (c.table !== undefined)
      (op.parameters as unknown[]).push({
        name: 'format',
        in: 'query',
        required: false,
        schema: { type: 'string', enum: ['json', 'csv'], default: 'json' },
        description: 'csv: the hits as a CSV table with a header row (as does Accept: text/csv)',
      });
    (paths[openApiPath(c.path)] ??= {})[c.method.toLowerCase()] = op;
  }
  for (const a of Object.values(ACCOUNT_OPERATIONS)) {
    const errors = a.auth === 'none' ? [400, 401, 403, 429, 500] : [400, 401, 403, 404, 409, 500];
    (paths[openApiPath(`${ACCOUNT_PREFIX}${a.path}`)] ??= {})[a.method.toLowerCase()] = {
      operationId: a.id,
      summary: a.summary,
      description: a.description,
      tags: ['account'],
      security: a.auth === 'none' ? [{}] : [{ session: [] }, { apiKey: [] }],
      parameters: [
        ...[...a.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
          name: m[1],
          in: 'path',
          required: true,
          schema: { type: 'string' },
        })),
        ...(a.auth === 'change'
          ? [
              {
                name: 'X-CSRF-Token',
                in: 'header',
                required: false,
                description:
                  'With the session cookie: the csrf_token of GET /api/account (or of the sign-in answer); not needed with an API key',
                schema: { type: 'string' },
              },
            ]
          : []),
      ],
      ...(a.body === null
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: json(a.body, 'input') } } } }),
      responses: {
        [String(a.status)]: {
          description: 'Success',
          content: { 'application/json': { schema: json(a.answer, 'output') } },
        },
        ...Object.fromEntries(
          errors.map((status) => [String(status), status === 429 ? rateLimited : { description: 'Error', content }]),
        ),
      },
    };
  }
  const yenteError = { 'application/json': { schema: { $ref: '#/components/schemas/YenteError' } } };
  for (const y of YENTE_OPERATIONS) {
    const pathParams = [...y.path.matchAll(/:([A-Za-z_]+)/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));
    const props = (y.params === null ? {} : json(y.params, 'input')) as { properties?: Record<string, unknown> };
    const errors = [400, 401, 404, ...(y.cost === 'per query' ? [413] : []), 500, 503];
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
        ...Object.fromEntries(
          errors.map((status) => [
            String(status),
            { description: 'Error', headers: headerRefs(RATE_HEADERS), content: yenteError },
          ]),
        ),
        '429': { ...rateLimited, content: yenteError },
      },
    };
  }
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
        ...Object.fromEntries([400, 401, 413, 500, 503].map((status) => [String(status), errorResponse])),
        '429': rateLimited,
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
        ...Object.fromEntries([400, 401, 404, 500, 503].map((status) => [String(status), errorResponse])),
        '429': rateLimited,
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
        ...Object.fromEntries([401, 403, 500].map((status) => [String(status), errorResponse])),
        '400': {
          description: 'A message that is not JSON-RPC',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        '406': { description: 'Accept does not include application/json and text/event-stream' },
        '413': { description: 'A message over 1 MiB' },
        '415': { description: 'Content-Type is not application/json' },
        '429': rateLimited,
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
        ...Object.fromEntries([400, 401, 404, 413, 500, 503].map((status) => [String(status), errorResponse])),
        '429': rateLimited,
      },
    };
  return {
    openapi: '3.1.0',
    info: {
      title: 'unshell',
      version,
      description:
        'Open corporate- and offshore-intelligence service: entities, ownership, sanctions and offshore exposure across UK Companies House, ' +
        'ICIJ Offshore Leaks, GLEIF and the OFAC, EU, UN and UK sanctions lists. Every response carries X-Credits-Cost; errors share one shape.',
    },
    paths,
    // Anonymous or with an API key: the key lifts the rate and batch limits.
    security: [{}, { apiKey: [] }],
    components: {
      schemas: { Error: json(ErrorSchema, 'output'), YenteError: json(YenteErrorSchema, 'output') },
      headers: HEADERS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An API key, unsh_…: made in an account's settings (POST /api/account/keys) or by the operator (`unshell keys create`)",
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie set by POST /api/account/login',
        },
      },
    },
  };
}
