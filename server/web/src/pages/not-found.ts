// Any other path: say so, and offer the way back.
import { h, replace } from '../dom.js';
import type { Page } from './page.js';

export const renderNotFound: Page = (main) => {
  replace(
    main,
    h('h1', {}, 'Page not found'),
    h(
      'p',
      {},
      'No page lives at this address. ',
      h('a', { href: '/', 'data-link': true }, 'Search from the home page'),
      '.',
    ),
  );
};
