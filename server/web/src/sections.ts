// Sections the entity, company and dossier pages share: facts as a definition list, connections with their sources.
import { h } from './dom.js';
import { entityLink, riskBadge, shareText, typeLabel } from './format.js';
import type { Connection, FullEntity, Source } from './types.js';

export function sourceLink(s: Source): HTMLElement {
  const label = `${s.source} · ${s.record_id}`;
  return s.url === null
    ? h('span', { class: 'cite', title: s.note ?? '' }, label)
    : h('a', { class: 'cite', href: s.url, rel: 'noopener noreferrer', title: s.note ?? '' }, label);
}

export function facts(rows: Array<[string, string | Node | null | undefined]>): HTMLElement {
  const dl = h('dl', { class: 'facts' });
  for (const [term, value] of rows) {
    if (value === null || value === undefined || value === '') continue;
    dl.append(h('dt', {}, term), h('dd', {}, value));
  }
  return dl;
}

export function entityFacts(e: FullEntity): HTMLElement {
  return facts([
    ['Type', typeLabel(e.type)],
    ['Risk', riskBadge(e.risk)],
    ['Jurisdiction', e.jurisdiction],
    ['Status', e.status],
    ['Incorporated', e.incorporation_date],
    ['Dissolved', e.dissolution_date],
    ['Born', e.birth_date],
    ['Nationalities', e.nationalities.join(', ')],
    ['Position', e.position],
    ['Also named', e.aliases.join('; ')],
    ['Identifiers', e.identifiers.map((i) => `${i.scheme}:${i.value}`).join(', ')],
    ['Addresses', e.addresses.join(' · ')],
    ['Roles', e.roles.join(', ')],
    ['Topics', e.topics.join(', ')],
  ]);
}

/** A wide table in a region that scrolls sideways on a narrow screen, and takes the focus so the keyboard can scroll it. */
export function scrollable(table: HTMLElement, label: string): HTMLElement {
  return h('div', { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': label }, table);
}

export function connectionsTable(connections: readonly Connection[], caption: string): HTMLElement {
  return scrollable(connectionsRows(connections, caption), caption);
}

function connectionsRows(connections: readonly Connection[], caption: string): HTMLElement {
  return h(
    'table',
    { class: 'connections' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Who'),
        h('th', { scope: 'col' }, 'Role'),
        h('th', { scope: 'col' }, 'Share'),
        h('th', { scope: 'col' }, 'Since'),
        h('th', { scope: 'col' }, 'Risk'),
        h('th', { scope: 'col' }, 'Source'),
      ),
    ),
    h(
      'tbody',
      {},
      ...connections.map((c) =>
        h(
          'tr',
          { class: c.end_date === null ? '' : 'ended' },
          h('td', {}, entityLink(c.other), ' ', h('span', { class: 'juris' }, c.other.jurisdiction ?? '')),
          h('td', {}, c.direction === 'in' ? `${c.role} of this` : `this is ${c.role}`),
          h('td', {}, shareText(c.share)),
          h('td', {}, c.start_date ?? '', c.end_date === null ? '' : ` – ${c.end_date}`),
          h('td', {}, riskBadge(c.other.risk)),
          h('td', {}, sourceLink(c.provenance)),
        ),
      ),
    ),
  );
}
