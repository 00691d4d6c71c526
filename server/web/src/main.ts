// The web app: one page per URL, drawn from the public API; links and back/forward move between pages in place.
import { newPageView } from './api.js';
import { h, replace } from './dom.js';
import { renderAccount } from './pages/account.js';
import { renderApiDocs } from './pages/api-docs.js';
import { renderCompany } from './pages/company.js';
import { renderDossier } from './pages/dossier.js';
import { renderEntity } from './pages/entity.js';
import { renderGraph } from './pages/graph.js';
import { renderHome } from './pages/home.js';
import { renderNotFound } from './pages/not-found.js';
import { renderPricing } from './pages/pricing.js';
import { renderPulse } from './pages/pulse.js';
import { renderReset } from './pages/reset.js';
import { renderSearch } from './pages/search.js';
import { renderSignIn } from './pages/sign-in.js';
import { renderSignUp } from './pages/sign-up.js';
import { renderStats } from './pages/stats.js';
import { renderVerify } from './pages/verify.js';
import type { Page } from './pages/page.js';

interface Route {
  pattern: RegExp;
  page: Page;
}

const ROUTES: Route[] = [
  { pattern: /^\/$/, page: renderHome },
  { pattern: /^\/search$/, page: renderSearch },
  { pattern: /^\/company\/([^/]+)$/, page: renderCompany },
  { pattern: /^\/entity\/([^/]+)\/graph$/, page: renderGraph },
  { pattern: /^\/entity\/([^/]+)$/, page: renderEntity },
  { pattern: /^\/dossier\/([^/]+)$/, page: renderDossier },
  { pattern: /^\/pulse$/, page: renderPulse },
  { pattern: /^\/pricing$/, page: renderPricing },
  { pattern: /^\/stats$/, page: renderStats },
  { pattern: /^\/docs\/api$/, page: renderApiDocs },
  { pattern: /^\/account$/, page: renderAccount },
  { pattern: /^\/account\/signup$/, page: renderSignUp },
  { pattern: /^\/account\/login$/, page: renderSignIn },
  { pattern: /^\/account\/verify$/, page: renderVerify },
  { pattern: /^\/account\/reset$/, page: renderReset },
];

const main = document.getElementById('app') ?? document.body;
/** Stops what the current page left running (a poll, a layout) before the next one draws. */
let leave: (() => void) | void = undefined;
let moves = 0;

async function show(): Promise<void> {
  leave?.();
  leave = undefined;
  newPageView();
  const { pathname, search } = window.location;
  const route = ROUTES.find((r) => r.pattern.test(pathname));
  const match = route?.pattern.exec(pathname);
  const params = (match?.slice(1) ?? []).map((p) => decodeURIComponent(p));
  replace(main, h('p', { class: 'loading', role: 'status' }, 'Loading…'));
  const page = route?.page ?? renderNotFound;
  delete main.dataset['rendered'];
  leave = await page(main, { params, query: new URLSearchParams(search) });
  // Drawn with its data: what the benchmark of a first render waits for (bench/web-probe.ts).
  performance.mark('unshell:rendered');
  main.dataset['rendered'] = pathname;
  const heading = main.querySelector('h1');
  document.title = heading === null ? 'unshell' : `${heading.textContent ?? ''} · unshell`;
  // After a move in place, the new page's heading takes the focus, so that keyboard and screen-reader users start
  // there (a first load starts at the top of the document anyway).
  if (moves++ > 0 && heading instanceof HTMLElement) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/** Moves to `url` in place, as a link does. */
export function navigate(url: string): void {
  window.history.pushState(null, '', url);
  window.scrollTo(0, 0);
  void show();
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('a[data-link]') : null;
  if (!(target instanceof HTMLAnchorElement) || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)
    return;
  event.preventDefault();
  navigate(target.getAttribute('href') ?? '/');
});
window.addEventListener('popstate', () => void show());
window.addEventListener('unshell:navigate', (e) => navigate((e as CustomEvent<string>).detail));
void show();
