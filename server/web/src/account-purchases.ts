// The account page's purchases: the subscription (with its cancellation) and metered API, "My dossiers" (the reports
// unlocked and the unlocks left), and what was bought.
import { accountCall, type AccountView } from './account-api.js';
import { say, statusArea } from './account-form.js';
import { h, replace } from './dom.js';
import { facts, scrollable } from './sections.js';

interface Dossiers {
  dossiers: Array<{
    entity_id: string;
    entity_name: string | null;
    cluster_id: string;
    tier: string;
    unlocked_at: string;
    expires_at: string;
  }>;
  allowances: Array<{ tier: string; left: number; expires_at: string | null; from: 'pack' | 'plan' }>;
  purchases: Array<{
    purchase_id: string;
    name: string;
    amount: number;
    currency: string;
    status: 'open' | 'paid' | 'expired';
    checkout_url: string;
  }>;
}

type Subscription = NonNullable<AccountView['subscription']>;

function subscriptionFacts(s: Subscription): HTMLElement {
  return facts([
    ['Plan', s.plan],
    ['Status', s.status === 'past_due' ? 'payment overdue' : s.status],
    [s.cancel_at_period_end ? 'Ends on' : 'Renews on', date(s.period_end)],
  ]);
}

const date = (iso: string): string => iso.slice(0, 10);

function table(caption: string, head: string[], rows: HTMLElement[]): HTMLElement {
  return scrollable(
    h(
      'table',
      {},
      h('caption', {}, caption),
      h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, ...rows),
    ),
    caption,
  );
}

/**
 * The plan's subscription, and metered API: each with the button that changes it. Through Stripe, a link to its
 * customer portal too: the invoices, the card, the subscription.
 */
export function subscriptionSection(account: AccountView, paymentMode: 'test' | 'stripe'): HTMLElement {
  const status = statusArea();
  const s = account.subscription;
  const current = h('div', {});
  const cancel = h('button', { type: 'button', class: 'danger' }, 'Cancel at the end of the period');
  cancel.addEventListener('click', () => {
    cancel.disabled = true;
    void accountCall<Subscription>('POST', '/subscription/cancel').then((r) => {
      if (!r.ok) {
        cancel.disabled = false;
        return say(status, 'error', r.error.message);
      }
      say(
        status,
        'ok',
        `Cancelled: the ${r.body.plan} plan holds until ${date(r.body.period_end)}, then the account is free.`,
      );
      replace(current, subscriptionFacts(r.body));
    });
  });
  const metering = h('input', { type: 'checkbox', id: 'metering', checked: account.metering });
  metering.addEventListener('change', () => {
    const enabled = metering.checked;
    void accountCall<{ metering: boolean }>('POST', '/metering', { enabled }).then((r) => {
      if (!r.ok) {
        metering.checked = !enabled;
        return say(status, 'error', r.error.message);
      }
      say(
        status,
        'ok',
        r.body.metering
          ? "Metered API is on: credits beyond the plan's are served and billed."
          : "Metered API is off: credits beyond the plan's are refused.",
      );
    });
  });
  const portal = h('button', { type: 'button' }, 'Invoices, card and subscription at Stripe');
  portal.addEventListener('click', () => {
    portal.disabled = true;
    void accountCall<{ url: string }>('POST', '/portal').then((r) => {
      portal.disabled = false;
      if (!r.ok) return say(status, 'error', r.error.message);
      window.location.assign(r.body.url);
    });
  });
  if (s !== null && s.status !== 'canceled')
    replace(current, subscriptionFacts(s), s.cancel_at_period_end ? null : h('p', { class: 'actions' }, cancel));
  return h(
    'section',
    { 'aria-labelledby': 'subscription' },
    h('h2', { id: 'subscription' }, 'Subscription'),
    s === null || s.status === 'canceled'
      ? h(
          'p',
          {},
          'No subscription: the free plan. ',
          h('a', { href: '/pricing', 'data-link': '' }, 'See the plans'),
          '.',
        )
      : current,
    paymentMode === 'stripe' && s !== null ? h('p', { class: 'actions' }, portal) : null,
    h(
      'p',
      { class: 'field checkbox' },
      metering,
      h('label', { for: 'metering' }, " Metered API: serve and bill credits beyond the plan's (5 EUR per 1,000)"),
    ),
    status,
  );
}

/** "My dossiers": the unlocks left, each unlocked report with a link to it, and the purchases. */
export function dossiersSection(): HTMLElement {
  const body = h('div', {}, h('p', {}, 'Loading…'));
  void accountCall<Dossiers>('GET', '/dossiers').then((r) => {
    if (!r.ok) return replace(body, h('p', { class: 'notice error' }, r.error.message));
    const d = r.body;
    const left = d.allowances.map(
      (a) => `${a.left} ${a.tier} from a ${a.from}${a.expires_at === null ? '' : `, until ${date(a.expires_at)}`}`,
    );
    replace(
      body,
      h(
        'p',
        {},
        left.length === 0 ? 'No unlocks left. ' : `Unlocks left: ${left.join('; ')}. `,
        h('a', { href: '/pricing', 'data-link': '' }, 'Buy a pack'),
        '. Unlock a report from its dossier page.',
      ),
      d.dossiers.length === 0
        ? h('p', {}, 'No report unlocked yet.')
        : table(
            'Reports unlocked, newest first',
            ['Entity', 'Report', 'Unlocked', 'Until'],
            d.dossiers.map((u) =>
              h(
                'tr',
                {},
                h(
                  'td',
                  {},
                  h(
                    'a',
                    { href: `/dossier/${encodeURIComponent(u.entity_id)}`, 'data-link': '' },
                    u.entity_name ?? u.entity_id,
                  ),
                ),
                h('td', {}, u.tier),
                h('td', {}, date(u.unlocked_at)),
                h('td', {}, date(u.expires_at)),
              ),
            ),
          ),
      d.purchases.length === 0
        ? null
        : table(
            'Purchases, newest first',
            ['What', 'Price', 'Status'],
            d.purchases.map((p) =>
              h(
                'tr',
                {},
                h('td', {}, p.name),
                h('td', {}, `${p.amount} ${p.currency}`),
                h('td', {}, p.status === 'open' ? h('a', { href: p.checkout_url }, 'open: pay') : p.status),
              ),
            ),
          ),
    );
  });
  return h('section', { 'aria-labelledby': 'dossiers' }, h('h2', { id: 'dossiers' }, 'My dossiers'), body);
}
