// Gathers an operation's raw input from a request: path parameters, query string, or a JSON body.
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Capability } from '../../engine/app/contract/capability.js';
import { ServiceError } from '../../engine/errors/service-error.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The schema type behind optional/default wrappers, to know which query strings to read as numbers. */
function baseType(schema: z.ZodType): string {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable)
      s = s.unwrap() as z.ZodType;
    else return s.def.type;
  }
}

/**
 * Query strings are all text; a numeric parameter is converted only when the text is a plain number, so that
 * `limit=abc` still reaches the schema as text and fails there with the value named.
 */
export function queryInput(capability: Capability, query: Record<string, unknown>): Record<string, unknown> {
  const shape = capability.input.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    let v = query[key];
    if (v === undefined) continue;
    if (Array.isArray(v)) {
      if (baseType(schema) !== 'array')
        throw new ServiceError('invalid_parameter', `${key} is given more than once`, key);
    } else if (typeof v === 'string' && baseType(schema) === 'number' && /^-?\d+(\.\d+)?$/.test(v.trim())) {
      v = Number(v);
    }
    out[key] = v;
  }
  return out;
}

const MIB = 1024 * 1024;

/** The body as sent, byte for byte (a webhook's signature is over these bytes), at most 1 MiB unless `maxBytes`. */
export async function readRawBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const limit = `${Math.round((maxBytes / MIB) * 10) / 10} MiB`;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes)
    throw new ServiceError('payload_too_large', `request body of ${declared} bytes exceeds ${limit}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new ServiceError('payload_too_large', `request body exceeds ${limit}`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Input fields a capability takes from headers: the access token may come as `X-Access-Token` instead of the query. */
export function headerInput(capability: Capability, headers: IncomingMessage['headers']): Record<string, unknown> {
  const token = headers['x-access-token'];
  return 'access_token' in capability.input.shape && typeof token === 'string' ? { access_token: token } : {};
}

/** True when every input field is a path parameter: such a POST needs no body (claim). */
export function takesNoBody(capability: Capability): boolean {
  return Object.keys(capability.input.shape).every((key) => capability.path.includes(`:${key}`));
}

/** `optional`: an empty body reads as `{}` (a POST whose input is all in its path). */
export async function readJsonBody(req: IncomingMessage, optional = false): Promise<unknown> {
  const text = (await readRawBody(req)).toString('utf8');
  if (text.trim() === '' && optional) return {};
  if (text.trim() === '') throw new ServiceError('missing_parameter', 'a JSON request body is required', '(body)');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ServiceError('invalid_parameter', `request body is not valid JSON: ${(err as Error).message}`, '(body)');
  }
}
