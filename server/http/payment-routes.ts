// The REST adapter's routes that are not capabilities: the buyer's pages, the Stripe webhook, the printable report.
import type { App, Request, Response } from '@tinyhttp/app';
import { z } from 'zod';
import type { Caller } from '../../engine/capabilities/capability.js';
import { dossierBody, unlockedTier } from '../../engine/capabilities/dossier.js';
import { AccessToken, EntityId } from '../../engine/capabilities/params.js';
import { renderReportHtml } from '../../engine/capabilities/report/render-html.js';
import { toParameterError } from '../../engine/capabilities/validate.js';
import type { Config } from '../../engine/config.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import type { PaymentService } from '../../engine/payments/payment-service.js';
import { serveCheckoutPage } from './checkout-pages.js';
import { readRawBody } from './request-input.js';
import { sendError, sendJson } from './responses.js';
import type { ServiceState } from './app.js';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
export const REPORT_HTML_PATH = '/api/public/dossier/:id/report.html';

export interface PaymentRouteOptions {
  config: Config;
  state: ServiceState;
  payments: PaymentService;
  log: (line: string) => void;
  callerOf: (req: Request) => Caller;
}

const ReportHtmlInput = z.object({ id: EntityId, access_token: AccessToken });

export function paymentRoutes(app: App, { config, state, payments, log, callerOf }: PaymentRouteOptions): void {
  // A global middleware: the pages are plain node:http handlers, shared with the MCP tool server's page server.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/checkout/') || !serveCheckoutPage(req, res, payments, log)) next();
  });

  // Stripe signs the exact bytes it sent: the body is read raw and verified before anything is parsed.
  app.post(STRIPE_WEBHOOK_PATH, async (req: Request, res: Response) => {
    try {
      const raw = await readRawBody(req);
      const signature = req.headers['stripe-signature'];
      const paid = payments.confirmFromWebhook(raw, typeof signature === 'string' ? signature : undefined, new Date());
      sendJson(res, 200, { received: true, session_id: paid }, 0);
    } catch (err) {
      sendError(res, err, 0, log);
    }
  });

  // The enhanced report as one printable HTML document (REST only: an agent reads the JSON report).
  app.get(REPORT_HTML_PATH, (req: Request, res: Response) => {
    try {
      const caller = callerOf(req);
      const corpus = state.corpus;
      if (corpus === null) throw new ServiceError('not_ready', 'snapshot still loading; retry shortly');
      const header = req.headers['x-access-token'];
      const raw = {
        ...(typeof header === 'string' ? { access_token: header } : {}),
        ...(typeof req.query.access_token === 'string' ? { access_token: req.query.access_token } : {}),
        id: req.params.id,
      };
      const parsed = ReportHtmlInput.safeParse(raw);
      if (!parsed.success) throw toParameterError(parsed.error, raw);
      const ctx = { corpus, config, caller, now: new Date(), payments };
      const tier = unlockedTier(ctx, parsed.data.id, parsed.data.access_token);
      if (tier !== 'enhanced') {
        throw new ServiceError(
          'invalid_access_token',
          'access_token is for the standard report; the printable document comes with the enhanced tier',
          'access_token',
        );
      }
      const html = renderReportHtml(dossierBody(ctx, parsed.data.id, tier));
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(html));
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Credits-Cost', '1');
      res.end(html);
    } catch (err) {
      sendError(res, err, 1, log);
    }
  });
}
