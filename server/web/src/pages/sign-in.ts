// `/account/login`: sign in with an address and a password; then to the account page.
import { accountCall, type AccountView } from '../account-api.js';
import { field, onSubmit, say, statusArea, valueOf } from '../account-form.js';
import { h, replace } from '../dom.js';
import { go, type Page } from './page.js';

const ADVICE: Record<string, string> = {
  invalid_credentials: 'Check the address and the password, or set a new password.',
  email_not_verified: 'Follow the link in the mail, then sign in.',
  rate_limited: 'Wait a little, then try again.',
};

export const renderSignIn: Page = (main) => {
  const status = statusArea();
  const form = h(
    'form',
    { class: 'account-form' },
    field('email', 'E-mail address', 'email', 'email'),
    field('password', 'Password', 'password', 'current-password'),
    h('button', { type: 'submit' }, 'Sign in'),
  );
  onSubmit(form, async () => {
    const r = await accountCall<{ account: AccountView }>('POST', '/login', {
      email: valueOf(form, 'email'),
      password: valueOf(form, 'password'),
    });
    if (r.ok) go('/account');
    else say(status, 'error', r.error.message, ADVICE[r.error.code] ?? 'Try again in a moment.');
  });
  replace(
    main,
    h('h1', {}, 'Sign in'),
    form,
    status,
    h(
      'p',
      {},
      h('a', { href: '/account/reset', 'data-link': true }, 'Forgot the password?'),
      ' · ',
      h('a', { href: '/account/signup', 'data-link': true }, 'Create an account'),
    ),
  );
};
