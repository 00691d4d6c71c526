// The REST adapter's routes that are not capabilities: the buyer's checkout pages and the Stripe webhook.
import type { App, Request, Response } from '@tinyhttp/app';
import type { PaymentService } from '../../engine/app/billing/payment-service.js';
import type { AccountBilling } from '../../engine/app/billing/account-billing.js';
import type { StripeAccountEvents } from '../../engine/app/external/stripe-account-events.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { serveCheckoutPage } from './checkout-pages.js';
import { servePurchasePage } from './purchase-pages.js';
import { readRawBody } from './request-input.js';
import { sendError, sendJson } from './responses.js';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

export interface PaymentRouteOptions {
  payments: PaymentService;
  /** Accounts' purchases, whose test-mode pages are served beside the guest checkout's. */
  billing: AccountBilling | null;
  /** What Stripe's events say of accounts' purchases; null in test mode. */
  accountEvents: StripeAccountEvents | null;
  log: (line: string) => void;
}

export function paymentRoutes(app: App, { payments, billing, accountEvents, log }: PaymentRouteOptions): void {
  // A global middleware: the pages are plain node:http handlers, shared with the MCP tool server's page server.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/checkout/')) return next();
    if (billing !== null && servePurchasePage(req, res, billing, log)) return;
    if (!serveCheckoutPage(req, res, payments, log, true)) next();
  });

  // Stripe signs the exact bytes it sent: the body is read raw and verified before anything is parsed. A stale or
  // replayed delivery fails the signature's timestamp check; an event delivered again is applied once.
  app.post(STRIPE_WEBHOOK_PATH, async (req: Request, res: Response) => {
    try {
      const stripe = payments.stripe;
      if (stripe === null) throw new ServiceError('not_found', 'Stripe is not configured on this server (test mode)');
      const raw = await readRawBody(req);
      const signature = req.headers['stripe-signature'];
      const event = stripe.verify(raw, typeof signature === 'string' ? signature : undefined);
      const now = new Date();
      const paid = payments.confirmFromEvent(event, now);
      const account = paid === null && accountEvents !== null ? await accountEvents.apply(event, now) : 'ignored';
      sendJson(res, 200, { received: true, session_id: paid, account_event: account }, 0);
    } catch (err) {
      sendError(res, err, 0, log);
    }
  });
}
