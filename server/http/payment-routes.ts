// The REST adapter's routes that are not capabilities: the buyer's checkout pages and the Stripe webhook.
import type { App, Request, Response } from '@tinyhttp/app';
import type { PaymentService } from '../../engine/app/billing/payment-service.js';
import { serveCheckoutPage } from './checkout-pages.js';
import { readRawBody } from './request-input.js';
import { sendError, sendJson } from './responses.js';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

export interface PaymentRouteOptions {
  payments: PaymentService;
  log: (line: string) => void;
}

export function paymentRoutes(app: App, { payments, log }: PaymentRouteOptions): void {
  // A global middleware: the pages are plain node:http handlers, shared with the MCP tool server's page server.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/checkout/') || !serveCheckoutPage(req, res, payments, log, true)) next();
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
}
