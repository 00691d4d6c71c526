// POST /api/public/screen: a list uploaded as CSV or JSON lines, screened row by row, results streamed back as each
// row is screened, one credit per row.
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { setImmediate as turn } from 'node:timers/promises';
import type { App, Request, Response } from '@tinyhttp/app';
import { toParameterError } from '../../engine/app/contract/validate.js';
import { parseColumnMapping, resolveColumns } from '../../engine/app/screening/screening-columns.js';
import { readRows, type InputRow } from '../../engine/app/screening/screening-input.js';
import { headerLine, resultLine } from '../../engine/app/screening/screening-output.js';
import { screenRows } from '../../engine/app/screening/screen-rows.js';
import { ScreeningRun } from '../../engine/app/screening/screening.js';
import {
  MAX_UPLOAD_BYTES,
  MEDIA_TYPE_OF,
  ROWS_PER_BATCH,
  SCREEN_PATH,
  ScreenParamsSchema,
  uploadFormat,
} from '../../engine/app/screening/screen-request.js';
import type { Corpus } from '../../engine/corpus.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import type { AccessLayer } from './access-middleware.js';
import { readRawBody } from './request-input.js';
import { sendError } from './responses.js';
import type { RouteTable } from './route-table.js';

/** Rows screened between two turns of the event loop, so that a long list never holds up other requests. */
const ROWS_PER_TURN = 25;

export interface ScreenRouteOptions {
  corpus: () => Corpus | null;
  gate: AccessLayer;
  log: (line: string) => void;
}

export function screenRoute(app: App, routes: RouteTable, options: ScreenRouteOptions): void {
  const { gate, log } = options;
  routes.add('POST', SCREEN_PATH);
  app.post(SCREEN_PATH, async (req: Request, res: Response) => {
    let cost = 0;
    let rows: InputRow[];
    let run: ScreeningRun;
    let format: 'csv' | 'jsonl';
    let mapping;
    try {
      const corpus = options.corpus();
      if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
      const caller = gate.callerOf(req);
      const params = ScreenParamsSchema.safeParse(req.query);
      if (!params.success) throw toParameterError(params.error, req.query);
      const input = uploadFormat(req.headers['content-type']);
      format = params.data.format ?? input;
      mapping = parseColumnMapping(params.data.columns);
      run = new ScreeningRun(corpus, { ...params.data, mapping });
      const body = await readRawBody(req, MAX_UPLOAD_BYTES);
      rows = [];
      for await (const row of readRows(Readable.from([body]), input)) rows.push(row);
      const limit = caller.batchLimit * ROWS_PER_BATCH;
      if (rows.length > limit)
        throw new ServiceError(
          'batch_too_large',
          `an upload of ${rows.length} rows exceeds this caller's limit of ${limit}${caller.keyed ? '' : ' (anonymous; an API key allows more)'}`,
          '(body)',
        );
      if (rows.length === 0) throw new ServiceError('invalid_parameter', 'the upload holds no rows', '(body)');
      // A mapped column the file lacks is refused before any row is screened or charged.
      const first = rows.find((r) => !('problem' in r));
      if (first !== undefined && !('problem' in first))
        run.useColumns(resolveColumns(Object.keys(first.values), mapping));
      cost = gate.charge(req, rows.length);
      // Metered before the answer starts: a stream cut short has still been served.
      await gate.meter(req, cost);
    } catch (err) {
      // A refused upload costs what one call does, metered as every answer is.
      let answer = err;
      try {
        if (cost === 0) cost = gate.charge(req, 1);
        await gate.meter(req, cost);
      } catch (refused) {
        answer = refused;
      }
      sendError(res, answer, cost, log);
      return;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', MEDIA_TYPE_OF[format]);
    res.setHeader('X-Credits-Cost', String(cost));
    res.setHeader('Cache-Control', 'no-store');
    const write = async (text: string): Promise<void> => {
      if (text !== '' && !res.write(text) && !res.destroyed) await once(res, 'drain');
    };
    let written = 0;
    try {
      await write(headerLine(format));
      await screenRows(run, rows, mapping, async (result) => {
        if (res.destroyed) throw new ServiceError('request_timeout', 'the client went away');
        await write(resultLine(result, format));
        if (++written % ROWS_PER_TURN === 0) await turn();
      });
      res.end();
    } catch (err) {
      // Once rows have gone out, an error can only cut the stream: the client sees it end early.
      if (!(err instanceof ServiceError && err.code === 'request_timeout'))
        log(`screening stopped after ${written} rows: ${err instanceof Error ? err.message : String(err)}`);
      if (written === 0 && err instanceof ServiceError && !res.headersSent) sendError(res, err, cost, log);
      else res.destroy();
    }
  });
}
