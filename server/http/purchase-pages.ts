// The test-mode checkout of an account's purchase (a pack or a plan): the page with the pay button, and what pressing
// it does: the same as Stripe's webhook for a paid checkout (the unlocks added, or the subscription started).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccountBilling, PurchaseView } from '../../engine/app/billing/account-billing.js';
import { escapeHtml } from '../../engine/app/views/escape-html.js';
import { ServiceError, toServiceError } from '../../engine/errors/service-error.js';
import { layout, sendPage } from './checkout-pages.js';

const esc = (s: string | number): string => escapeHtml(String(s));

/** Purchase ids start `buy_`: the dossier's guest sessions (`chk_`) keep their own pages. */
const PAGE = /^\/checkout\/test\/(buy_[A-Za-z0-9_-]{1,100})(\/pay)?$/;

function details(p: PurchaseView): string {
  const price =
    p.kind === 'plan' ? `${esc(p.amount)} ${esc(p.currency)} a month` : `${esc(p.amount)} ${esc(p.currency)}`;
  return `<dl><dt>Purchase</dt><dd>${esc(p.name)}</dd><dt>Price</dt><dd>${price}</dd>
<dt>Checkout</dt><dd><code>${esc(p.purchase_id)}</code></dd><dt>Open until</dt><dd>${esc(p.expires_at)}</dd></dl>`;
}

const DONE = '<p>Paid. <a href="/account">Back to your account</a>, where the unlocks or the new plan now show.</p>';

function render(billing: AccountBilling, id: string, pay: boolean, now: Date): string {
  const purchase = billing.purchaseView(id, now);
  if (purchase.mode !== 'test' || billing.mode !== 'test')
    throw new ServiceError('not_found', `test-mode checkout "${id}" not found`);
  if (pay && purchase.status === 'open') {
    billing.recordPayment(id, now);
    return layout('Payment recorded', true, `${details(purchase)}${DONE}`);
  }
  const action =
    purchase.status === 'paid'
      ? DONE
      : purchase.status === 'expired'
        ? '<p>This checkout expired unpaid. Open a new one from your account.</p>'
        : `<form method="post" action="/checkout/test/${esc(id)}/pay"><button type="submit">Pay ${esc(purchase.amount)} ${esc(purchase.currency)} (test mode, no real payment)</button></form>`;
  return layout('Checkout', true, `${details(purchase)}${action}`);
}

/** Answers a request for a purchase's test-mode page, and says whether it was one. */
export function servePurchasePage(
  req: IncomingMessage,
  res: ServerResponse,
  billing: AccountBilling,
  log: (line: string) => void,
): boolean {
  const m = PAGE.exec((req.url ?? '/').split('?')[0] ?? '/');
  if (m === null) return false;
  const pay = m[2] !== undefined;
  if (req.method !== (pay ? 'POST' : 'GET')) return false;
  try {
    sendPage(res, 200, render(billing, m[1] ?? '', pay, new Date()));
  } catch (err) {
    const e = toServiceError(err);
    if (e.code === 'internal')
      log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    sendPage(
      res,
      e.status,
      layout(e.code === 'not_found' ? 'Checkout not found' : 'Checkout', true, `<p>${esc(e.message)}</p>`),
    );
  }
  return true;
}
