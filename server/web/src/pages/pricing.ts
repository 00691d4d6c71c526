// `/pricing`: the whole price list, from get_pricing, with a button that buys each thing: a signed-in account goes
// to the checkout at once; anyone else is asked to sign in first.
import { accountCall, currentAccount } from '../account-api.js';
import { say, statusArea } from '../account-form.js';
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import type { Page } from './page.js';

interface Pricing {
  currency: string;
  payment_mode: 'test' | 'stripe';
  dossiers: Array<{ tier: string; price: number; contains: string[]; access_days: number }>;
  packs: Array<{ id: string; name: string; tier: string; dossiers: number; price: number }>;
  subscriptions: Array<{
    plan: string;
    price_per_month: number;
    includes: string;
    keys: number;
    rate_per_minute: number;
    monthly_credits: number;
  }>;
  free_account: { keys: number; rate_per_minute: number; resolve_batch: number; monthly_credits: number };
  metered_api: { price_per_1000_credits: number; includes: string };
}

const n = (v: number): string => v.toLocaleString('en');

export const renderPricing: Page = async (main) => {
  const [pricing, me] = await Promise.all([get<Pricing>('/pricing'), currentAccount()]);
  if (!pricing.ok) return replace(main, h('h1', {}, 'Pricing'), apiErrorNote(pricing.error));
  const p = pricing.body;
  const signedIn = me.ok;
  const status = statusArea();

  /** A button that opens the checkout of `order` for the signed-in account (or asks to sign in). */
  const buy = (label: string, order: Record<string, string>): HTMLElement => {
    if (!signedIn) return h('a', { href: '/account/login', 'data-link': '', class: 'button' }, `Sign in to buy`);
    const button = h('button', { type: 'button' }, label);
    button.addEventListener('click', () => {
      button.disabled = true;
      void accountCall<{ checkout_url: string }>('POST', '/checkout', order).then((r) => {
        if (!r.ok) {
          button.disabled = false;
          return say(status, 'error', r.error.message);
        }
        window.location.assign(r.body.checkout_url);
      });
    });
    return button;
  };

  const card = (title: string, price: string, lines: string[], action: HTMLElement | null): HTMLElement =>
    h(
      'article',
      { class: 'price-card' },
      h('h3', {}, title),
      h('p', { class: 'price' }, price),
      h('ul', {}, ...lines.map((l) => h('li', {}, l))),
      action,
    );

  replace(
    main,
    h('h1', {}, 'Pricing'),
    p.payment_mode === 'test'
      ? h('p', { class: 'notice' }, 'Test mode: every checkout here takes no real payment.')
      : null,
    h(
      'p',
      {},
      'Every core operation is free to use anonymously within the free limits. An account lifts them, and buys reports, packs and plans.',
    ),
    status,
    h('h2', {}, 'Plans'),
    h(
      'div',
      { class: 'price-cards' },
      card(
        'Free account',
        `0 ${p.currency}`,
        [
          `${p.free_account.keys} API key at ${n(p.free_account.rate_per_minute)} requests a minute`,
          `resolve batches of ${n(p.free_account.resolve_batch)}`,
          `${n(p.free_account.monthly_credits)} credits a month`,
        ],
        signedIn ? null : h('a', { href: '/account/signup', 'data-link': '', class: 'button' }, 'Create an account'),
      ),
      ...p.subscriptions.map((s) =>
        card(
          `${s.plan[0]?.toUpperCase() ?? ''}${s.plan.slice(1)}`,
          `${n(s.price_per_month)} ${p.currency} a month`,
          [s.includes],
          buy(`Subscribe to ${s.plan}`, { plan: s.plan }),
        ),
      ),
    ),
    h('h2', {}, 'Report packs'),
    h(
      'div',
      { class: 'price-cards' },
      ...p.packs.map((k) =>
        card(
          k.name,
          `${n(k.price)} ${p.currency}`,
          [`${k.dossiers} ${k.tier} reports to unlock when you choose`, 'they do not lapse'],
          buy(`Buy ${k.name}`, { pack: k.id }),
        ),
      ),
    ),
    h('h2', {}, 'One report'),
    h(
      'div',
      { class: 'price-cards' },
      ...p.dossiers.map((d) =>
        card(
          `${d.tier[0]?.toUpperCase() ?? ''}${d.tier.slice(1)} report`,
          `${n(d.price)} ${p.currency}`,
          d.contains,
          null,
        ),
      ),
    ),
    h('p', {}, 'A single report is bought from its dossier page, with or without an account.'),
    h('h2', {}, 'Metered API'),
    h(
      'p',
      {},
      `${n(p.metered_api.price_per_1000_credits)} ${p.currency} per 1,000 credits beyond your plan's: ${p.metered_api.includes}. Turn it on in your account.`,
    ),
  );
};
