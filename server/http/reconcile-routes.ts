// The OpenRefine reconciliation service (Reconciliation Service API 0.2) under /api/public/reconcile: the manifest,
// query batches, data extension, suggest, property proposals and previews, with CORS as every public route has.
import type { IncomingMessage } from 'node:http';
import type { App, Request, Response } from '@tinyhttp/app';
import { extend, parseExtendQuery } from '../../engine/app/reconcile/reconcile-extend.js';
import { parseReconBatch, reconcile } from '../../engine/app/reconcile/reconcile-queries.js';
import {
  RECONCILE_PATH,
  manifest,
  previewHtml,
  proposeProperties,
  suggestEntities,
  suggestProperties,
  suggestTypes,
} from '../../engine/app/reconcile/reconcile-service.js';
import type { Config } from '../../engine/app/config.js';
import type { Corpus } from '../../engine/corpus.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import type { AccessLayer } from './access-middleware.js';
import { readRawBody } from './request-input.js';
import { sendError, sendHtml, sendJson } from './responses.js';
import type { RouteTable } from './route-table.js';

export interface ReconcileRouteOptions {
  corpus: () => Corpus | null;
  gate: AccessLayer;
  config: Config;
  version: string;
  log: (line: string) => void;
}

/** A JSONP callback name, for clients that still ask with `callback=`: an identifier path, nothing that runs. */
const CALLBACK = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

type Answer = { json: unknown; cost: number } | { html: string; cost: number };

/** What one value of the query string is: absent, or its single value; a repeated one is refused. */
function single(query: Request['query'], name: string): string | undefined {
  const v = query[name];
  if (v === undefined || typeof v === 'string') return v;
  throw new ServiceError('invalid_parameter', `${name} is given more than once`, name);
}

function limitOf(query: Request['query']): number | undefined {
  const raw = single(query, 'limit');
  if (raw === undefined) return undefined;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1)
    throw new ServiceError('invalid_parameter', `limit must be a whole number from 1 (got "${raw}")`, 'limit');
  return Number(raw);
}

/** The form of a POST (`queries=…` or `extend=…`, as OpenRefine sends it), or its JSON body. */
async function formOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readRawBody(req)).toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/json') {
    try {
      const value = JSON.parse(text) as unknown;
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch (err) {
      throw new ServiceError(
        'invalid_parameter',
        `request body is not valid JSON: ${(err as Error).message}`,
        '(body)',
      );
    }
    throw new ServiceError('invalid_parameter', 'request body must be a JSON object', '(body)');
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export function reconcileRoutes(app: App, routes: RouteTable, options: ReconcileRouteOptions): void {
  const { gate, log, config } = options;
  /** Where the client reached the service: the configured public URL, unless it names no real port. */
  const baseOf = (req: IncomingMessage): string =>
    new URL(config.publicUrl).port === '0' && req.headers.host !== undefined
      ? `http://${req.headers.host}`
      : config.publicUrl;

  const batchOrManifest = (req: IncomingMessage, corpus: Corpus, fields: Record<string, unknown>): Answer => {
    const caller = gate.callerOf(req);
    const extendField = fields['extend'];
    if (extendField !== undefined && extendField !== '') {
      const query = parseExtendQuery(extendField);
      if (query.ids.length > caller.batchLimit)
        throw new ServiceError(
          'batch_too_large',
          `an extend batch of ${query.ids.length} ids exceeds this caller's limit of ${caller.batchLimit}`,
          'extend',
        );
      return { json: extend(corpus, query), cost: Math.max(1, query.ids.length) };
    }
    const queries = fields['queries'];
    if (queries === undefined || queries === '') {
      const base = baseOf(req);
      return { json: manifest(base, base, options.version), cost: 0 };
    }
    const batch = parseReconBatch(queries);
    const size = Object.keys(batch).length;
    if (size > caller.batchLimit)
      throw new ServiceError(
        'batch_too_large',
        `a batch of ${size} queries exceeds this caller's limit of ${caller.batchLimit}`,
        'queries',
      );
    return { json: reconcile(corpus, batch), cost: Math.max(1, size) };
  };

  const serve =
    (handler: (req: Request, corpus: Corpus) => Promise<Answer> | Answer) =>
    async (req: Request, res: Response): Promise<void> => {
      let cost = 0;
      let respond: () => void;
      try {
        const corpus = options.corpus();
        if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
        const callback = single(req.query, 'callback');
        if (callback !== undefined && !CALLBACK.test(callback))
          throw new ServiceError('invalid_parameter', 'callback must be a JavaScript identifier', 'callback');
        const answer = await handler(req, corpus);
        cost = gate.charge(req, answer.cost);
        respond =
          'html' in answer
            ? () => sendHtml(res, 200, answer.html, cost)
            : callback === undefined
              ? () => sendJson(res, 200, answer.json, cost)
              : () => {
                  res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
                  res.setHeader('X-Credits-Cost', String(cost));
                  res.end(`/**/${callback}(${JSON.stringify(answer.json)});`);
                };
      } catch (err) {
        respond = () => sendError(res, err, cost, log);
      }
      try {
        await gate.meter(req, cost);
      } catch (err) {
        sendError(res, err, cost, log);
        return;
      }
      respond();
    };

  const get = (path: string, handler: (req: Request, corpus: Corpus) => Answer): void => {
    routes.add('GET', path);
    app.get(path, serve(handler));
  };
  get(RECONCILE_PATH, (req, corpus) => batchOrManifest(req, corpus, req.query));
  routes.add('POST', RECONCILE_PATH);
  app.post(
    RECONCILE_PATH,
    serve(async (req, corpus) => batchOrManifest(req, corpus, await formOf(req))),
  );
  get(`${RECONCILE_PATH}/suggest/entity`, (req, corpus) => ({
    json: suggestEntities(corpus, single(req.query, 'prefix') ?? '', limitOf(req.query)),
    cost: 1,
  }));
  get(`${RECONCILE_PATH}/suggest/type`, (req) => ({ json: suggestTypes(single(req.query, 'prefix') ?? ''), cost: 0 }));
  get(`${RECONCILE_PATH}/suggest/property`, (req) => ({
    json: suggestProperties(single(req.query, 'prefix') ?? ''),
    cost: 0,
  }));
  get(`${RECONCILE_PATH}/extend/propose`, (req) => ({
    json: proposeProperties(single(req.query, 'type'), limitOf(req.query)),
    cost: 0,
  }));
  get(`${RECONCILE_PATH}/preview`, (req, corpus) => {
    const id = single(req.query, 'id');
    if (id === undefined || id === '') throw new ServiceError('missing_parameter', 'id is required', 'id');
    const ix = corpus.entities.indexOf(id);
    if (ix === undefined) throw new ServiceError('not_found', `entity "${id}" not found`);
    return { html: previewHtml(corpus, ix, baseOf(req)), cost: 0 };
  });
}
