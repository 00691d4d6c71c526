// The OpenAPI 3.1 document of everything the server serves, generated from the same zod schemas the handlers validate with.
import type { Capability } from '../../../engine/app/contract/capability.js';
import { YenteErrorSchema } from '../../../engine/app/yente/yente-operations.js';
import { SESSION_COOKIE } from '../account-operations.js';
import { accountPaths } from './account-paths.js';
import { capabilityPaths } from './capability-paths.js';
import { interopPaths } from './interop-paths.js';
import { ErrorResponses, ErrorSchema, HEADERS, json, type Paths } from './openapi-parts.js';
import { servicePaths } from './service-paths.js';
import { yentePaths } from './yente-paths.js';

const TAGS: readonly { name: string; description: string }[] = [
  {
    name: 'intelligence',
    description: 'Entities, ownership, sanctions and offshore exposure: the capabilities, each also an MCP tool',
  },
  { name: 'dossier purchase', description: 'Prices, checkout and claim of the paid report' },
  { name: 'screening', description: 'A list screened row by row' },
  { name: 'yente', description: 'The OpenSanctions matching API (yente), for its clients' },
  { name: 'reconciliation', description: 'OpenRefine reconciliation (Reconciliation Service API 0.2)' },
  { name: 'export', description: 'FollowTheMoney, BODS 0.4, GEXF and GraphML of a neighbourhood' },
  { name: 'mcp', description: 'The MCP tool server over Streamable HTTP' },
  { name: 'account', description: "People's accounts: sign-up, sessions, API keys, usage, plans and packs" },
  { name: 'service', description: 'Health, readiness and this document' },
  { name: 'webhooks', description: 'Events from the payment provider' },
  { name: 'checkout pages', description: "The buyer's checkout pages (HTML)" },
  { name: 'web app', description: "The web app's pages and files (HTML)" },
];

/** `publicUrl`: where the server is reached (UNSHELL_PUBLIC_URL), the document's one server. */
export function openApiDocument(
  capabilities: readonly Capability[],
  version: string,
  publicUrl: string,
): Record<string, unknown> {
  const paths: Paths = {};
  const errors = new ErrorResponses();
  capabilityPaths(paths, errors, capabilities);
  accountPaths(paths, errors);
  yentePaths(paths, errors);
  interopPaths(paths, errors);
  servicePaths(paths, errors);
  return {
    openapi: '3.1.0',
    info: {
      title: 'unshell',
      version,
      description:
        'Open corporate- and offshore-intelligence service: entities, ownership, sanctions and offshore exposure across UK Companies House, ' +
        'ICIJ Offshore Leaks, GLEIF and the OFAC, EU, UN and UK sanctions lists. Every response carries X-Credits-Cost; errors share one shape.',
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: publicUrl, description: 'This server' }],
    tags: TAGS,
    paths,
    // Anonymous or with an API key: the key lifts the rate and batch limits.
    security: [{}, { apiKey: [] }],
    components: {
      schemas: { Error: json(ErrorSchema, 'output'), YenteError: json(YenteErrorSchema, 'output') },
      responses: errors.components(),
      headers: HEADERS,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "An API key, unsh_…: made in an account's settings (POST /api/account/keys) or by the operator (`unshell keys create`)",
        },
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Access-Token',
          description:
            "A dossier's access token, from claiming a paid checkout: unlocks the report of one entity's cluster (also as access_token in the query)",
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
