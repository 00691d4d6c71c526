// `/account/reset`: asks for a reset link by address; `/account/reset#token=…` sets the new password.
import { accountCall } from '../account-api.js';
import { field, linkToken, onSubmit, say, statusArea, valueOf } from '../account-form.js';
import { h, replace } from '../dom.js';
import type { Page } from './page.js';

export const renderReset: Page = (main) => {
  const token = linkToken();
  const status = statusArea();
  if (token === '') {
    const form = h(
      'form',
      { class: 'account-form' },
      field('email', 'E-mail address', 'email', 'email'),
      h('button', { type: 'submit' }, 'Mail me a link'),
    );
    onSubmit(form, async () => {
      const r = await accountCall('POST', '/password-reset', { email: valueOf(form, 'email') });
      if (r.ok)
        say(status, 'ok', 'If the address has an account, a link to set a new password is on its way (for one hour).');
      else say(status, 'error', r.error.message);
    });
    return replace(main, h('h1', {}, 'Set a new password'), form, status);
  }
  const form = h(
    'form',
    { class: 'account-form' },
    field('password', 'New password', 'password', 'new-password', '10 to 256 characters.'),
    h('button', { type: 'submit' }, 'Set the password'),
  );
  onSubmit(form, async () => {
    const r = await accountCall('POST', '/password', { token, password: valueOf(form, 'password') });
    if (r.ok) {
      form.remove();
      say(
        status,
        'ok',
        'The password is set, and every session of the account has ended.',
        h('a', { href: '/account/login', 'data-link': true }, 'Sign in with it'),
      );
    } else say(status, 'error', r.error.message, 'Ask for a new link below if this one has expired.');
  });
  return replace(
    main,
    h('h1', {}, 'Set a new password'),
    form,
    status,
    h('p', {}, h('a', { href: '/account/reset', 'data-link': true }, 'Ask for a new link')),
  );
};
