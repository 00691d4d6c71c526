// `/account/verify#token=…`: confirms the address a mailed link was sent to.
import { accountCall, type AccountView } from '../account-api.js';
import { linkToken } from '../account-form.js';
import { h, replace } from '../dom.js';
import { errorNote } from '../format.js';
import type { Page } from './page.js';

export const renderVerify: Page = async (main) => {
  const token = linkToken();
  if (token === '')
    return replace(
      main,
      h('h1', {}, 'Confirm your address'),
      errorNote('This page needs the link from the confirmation mail.', 'Open the link in the mail as it is.'),
    );
  const r = await accountCall<{ account: AccountView }>('POST', '/verify', { token });
  replace(
    main,
    h('h1', {}, 'Confirm your address'),
    r.ok
      ? h(
          'div',
          { class: 'notice ok', role: 'status' },
          h('p', {}, `${r.body.account.email} is confirmed.`),
          h('p', {}, h('a', { href: '/account/login', 'data-link': true }, 'Sign in'), ' to use the account.'),
        )
      : errorNote(
          r.error.message,
          'Sign in to get a new link: one is mailed whenever an unconfirmed account signs in.',
        ),
  );
};
