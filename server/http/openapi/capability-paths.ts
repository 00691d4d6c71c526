// The operations of the capability registry: one per capability, from the zod schemas its route validates with.
import type { Capability } from '../../../engine/app/contract/capability.js';
import {
  RATE_HEADERS,
  headerRefs,
  json,
  openApiPath,
  pathParamsOf,
  type ErrorResponses,
  type Paths,
} from './openapi-parts.js';

/** A dossier's report is unlocked by an access token (`X-Access-Token` or `access_token`), besides the API key. */
const TOKEN_SECURITY = [{}, { apiKey: [] }, { accessToken: [] }, { apiKey: [], accessToken: [] }];

export function capabilityPaths(paths: Paths, errors: ErrorResponses, capabilities: readonly Capability[]): void {
  for (const c of capabilities) {
    const pathParams = pathParamsOf(c.path);
    const props = json(c.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const op: Record<string, unknown> = {
      operationId: c.tool ?? c.title.toLowerCase().replace(/\W+/g, '_'),
      summary: c.title,
      description: c.description,
      'x-credits-cost': c.cost,
      ...(c.tool === null ? {} : { 'x-mcp-tool': c.tool }),
      tags: [
        c.path.startsWith('/api/public/checkout') || c.path === '/api/public/pricing'
          ? 'dossier purchase'
          : 'intelligence',
      ],
      ...('access_token' in c.input.shape ? { security: TOKEN_SECURITY } : {}),
      responses: {
        [String(c.status ?? 200)]: {
          description: 'Success',
          headers: headerRefs(RATE_HEADERS),
          content: {
            [c.produces ?? 'application/json']: { schema: json(c.output, 'output') },
            ...(c.table === undefined ? {} : { 'text/csv': { schema: { type: 'string' } } }),
          },
        },
        ...errors.refs([400, 401, 404, ...(c.errors ?? []), 429, 500, 503]),
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
}
