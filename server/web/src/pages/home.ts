// `/`: the search box, and what the corpus holds.
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { searchForm, stateOf } from '../search-form.js';
import type { Page } from './page.js';

interface Stats {
  entities: number;
  relationships: number;
  sources: Array<{ code: string; name: string }>;
}

export const renderHome: Page = async (main, { query }) => {
  const about = h('p', { class: 'lede' }, 'Who really owns this company, and are they sanctioned?');
  replace(
    main,
    h('h1', {}, 'Search companies, people and assets'),
    about,
    searchForm(stateOf(query)),
    h(
      'p',
      { class: 'hint' },
      'Try a company name, a UK company number, an LEI, or ',
      h('code', {}, 'scheme:value'),
      ' (for example ',
      h('code', {}, 'gb-coh:99000001'),
      '). ',
      h('a', { href: '/pulse', 'data-link': true }, 'See what changed recently'),
      '.',
    ),
  );
  const stats = await get<Stats>('/stats');
  if (stats.ok)
    about.append(
      ` ${stats.body.entities.toLocaleString('en')} entities and ${stats.body.relationships.toLocaleString('en')} relationships from ${stats.body.sources.map((s) => s.name).join(', ')}.`,
    );
};
