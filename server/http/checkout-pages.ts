// The buyer's pages: the test-mode checkout (clearly labelled, no real payment) and the pages Stripe returns to.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError, toServiceError } from '../../engine/errors/service-error.js';
import type { PaymentService } from '../../engine/app/billing/payment-service.js';
import type { Session } from '../../engine/app/billing/payment-store.js';
import { escapeHtml } from '../../engine/app/views/escape-html.js';

const esc = (s: string | number): string => escapeHtml(String(s));

const ROUTES: readonly { method: 'GET' | 'POST'; pattern: RegExp; page: 'test' | 'pay' | 'complete' | 'cancelled' }[] =
  [
    { method: 'GET', pattern: /^\/checkout\/test\/([A-Za-z0-9_-]{1,100})$/, page: 'test' },
    { method: 'POST', pattern: /^\/checkout\/test\/([A-Za-z0-9_-]{1,100})\/pay$/, page: 'pay' },
    { method: 'GET', pattern: /^\/checkout\/complete\/([A-Za-z0-9_-]{1,100})$/, page: 'complete' },
    { method: 'GET', pattern: /^\/checkout\/cancelled\/([A-Za-z0-9_-]{1,100})$/, page: 'cancelled' },
  ];

/** The pages' stylesheet, served beside them: no inline style, so their policy needs no 'unsafe-inline'. */
export const CHECKOUT_STYLESHEET = '/checkout/style.css';
const STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.test{background:#fff3cd;border:2px solid #b26a00;padding:.75rem 1rem;border-radius:.4rem;margin-bottom:1.5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dt{color:#5f6368}dd{margin:0;word-break:break-all}
button{font:inherit;padding:.6rem 1.4rem;border-radius:.4rem;border:0;background:#1a73e8;color:#fff;cursor:pointer}
code{background:#f1f3f4;padding:.1rem .3rem;border-radius:.2rem;word-break:break-all}
`;

export function layout(title: string, testMode: boolean, body: string): string {
  const banner = testMode
    ? '<div class="test" role="alert"><strong>TEST MODE</strong>: no real payment is taken and no card is asked for. Anyone with this link can press pay.</div>'
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}${testMode ? ' (TEST MODE)' : ''} · unshell</title>
<link rel="stylesheet" href="${CHECKOUT_STYLESHEET}"></head>
<body>${banner}<h1>${esc(title)}</h1>${body}</body></html>`;
}

function details(s: Session): string {
  return `<dl><dt>Report</dt><dd>${esc(s.tier)} report on <code>${esc(s.entity_id)}</code></dd>
<dt>Unlocks</dt><dd>the whole cluster <code>${esc(s.cluster_id)}</code></dd>
<dt>Price</dt><dd>${esc(s.amount)} ${esc(s.currency)}</dd><dt>Session</dt><dd><code>${esc(s.id)}</code></dd>
<dt>Open until</dt><dd>${esc(s.expires_at)}</dd></dl>`;
}

function claimHint(s: Session, webApp: boolean): string {
  const open = webApp
    ? `<p><a href="/dossier/${encodeURIComponent(s.entity_id)}?checkout=${encodeURIComponent(s.id)}">Open the report</a> (this browser keeps it unlocked).</p>`
    : '';
  return `${open}<p>Paid. Redeem it for an access token: the <code>claim_dossier</code> tool with session_id <code>${esc(s.id)}</code>,
or <code>POST /api/public/checkout/${esc(s.id)}/claim</code>. The token unlocks the report on <code>get_dossier</code>.</p>`;
}

function render(
  payments: PaymentService,
  page: 'test' | 'pay' | 'complete' | 'cancelled',
  id: string,
  now: Date,
  webApp: boolean,
): { status: number; html: string } {
  if (page === 'pay') {
    const session = payments.session(id);
    payments.payInTestMode(id, now);
    return { status: 200, html: layout('Payment recorded', true, `${details(session)}${claimHint(session, webApp)}`) };
  }
  const session = payments.session(id);
  const paid = payments.paid(id) !== undefined;
  if (page === 'test') {
    if (session.provider !== 'test' || payments.mode !== 'test')
      throw new ServiceError('not_found', `test-mode checkout session "${id}" not found`);
    const expired = !paid && new Date(session.expires_at).getTime() <= now.getTime();
    const action = paid
      ? claimHint(session, webApp)
      : expired
        ? '<p>This checkout expired unpaid. Open a new one.</p>'
        : `<form method="post" action="/checkout/test/${esc(id)}/pay"><button type="submit">Pay ${esc(session.amount)} ${esc(session.currency)} (test mode, no real payment)</button></form>`;
    return { status: 200, html: layout('Checkout', true, `${details(session)}${action}`) };
  }
  if (page === 'complete') {
    const body = paid
      ? claimHint(session, webApp)
      : '<p>Thank you. The payment is being confirmed; claiming the session confirms it with the payment provider.</p>';
    return { status: 200, html: layout('Payment complete', session.provider === 'test', `${details(session)}${body}`) };
  }
  return {
    status: 200,
    html: layout(
      'Checkout cancelled',
      session.provider === 'test',
      `${details(session)}<p>Nothing was paid. The checkout link stays valid until it expires.</p>`,
    ),
  };
}

/**
 * Answers a request for one of the checkout pages, and says whether it was one. Plain node:http, so that both
 * the REST server and the MCP tool server's own loopback page server (in-process mode) can serve them. `webApp`:
 * the server also serves the web app, so a paid session links back to its dossier page there.
 */
export function serveCheckoutPage(
  req: IncomingMessage,
  res: ServerResponse,
  payments: PaymentService,
  log: (line: string) => void,
  webApp = false,
): boolean {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path === CHECKOUT_STYLESHEET && (req.method === 'GET' || req.method === 'HEAD')) {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/css; charset=utf-8');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(req.method === 'HEAD' ? undefined : STYLESHEET);
    return true;
  }
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (m === null || route.method !== req.method) continue;
    let status: number;
    let html: string;
    try {
      ({ status, html } = render(payments, route.page, m[1] ?? '', new Date(), webApp));
    } catch (err) {
      const e = toServiceError(err);
      if (e.code === 'internal')
        log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      status = e.status;
      html = layout(
        e.code === 'not_found' ? 'Checkout not found' : 'Checkout',
        payments.mode === 'test',
        `<p>${esc(e.message)}</p>`,
      );
    }
    sendPage(res, status, html);
    return true;
  }
  return false;
}

/** A checkout page, with the headers every one of them carries: never cached, no script, no framing. */
export function sendPage(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Credits-Cost', '0');
  res.end(html);
}
