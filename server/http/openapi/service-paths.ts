// What the server serves besides the API's operations: health, the document itself, the Stripe webhook, the checkout
// pages a buyer opens, and the web app's pages.
import { STRIPE_WEBHOOK_PATH } from '../payment-routes.js';
import { PAGE_ROUTES } from '../web-pages.js';
import {
  RATE_HEADERS,
  headerRefs,
  openApiPath,
  pathParamsOf,
  type ErrorResponses,
  type ErrorStatus,
  type Paths,
} from './openapi-parts.js';

const html = { 'text/html': { schema: { type: 'string' } } };

/** What every request may be answered before any route sees it (server/http/request-guard.ts). */
const GUARDED: readonly ErrorStatus[] = [414, 431];

const pathParameters = (route: string): Record<string, unknown>[] =>
  pathParamsOf(route).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

/** The buyer's test-mode checkout pages (server/http/checkout-pages.ts, purchase-pages.ts), public by their link. */
const CHECKOUT_PAGES = [
  ['get', '/checkout/test/:session_id', 'checkout_test_page', 'The test-mode checkout page of a session (TEST MODE)'],
  ['post', '/checkout/test/:session_id/pay', 'checkout_test_pay', "The test-mode page's pay button: no money moves"],
  [
    'get',
    '/checkout/complete/:session_id',
    'checkout_complete_page',
    'Where the payment provider sends the buyer back',
  ],
  ['get', '/checkout/cancelled/:session_id', 'checkout_cancelled_page', 'Where a cancelled checkout lands'],
] as const;

export function servicePaths(paths: Paths, errors: ErrorResponses): void {
  paths['/healthz'] = {
    get: {
      operationId: 'healthz',
      summary: 'Liveness',
      description: 'The process is up. Not counted against limits.',
      tags: ['service'],
      security: [{}],
      responses: {
        '200': {
          description: 'Up',
          content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'ok' } } } } },
        },
        ...errors.refs(GUARDED),
      },
    },
  };
  paths['/readyz'] = {
    get: {
      operationId: 'readyz',
      summary: 'Readiness',
      description:
        'The snapshot is loaded and its journal replayed: its id, build time and entity count, and the live data ' +
        '(journal, register, streams). 503 `not_ready` while loading.',
      tags: ['service'],
      security: [{}],
      responses: {
        '200': { description: 'Ready', content: { 'application/json': { schema: { type: 'object' } } } },
        ...errors.refs([...GUARDED, 503]),
      },
    },
  };
  paths['/api/public/openapi.json'] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of everything this server serves. Costs nothing.',
      tags: ['service'],
      'x-credits-cost': 0,
      responses: {
        '200': {
          description: 'The document',
          headers: headerRefs(RATE_HEADERS),
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        ...errors.refs([429]),
      },
    },
  };
  paths[STRIPE_WEBHOOK_PATH] = {
    post: {
      operationId: 'stripe_webhook',
      summary: "Stripe's events",
      description:
        "Stripe's webhook: checkout sessions completed and expired, subscriptions and invoices of accounts. The body is " +
        'checked against `Stripe-Signature` with the endpoint secret (UNSHELL_STRIPE_WEBHOOK_SECRET); each event is ' +
        'applied once however often Stripe sends it.',
      tags: ['webhooks'],
      security: [{}],
      parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        '200': { description: 'Received', content: { 'application/json': { schema: { type: 'object' } } } },
        ...errors.refs([400, 500]),
      },
    },
  };
  for (const [method, route, id, summary] of CHECKOUT_PAGES)
    (paths[openApiPath(route)] ??= {})[method] = {
      operationId: id,
      summary,
      description: `${summary}. An HTML page for the buyer's browser; test mode only where it says so.`,
      tags: ['checkout pages'],
      security: [{}],
      parameters: pathParameters(route),
      responses: {
        '200': { description: 'The page', content: html },
        '404': { description: 'No such session: a page saying so', content: html },
      },
    };
  for (const route of PAGE_ROUTES)
    paths[openApiPath(route)] = {
      get: {
        operationId: `web_${route === '/' ? 'home' : route.slice(1).replace(/\/:?/g, '_')}`,
        summary: `Web app: ${route}`,
        description: "The web app's page shell; the page reads the public API from the browser.",
        tags: ['web app'],
        security: [{}],
        parameters: pathParameters(route),
        responses: { '200': { description: 'The page', content: html }, ...errors.refs(GUARDED) },
      },
    };
  paths['/assets/{file}'] = {
    get: {
      operationId: 'web_asset',
      summary: "The web app's bundled files",
      description: 'Scripts, styles and fonts of the web app, named by their content and cached for a year.',
      tags: ['web app'],
      security: [{}],
      parameters: pathParameters('/assets/:file'),
      responses: {
        '200': { description: 'The file', content: { '*/*': { schema: { type: 'string' } } } },
        '404': { description: 'No such file' },
      },
    },
  };
}
