// The HTTP adapter: one tinyhttp route per capability, health, readiness, the OpenAPI document and the web app's pages.
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { App, type NextFunction, type Request, type Response } from '@tinyhttp/app';
import type { Access } from '../../engine/app/accounts/access.js';
import type { AccountService } from '../../engine/app/accounts/account-service.js';
import type { AccountBilling } from '../../engine/app/billing/account-billing.js';
import type { StripeAccountEvents } from '../../engine/app/external/stripe-account-events.js';
import { requireEntity } from '../../engine/app/views/entity-views.js';
import type { Capability, Context } from '../../engine/app/contract/capability.js';
import { parseInput } from '../../engine/app/contract/validate.js';
import type { Config } from '../../engine/app/config.js';
import type { Corpus } from '../../engine/corpus.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import type { PaymentService } from '../../engine/app/billing/payment-service.js';
import type { LiveData } from '../../engine/app/live/live-data.js';
import { accessLayer } from './access-middleware.js';
import { openApiDocument } from './openapi/openapi-document.js';
import { STRIPE_WEBHOOK_PATH, paymentRoutes } from './payment-routes.js';
import { accountRoutes, sessionSecretOf } from './account-routes.js';
import { requestGuard } from './request-guard.js';
import { headerInput, queryInput, readJsonBody, takesNoBody } from './request-input.js';
import { sendError, sendHtml, sendJson } from './responses.js';
import { RouteTable } from './route-table.js';
import { webPages } from './web-pages.js';
import { yenteRoutes } from './yente-routes.js';
import { screenRoute } from './screen-route.js';
import { reconcileRoutes } from './reconcile-routes.js';
import { exportRoute } from './export-route.js';
import { mcpRoute } from './mcp-route.js';
import { sendCsv, wantsCsv } from './csv-answer.js';
import type { CheckpointStatus } from '../live-checkpoints.js';

export const PUBLIC_PREFIX = '/api/public';

/** What the adapter needs to know about the service: whether the corpus is loaded yet, and its live side. */
export interface ServiceState {
  corpus: Corpus | null;
  /** The journal, the registry on demand and the streams; null until the corpus is loaded (or in an embedded app). */
  live: LiveData | null;
  /** Set when loading failed; /readyz reports it. */
  loadError: string | null;
  /** The checkpoints of the live journal, when this process writes them. */
  checkpoints?: { status(): CheckpointStatus } | null;
}

export interface AppOptions {
  config: Config;
  state: ServiceState;
  capabilities: readonly Capability[];
  version: string;
  log: (line: string) => void;
  /** Checkout, claim, access tokens and the buyer's pages; without it those operations fail as bugs. */
  payments?: PaymentService;
  /** Keys, rate limits and metering (see access-middleware.ts); null serves everyone anonymously, unlimited. */
  access: Access | null;
  /** People's accounts under /api/account; without it those routes are not served. */
  accounts?: AccountService;
  /** What accounts buy (packs, plans) and the reports they unlocked. */
  billing?: AccountBilling;
  /** Stripe's events about accounts' purchases; absent in test mode. */
  accountEvents?: StripeAccountEvents;
}

/**
 * The one request extension the adapter uses: the parsed query string. tinyhttp's default extensions attach some
 * thirty closures and two property getters to every request and response (content negotiation, cookies, send
 * helpers this adapter never calls); skipping them roughly doubles the requests per second a route can answer.
 */
function queryOnly(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url ?? '/';
  const at = url.indexOf('?');
  req.query = at === -1 ? {} : parseQuery(url.slice(at + 1));
  next();
}

export function createApp(options: AppOptions): App {
  const { config, state, capabilities, log, payments } = options;
  const routes = new RouteTable();
  const app = new App({
    settings: { xPoweredBy: false },
    applyExtensions: queryOnly,
    noMatchHandler: (req: Request, res: Response) => {
      const method = req.method ?? 'GET';
      const allowed = routes.allowed(req.path);
      if (allowed.length === 0 || allowed.includes(method)) {
        sendError(res, new ServiceError('not_found', `path "${method} ${req.path}" not found`), 0, log);
        return;
      }
      const preflight = req.path.startsWith(`${PUBLIC_PREFIX}/`) ? ['OPTIONS'] : [];
      res.setHeader('Allow', [...allowed, ...preflight].join(', '));
      const message = `${method} is not served at "${req.path}"; it serves ${allowed.join(', ')}`;
      sendError(res, new ServiceError('method_not_allowed', message, '(method)'), 0, log);
    },
    onError: (err: unknown, _req: Request, res: Response) => sendError(res, err, 0, log),
  });
  // First of all: a path the router could not even decode is the caller's mistake, not a 500 from inside tinyhttp.
  app.use(requestGuard(log));

  // A global middleware rather than app.use(PUBLIC_PREFIX, …): tinyhttp drops route params after a prefixed one.
  app.use((req, res, next) => {
    if (!req.path.startsWith(`${PUBLIC_PREFIX}/`)) return next();
    // Public data: every origin may read it.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader(
      'Access-Control-Expose-Headers',
      'X-Credits-Cost, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Mcp-Session-Id',
    );
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Authorization, Content-Type, X-Access-Token, X-Page-View, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
      );
      res.setHeader('Access-Control-Max-Age', '86400');
      res.setHeader('X-Credits-Cost', '0');
      res.statusCode = 204;
      res.end();
      return;
    }
    next();
  });
  // Every /api/public request is counted, pricing and the OpenAPI document included; /healthz and /readyz are not.
  // A signed-in browser reads the reports its account unlocked on the public API too (its cookie goes with every
  // same-origin request); its limits stay those of its client.
  const accountService = options.accounts;
  const sessionAccount =
    accountService === undefined
      ? undefined
      : (req: IncomingMessage): string | undefined => {
          const secret = sessionSecretOf(req);
          return secret === undefined ? undefined : accountService.fromSession(secret, new Date())?.account.id;
        };
  const gate = accessLayer(options.access, config, log, sessionAccount);
  app.use((req, res, next) => (req.path.startsWith(`${PUBLIC_PREFIX}/`) ? gate.middleware(req, res, next) : next()));

  /** What a capability runs with for one request: the REST routes and the MCP endpoint build it the same way. */
  const contextFor = (req: IncomingMessage, corpus: Corpus): Context => ({
    corpus,
    config,
    caller: gate.callerOf(req),
    now: new Date(),
    ...(payments === undefined ? {} : { payments }),
    ...(options.billing === undefined ? {} : { entitlements: options.billing }),
    ...(state.live?.registry === undefined ? {} : { registry: state.live.registry }),
  });

  yenteRoutes(app, routes, { corpus: () => state.corpus, gate, log });
  screenRoute(app, routes, { corpus: () => state.corpus, gate, log });
  exportRoute(app, routes, { corpus: () => state.corpus, gate, log });
  reconcileRoutes(app, routes, { corpus: () => state.corpus, gate, config, version: options.version, log });
  mcpRoute(app, routes, {
    config,
    capabilities,
    version: options.version,
    gate,
    corpus: () => state.corpus,
    contextFor,
    log,
  });

  for (const route of ['/healthz', '/readyz', `${PUBLIC_PREFIX}/openapi.json`]) routes.add('GET', route);
  app.get('/healthz', (_req, res) => sendJson(res, 200, { status: 'ok' }, 0));
  app.get('/readyz', (_req, res) => {
    const c = state.corpus;
    const checkpoints = state.checkpoints ?? null;
    if (c !== null)
      return sendJson(
        res,
        200,
        {
          status: 'ready',
          snapshot: { id: c.info.snapshotId, built_at: c.info.builtAt },
          entities: c.entities.size,
          ...(state.live === null ? {} : { live: state.live.status() }),
          ...(checkpoints === null ? {} : { checkpoints: checkpoints.status() }),
        },
        0,
      );
    const message = state.loadError === null ? 'snapshot still loading' : `snapshot failed to load: ${state.loadError}`;
    return sendError(res, new ServiceError('not_ready', message), 0, log);
  });

  webPages(app, routes, {
    pageToken: (req) => gate.pageToken(req),
    https: config.publicUrl.startsWith('https://'),
  });

  let openapi: string | null = null;
  app.get(`${PUBLIC_PREFIX}/openapi.json`, (_req, res) => {
    openapi ??= JSON.stringify(openApiDocument(capabilities, options.version, config.publicUrl));
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('X-Credits-Cost', '0');
    res.end(openapi);
  });

  if (options.accounts !== undefined)
    accountRoutes(app, routes, {
      accounts: options.accounts,
      billing: options.billing ?? null,
      publicUrl: config.publicUrl,
      clusterOf: (id) => {
        const corpus = state.corpus;
        if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
        const { entities } = corpus;
        const ix = requireEntity(corpus, id);
        return { clusterId: entities.ids.at(entities.cluster(ix)) ?? id, name: entities.names.at(ix) ?? id };
      },
      secureCookies: config.publicUrl.startsWith('https://'),
      trustProxy: config.trustProxy,
      log,
    });

  if (payments !== undefined) {
    paymentRoutes(app, {
      payments,
      billing: options.billing ?? null,
      accountEvents: options.accountEvents ?? null,
      log,
    });
    routes.add('POST', STRIPE_WEBHOOK_PATH);
  }

  for (const capability of capabilities) {
    const handler = async (req: Request, res: Response): Promise<void> => {
      let answer: () => void;
      let cost = 0;
      try {
        // Who is calling is settled first: a key this server cannot hold is refused before anything is charged.
        gate.callerOf(req);
        cost = gate.charge(req, capability.cost);
        const corpus = state.corpus;
        if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
        const fromRequest =
          capability.method === 'GET'
            ? queryInput(capability, req.query)
            : await readJsonBody(req, takesNoBody(capability));
        if (
          capability.method !== 'GET' &&
          (fromRequest === null || typeof fromRequest !== 'object' || Array.isArray(fromRequest))
        ) {
          throw new ServiceError('invalid_parameter', 'request body must be a JSON object', '(body)');
        }
        const input = parseInput(capability, {
          ...headerInput(capability, req.headers),
          ...(fromRequest as Record<string, unknown>),
          ...req.params,
        });
        const csv = wantsCsv(req, capability);
        const body = await capability.run(contextFor(req, corpus), input);
        const status = capability.status ?? 200;
        const { table } = capability;
        answer =
          csv && table !== undefined
            ? () => sendCsv(res, status, table(body), capability.tool ?? 'answer', cost)
            : capability.produces === 'text/html' && typeof body === 'string'
              ? () => sendHtml(res, status, body, cost)
              : () => sendJson(res, status, body, cost);
      } catch (err) {
        answer = () => sendError(res, err, cost, log);
      }
      // Metered before the answer leaves, errors included, at the cost X-Credits-Cost announces.
      try {
        await gate.meter(req, cost);
      } catch (err) {
        return sendError(res, err, cost, log);
      }
      answer();
    };
    routes.add(capability.method, capability.path);
    if (capability.method === 'GET') app.get(capability.path, handler);
    else app.post(capability.path, handler);
  }
  return app;
}
