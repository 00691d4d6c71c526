// `/account`: the signed-in account: its address and plan, its API keys and their usage, signing out, deleting it.
import { accountCall, currentAccount, forgetSession } from '../account-api.js';
import { field, onSubmit, say, statusArea, valueOf } from '../account-form.js';
import { keysSection } from '../account-keys.js';
import { dossiersSection, subscriptionSection } from '../account-purchases.js';
import { planFacts, usageSection } from '../account-usage.js';
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { facts } from '../sections.js';
import { go, type Page } from './page.js';

export const renderAccount: Page = async (main) => {
  const me = await currentAccount();
  if (!me.ok) {
    if (me.error.code === 'not_signed_in') return go('/account/login');
    return replace(main, h('h1', {}, 'Your account'), apiErrorNote(me.error));
  }
  const { account } = me.body;
  const pricing = await get<{ payment_mode: 'test' | 'stripe' }>('/pricing');
  const status = statusArea();
  const usage = usageSection();
  const signOut = h('button', { type: 'button' }, 'Sign out');
  signOut.addEventListener('click', () => {
    void accountCall('POST', '/logout').then((r) => {
      if (!r.ok) return say(status, 'error', r.error.message);
      forgetSession();
      go('/');
    });
  });
  const remove = h(
    'form',
    { class: 'account-form' },
    h('p', {}, 'Deleting the account erases its address and password at once. It cannot be undone.'),
    field('delete-password', 'Your password, to confirm', 'password', 'current-password'),
    h('button', { type: 'submit', class: 'danger' }, 'Delete the account'),
  );
  onSubmit(remove, async () => {
    const r = await accountCall('DELETE', '', { password: valueOf(remove, 'delete-password') });
    if (!r.ok) return say(status, 'error', r.error.message);
    forgetSession();
    go('/');
  });
  replace(
    main,
    h('h1', {}, 'Your account'),
    facts([
      ['E-mail address', account.email],
      ['Confirmed', account.email_verified ? 'yes' : 'no'],
      ['Created', account.created_at.slice(0, 10)],
    ]),
    h('p', { class: 'actions' }, signOut),
    status,
    h('section', { 'aria-labelledby': 'plan' }, h('h2', { id: 'plan' }, 'Plan'), planFacts(account.plan)),
    subscriptionSection(account, pricing.ok ? pricing.body.payment_mode : 'test'),
    keysSection(account.plan.keys, usage.refresh),
    usage.section,
    dossiersSection(),
    h('section', { 'aria-labelledby': 'delete' }, h('h2', { id: 'delete' }, 'Delete the account'), remove),
  );
};
