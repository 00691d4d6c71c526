// `/account/signup`: an account from an address and a password; a link to confirm the address comes by mail.
import { accountCall } from '../account-api.js';
import { field, onSubmit, say, statusArea, valueOf } from '../account-form.js';
import { h, replace } from '../dom.js';
import type { Page } from './page.js';

export const renderSignUp: Page = (main) => {
  const status = statusArea();
  const form = h(
    'form',
    { class: 'account-form', novalidate: false },
    field('email', 'E-mail address', 'email', 'email'),
    field('password', 'Password', 'password', 'new-password', '10 to 256 characters; a few words make a good one.'),
    h('button', { type: 'submit' }, 'Create the account'),
  );
  onSubmit(form, async () => {
    const r = await accountCall('POST', '/signup', {
      email: valueOf(form, 'email'),
      password: valueOf(form, 'password'),
    });
    if (r.ok) {
      form.reset();
      say(status, 'ok', 'Check your mail: a link to confirm the address is on its way (look in the spam folder too).');
    } else say(status, 'error', r.error.message);
  });
  replace(
    main,
    h('h1', {}, 'Create an account'),
    h(
      'p',
      { class: 'lede' },
      'An account gets you API keys with higher limits, and the reports you buy, in one place.',
    ),
    form,
    status,
    h('p', {}, 'Already have one? ', h('a', { href: '/account/login', 'data-link': true }, 'Sign in'), '.'),
  );
};
