// GET /api/public/export/{id}: an entity's neighbourhood as FollowTheMoney JSON lines, BODS 0.4 statements, GEXF or GraphML.
import type { App, Request, Response } from '@tinyhttp/app';
import { toParameterError } from '../../engine/app/contract/validate.js';
import { EXPORT_PATH, ExportParamsSchema, exportNeighbourhood } from '../../engine/app/export/export-request.js';
import type { Corpus } from '../../engine/corpus.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import type { AccessLayer } from './access-middleware.js';
import { sendError } from './responses.js';
import type { RouteTable } from './route-table.js';

export interface ExportRouteOptions {
  corpus: () => Corpus | null;
  gate: AccessLayer;
  log: (line: string) => void;
}

export function exportRoute(app: App, routes: RouteTable, options: ExportRouteOptions): void {
  const { gate, log } = options;
  routes.add('GET', EXPORT_PATH);
  app.get(EXPORT_PATH, async (req: Request, res: Response) => {
    let cost = 0;
    let body: string;
    let mediaType: string;
    let truncated: boolean;
    try {
      const corpus = options.corpus();
      if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
      cost = gate.charge(req, 1);
      const raw = { ...req.query, id: req.params['id'] };
      const params = ExportParamsSchema.safeParse(raw);
      if (!params.success) throw toParameterError(params.error, raw);
      const doc = exportNeighbourhood(corpus, params.data, new Date().toISOString().slice(0, 10));
      // A neighbourhood is capped (MAX_EXPORT_RECORDS): its document is built whole, then sent.
      if (doc.layout === 'text') {
        body = doc.text;
      } else {
        const parts: string[] = [];
        for (const item of doc.items) parts.push(JSON.stringify(item));
        body =
          doc.layout === 'lines' ? (parts.length === 0 ? '' : `${parts.join('\n')}\n`) : `[${parts.join(',\n')}]\n`;
      }
      mediaType = doc.mediaType;
      truncated = doc.truncated;
      await gate.meter(req, cost);
    } catch (err) {
      sendError(res, err, cost, log);
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', mediaType);
    res.setHeader('X-Credits-Cost', String(cost));
    res.setHeader('X-Export-Truncated', String(truncated));
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(body);
  });
}
