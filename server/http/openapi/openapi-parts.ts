// What the parts of the OpenAPI document share: the error body, the rate headers, and the reusable error responses.
import { z } from 'zod';
import { jsonSchemaOf } from '../../../engine/app/contract/json-schema.js';
import { ERROR_STATUS } from '../../../engine/errors/service-error.js';

export type Paths = Record<string, Record<string, unknown>>;

export const json = jsonSchemaOf;

/** `/api/public/entity/:id` → `/api/public/entity/{id}` */
export const openApiPath = (p: string): string => p.replace(/:([A-Za-z_]+)/g, '{$1}');

/** The `:name` segments of a route. */
export const pathParamsOf = (route: string): string[] =>
  [...route.matchAll(/:([A-Za-z_]+)/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]));

export const ErrorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...Array<keyof typeof ERROR_STATUS>]),
    message: z.string().describe('Names the value at fault'),
    param: z.string().optional(),
  }),
});

/** Rate-limit headers on every answer of /api/public (README: API keys and limits); Retry-After on 429 only. */
export const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'X-Credits-Cost'] as const;

export const headerRefs = (names: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

const integerHeader = (description: string): Record<string, unknown> => ({
  description,
  schema: { type: 'integer', minimum: 0 },
});

export const HEADERS = {
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

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 414 | 422 | 429 | 431 | 500 | 503;

const RESPONSE_NAMES: Record<ErrorStatus, [string, string]> = {
  400: ['BadRequest', 'A parameter or body the operation cannot take (`invalid_parameter`, `missing_parameter`)'],
  401: ['Unauthorized', 'An unknown or revoked API key, or no session where one is needed'],
  402: ['PaymentRequired', 'A checkout session that is not paid yet'],
  403: ['Forbidden', 'An access token, CSRF token or origin this operation does not accept'],
  404: ['NotFound', 'No such entity, company, session or path'],
  405: ['MethodNotAllowed', 'A method the path does not serve; `Allow` lists those it does'],
  409: ['Conflict', "A change the account's plan does not allow"],
  413: ['PayloadTooLarge', "A body or batch over the caller's limit"],
  414: ['UriTooLong', "A request line over the server's limit, refused before routing"],
  422: ['NotApplicable', 'An operation that does not apply to this entity (company details of a person)'],
  429: ['RateLimited', "Over the caller's request rate (`Retry-After`), or over the plan's monthly credits"],
  431: ['HeadersTooLarge', "Request headers over the server's limit, refused before routing"],
  500: ['InternalError', 'A bug: logged, never detailed in the answer'],
  503: ['NotReady', 'The snapshot is still loading'],
};

/**
 * The error answers as reusable responses: each operation refers to them by status. Only those referred to are
 * written, and the yente routes have their own, whose body is yente's `{detail}`.
 */
export class ErrorResponses {
  readonly #used = new Map<string, Record<string, unknown>>();

  refs(statuses: readonly ErrorStatus[], body: 'error' | 'yente' = 'error'): Record<string, unknown> {
    return Object.fromEntries(statuses.map((status) => [String(status), this.#ref(status, body)]));
  }

  components(): Record<string, unknown> {
    return Object.fromEntries([...this.#used].sort(([a], [b]) => a.localeCompare(b)));
  }

  #ref(status: ErrorStatus, body: 'error' | 'yente'): { $ref: string } {
    const [base, description] = RESPONSE_NAMES[status];
    const name = body === 'yente' ? `Yente${base}` : base;
    if (!this.#used.has(name)) {
      const headers = status === 429 ? [...RATE_HEADERS, 'Retry-After'] : RATE_HEADERS;
      const schema = { $ref: `#/components/schemas/${body === 'yente' ? 'YenteError' : 'Error'}` };
      this.#used.set(name, {
        description,
        headers: headerRefs(headers),
        content: { 'application/json': { schema } },
      });
    }
    return { $ref: `#/components/responses/${name}` };
  }
}
