// The yente-compatible matching API under /api/public/yente: match, search, entities, catalog and algorithms,
// answered in yente's shapes with its error body, `{"detail": "…"}`, so that a yente client only changes its URL.
import type { App, Request, Response } from '@tinyhttp/app';
import type { Corpus } from '../../engine/corpus.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { requireEntity } from '../../engine/app/views/entity-views.js';
import { algorithmsResponse } from '../../engine/app/yente/yente-algorithms.js';
import { yenteCatalog } from '../../engine/app/yente/yente-catalog.js';
import { parseMatchRequest, yenteMatch } from '../../engine/app/yente/yente-match-request.js';
import { nestedEntity } from '../../engine/app/yente/yente-nested.js';
import { yenteSearch } from '../../engine/app/yente/yente-search.js';
import { yenteEntity } from '../../engine/app/yente/yente-entity.js';
import { YENTE_OPERATIONS, YENTE_PREFIX, type YenteOperationId } from '../../engine/app/yente/yente-operations.js';
import type { AccessLayer } from './access-middleware.js';
import { readJsonBody } from './request-input.js';
import { sendError, sendJson } from './responses.js';
import type { RouteTable } from './route-table.js';

export interface YenteRouteOptions {
  corpus: () => Corpus | null;
  gate: AccessLayer;
  log: (line: string) => void;
}

type Handler = (req: Request, res: Response, corpus: Corpus) => Promise<{ body: unknown; cost: number }>;

export function yenteRoutes(app: App, routes: RouteTable, options: YenteRouteOptions): void {
  const { gate, log } = options;
  /** Charges `cost` credits (a match charges per query once its body is read), answers, meters, as every route does. */
  const serve =
    (handler: Handler) =>
    async (req: Request, res: Response): Promise<void> => {
      let cost = 0;
      let answer: () => void;
      try {
        const corpus = options.corpus();
        if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
        const result = await handler(req, res, corpus);
        cost = result.cost;
        answer = () => sendJson(res, 200, result.body, cost);
      } catch (err) {
        if (err instanceof ChargedError) cost = err.cost;
        const cause = err instanceof ChargedError ? err.cause : err;
        answer = () => sendError(res, cause, cost, log);
      }
      try {
        await gate.meter(req, cost);
      } catch (err) {
        return sendError(res, err, cost, log);
      }
      answer();
    };
  /** Charges before the work, so that a caller out of credits is refused before it is served. */
  const charged = async <T>(
    req: Request,
    credits: number,
    work: () => T | Promise<T>,
  ): Promise<{ body: T; cost: number }> => {
    const cost = gate.charge(req, credits);
    try {
      return { body: await work(), cost };
    } catch (err) {
      throw new ChargedError(err, cost);
    }
  };

  const handlers: Record<YenteOperationId, Handler> = {
    yente_catalog: async (req, _res, corpus) => charged(req, 0, () => yenteCatalog(corpus)),
    yente_algorithms: async (req) => charged(req, 0, () => algorithmsResponse()),
    yente_healthz: async (req) => charged(req, 0, () => ({ status: 'ok' })),
    yente_readyz: async (req) => charged(req, 0, () => ({ status: 'ok' })),
    yente_search: async (req, _res, corpus) =>
      charged(req, 1, () => yenteSearch(corpus, req.params['dataset'] ?? '', req.query)),
    yente_entity: async (req, res, corpus) =>
      charged(req, 1, () => {
        const id = req.params['id'] ?? '';
        const ix = requireEntity(corpus, id);
        const entity = nestedEntityOrFlat(corpus, ix, req.query['nested']);
        // A merged record's id answers with its cluster's canonical entity, where yente redirects (308) to it.
        if (entity.id !== id)
          res.setHeader('Content-Location', `${YENTE_PREFIX}/entities/${encodeURIComponent(entity.id)}`);
        return entity;
      }),
    yente_match: async (req, _res, corpus) => {
      const caller = gate.callerOf(req);
      let request;
      try {
        const body = await readJsonBody(req);
        request = parseMatchRequest(corpus, req.params['dataset'] ?? '', req.query, body, caller.batchLimit);
      } catch (err) {
        // A request refused before matching costs what one call does.
        throw new ChargedError(err, gate.charge(req, 1));
      }
      return charged(req, request.queries.length, () => yenteMatch(corpus, request));
    },
  };
  for (const op of YENTE_OPERATIONS) {
    const path = `${YENTE_PREFIX}${op.path}`;
    routes.add(op.method, path);
    if (op.method === 'GET') app.get(path, serve(handlers[op.id]));
    else app.post(path, serve(handlers[op.id]));
  }
}

/** An error thrown after credits were set aside: what the answer costs travels with it. */
class ChargedError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly cost: number,
  ) {
    super('charged');
  }
}

/** yente's `nested` flag: adjacent entities nested in the answer unless it is false. */
function nestedEntityOrFlat(corpus: Corpus, ix: number, nested: unknown): ReturnType<typeof nestedEntity> {
  if (nested === undefined || nested === 'true' || nested === '1') return nestedEntity(corpus, ix);
  if (nested === 'false' || nested === '0') return yenteEntity(corpus, ix);
  throw new ServiceError('invalid_parameter', `nested must be true or false (got ${JSON.stringify(nested)})`, 'nested');
}
