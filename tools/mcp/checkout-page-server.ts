// In-process mode's own checkout page: a loopback HTTP server, started on the first test-mode checkout, serving only the buyer's pages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaymentService } from '../../engine/app/billing/payment-service.js';
import { serveCheckoutPage } from '../../server/http/checkout-pages.js';

export interface CheckoutPageServer {
  /** The page server's origin, starting it on first use. */
  base(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The person running `unshell mcp` in-process and in test mode opens checkout_url in their own browser: there is
 * no REST server to serve it, so this process serves the page itself, on 127.0.0.1 and an ephemeral port, for as
 * long as it runs. Sessions and payments are in the data dir, so a `unshell serve` on the same dir sees them too.
 */
export function checkoutPageServer(payments: () => PaymentService, log: (line: string) => void): CheckoutPageServer {
  let started: Promise<{ server: Server; base: string }> | null = null;
  const start = (): Promise<{ server: Server; base: string }> =>
    new Promise((resolve, reject) => {
      const server = createServer((req, res) => {
        if (!serveCheckoutPage(req, res, payments(), log)) {
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end('not found: this server only serves test-mode checkout pages\n');
        }
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        log(`test-mode checkout pages at ${base}/checkout/test/… (TEST MODE: no real payment)`);
        resolve({ server, base });
      });
    });
  return {
    async base() {
      started ??= start();
      return (await started).base;
    },
    async close() {
      if (started === null) return;
      const { server } = await started;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
