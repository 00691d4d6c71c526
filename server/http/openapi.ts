// The OpenAPI 3.1 document, generated from the same zod schemas the handlers validate with.
import { z } from 'zod';
import type { Capability } from '../../engine/capabilities/capability.js';
import { ERROR_STATUS } from '../../engine/errors/service-error.js';

const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...Array<keyof typeof ERROR_STATUS>]),
    message: z.string().describe('Names the value at fault'),
    param: z.string().optional(),
  }),
});

const json = (schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> => {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete s.$schema;
  return s;
};

/** `/api/public/entity/:id` → `/api/public/entity/{id}` */
const openApiPath = (p: string): string => p.replace(/:([A-Za-z_]+)/g, '{$1}');

export function openApiDocument(capabilities: readonly Capability[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorResponse = { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  for (const c of capabilities) {
    const pathParams = [...c.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
    const props = json(c.input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const op: Record<string, unknown> = {
      operationId: c.tool ?? c.title.toLowerCase().replace(/\W+/g, '_'),
      summary: c.title,
      description: c.description,
      'x-credits-cost': c.cost,
      ...(c.tool === null ? {} : { 'x-mcp-tool': c.tool }),
      responses: {
        [String(c.status ?? 200)]: { description: 'Success', content: { 'application/json': { schema: json(c.output, 'output') } } },
        ...Object.fromEntries([400, 401, 404, ...(c.errors ?? []), 429, 500, 503].map((status) => [String(status), errorResponse])),
      },
    };
    if (c.method === 'GET') {
      op.parameters = Object.entries(props.properties ?? {}).map(([name, schema]) => ({
        name,
        in: pathParams.includes(name) ? 'path' : 'query',
        required: pathParams.includes(name) || (props.required ?? []).includes(name),
        schema,
        ...(typeof (schema as { description?: unknown }).description === 'string' ? { description: (schema as { description: string }).description } : {}),
      }));
    } else {
      op.parameters = pathParams.map((name) => ({ name, in: 'path', required: true, schema: props.properties?.[name] ?? { type: 'string' } }));
      op.requestBody = { required: true, content: { 'application/json': { schema: props } } };
    }
    (paths[openApiPath(c.path)] ??= {})[c.method.toLowerCase()] = op;
  }
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
    components: { schemas: { Error: json(ErrorSchema, 'output') } },
  };
}
