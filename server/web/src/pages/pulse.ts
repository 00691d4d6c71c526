// `/pulse`: the activity feed, newest first, polling for new events with the feed's own cursor.
import { get } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { pageOf } from '../format.js';
import { sourceLink } from '../sections.js';
import type { EntityHit, Source } from '../types.js';
import type { Page } from './page.js';

interface PulseEvent {
  id: string;
  kind: string;
  type: string;
  occurred_at: string;
  applied_at: string;
  entity: EntityHit;
  summary: string;
  provenance: Source;
}

interface PulseAnswer {
  events: PulseEvent[];
  next_since: string | null;
}

const POLL_MS = 5000;

const row = (e: PulseEvent): HTMLElement =>
  h(
    'li',
    { class: `event kind-${e.kind}`, 'data-event': e.id },
    h('time', { datetime: e.applied_at }, e.applied_at.replace('T', ' ').replace('Z', '')),
    ' ',
    h('span', { class: 'badge' }, e.kind),
    ' ',
    h('a', { href: pageOf(e.entity.id), 'data-link': true }, e.entity.name),
    `: ${e.summary} `,
    h('span', { class: 'dated' }, `(dated ${e.occurred_at.slice(0, 10)})`),
    ' ',
    sourceLink(e.provenance),
  );

export const renderPulse: Page = async (main, { query }) => {
  const kind = query.get('kind') ?? '';
  const list = h('ol', { class: 'events', reversed: true, 'aria-live': 'polite' });
  const filter = h(
    'nav',
    { class: 'tabs', 'aria-label': 'Kind of event' },
    ...[
      ['', 'All'],
      ['ownership', 'Ownership'],
      ['filing', 'Filings'],
    ].map(([k, label]) =>
      h(
        'a',
        {
          href: k === '' ? '/pulse' : `/pulse?kind=${k}`,
          'data-link': true,
          'aria-current': k === kind ? 'page' : null,
        },
        label ?? '',
      ),
    ),
  );
  replace(main, h('h1', {}, 'Recent ownership and filing events'), filter, list);
  const first = await get<PulseAnswer>('/pulse', { kind, limit: 50 });
  if (!first.ok) return void list.replaceWith(apiErrorNote(first.error));
  if (first.body.events.length === 0) list.append(h('li', { class: 'empty' }, 'No event yet.'));
  list.append(...first.body.events.map(row));
  let since = first.body.next_since ?? new Date().toISOString();
  let stopped = false;
  const poll = async (): Promise<void> => {
    if (stopped) return;
    const next = await get<PulseAnswer>('/pulse', { kind, since, limit: 100 });
    if (next.ok && !stopped) {
      list.querySelector('.empty')?.remove();
      // Oldest first in the page: each new one goes on top.
      for (const e of next.body.events)
        if (list.querySelector(`[data-event="${CSS.escape(e.id)}"]`) === null) list.prepend(row(e));
      since = next.body.next_since ?? since;
    }
    if (!stopped) timer = window.setTimeout(() => void poll(), POLL_MS);
  };
  let timer = window.setTimeout(() => void poll(), POLL_MS);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
};
