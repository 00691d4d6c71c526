// `/stats`: what the corpus holds, per source, with how fresh each is.
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { scrollable } from '../sections.js';
import type { Page } from './page.js';

interface Stats {
  entities: number;
  relationships: number;
  high_risk_entities: number;
  by_type: Record<string, number>;
  embedded: number;
  sources: Array<{
    code: string;
    name: string;
    records: number;
    as_of: string | null;
    last_change_at: string | null;
    lag_seconds: number | null;
  }>;
  snapshot: { id: string; built_at: string };
}

const n = (x: number): string => x.toLocaleString('en');

export const renderStats: Page = async (main) => {
  const stats = await get<Stats>('/stats');
  if (!stats.ok) return replace(main, h('h1', {}, 'Statistics'), apiErrorNote(stats.error));
  const s = stats.body;
  replace(
    main,
    h('h1', {}, 'Statistics'),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Entities'),
      h(
        'dd',
        {},
        `${n(s.entities)} (${Object.entries(s.by_type)
          .map(([t, c]) => `${n(c)} ${t}`)
          .join(', ')})`,
      ),
      h('dt', {}, 'Relationships'),
      h('dd', {}, n(s.relationships)),
      h('dt', {}, 'High risk'),
      h('dd', {}, n(s.high_risk_entities)),
      h('dt', {}, 'Semantic search covers'),
      h('dd', {}, `${n(s.embedded)} entities`),
      h('dt', {}, 'Snapshot'),
      h('dd', {}, `${s.snapshot.id}, built ${s.snapshot.built_at}`),
    ),
    scrollable(
      h(
        'table',
        {},
        h('caption', {}, 'Sources'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['Source', 'Records', 'As of', 'Last live change', 'Lag'].map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          {},
          ...s.sources.map((src) =>
            h(
              'tr',
              {},
              h('td', {}, src.name),
              h('td', { class: 'num' }, n(src.records)),
              h('td', {}, src.as_of ?? '—'),
              h('td', {}, src.last_change_at ?? '—'),
              h('td', {}, src.lag_seconds === null ? '—' : `${src.lag_seconds} s`),
            ),
          ),
        ),
      ),
      'Sources',
    ),
  );
};
