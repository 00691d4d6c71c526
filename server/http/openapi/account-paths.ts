// The account operations under /api/account: a session cookie (with its CSRF token for changes) or an API key.
import { ACCOUNT_OPERATIONS, ACCOUNT_PREFIX } from '../account-operations.js';
import { json, openApiPath, type ErrorResponses, type ErrorStatus, type Paths } from './openapi-parts.js';

export function accountPaths(paths: Paths, errors: ErrorResponses): void {
  for (const a of Object.values(ACCOUNT_OPERATIONS)) {
    const statuses: ErrorStatus[] = a.auth === 'none' ? [400, 401, 403, 429, 500] : [400, 401, 403, 404, 409, 500];
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
        ...errors.refs(statuses),
      },
    };
  }
}
