// Small pieces every page shows the same way: risk badges, types, shares, links to entities.
import { idPath } from './api.js';
import { h } from './dom.js';
import type { EntityHit, Risk, Share } from './types.js';

export function riskBadge(risk: Risk): HTMLElement {
  return h('span', { class: `badge risk-${risk.toLowerCase()}`, title: `risk ${risk}` }, risk);
}

export function typeLabel(type: string): HTMLElement {
  return h('span', { class: `type type-${type}` }, type);
}

export function shareText(share: Share | null): string {
  if (share === null) return '';
  return share.min === share.max ? `${share.min}%` : `${share.min}–${share.max}%`;
}

export function entityLink(e: Pick<EntityHit, 'id' | 'name'>): HTMLAnchorElement {
  return h('a', { href: `/entity/${idPath(e.id)}`, 'data-link': true }, e.name);
}

/** A UK company number's page when the id is a Companies House one, else the entity page. */
export function pageOf(id: string): string {
  return id.startsWith('gb-coh:') ? `/company/${encodeURIComponent(id.slice(7))}` : `/entity/${idPath(id)}`;
}

export function hitRow(hit: EntityHit): HTMLElement {
  return h(
    'li',
    { class: 'hit' },
    h('a', { href: pageOf(hit.id), 'data-link': true, class: 'hit-name' }, hit.name),
    ' ',
    typeLabel(hit.type),
    ' ',
    h('span', { class: 'juris' }, hit.jurisdiction ?? '—'),
    ' ',
    riskBadge(hit.risk),
    ' ',
    h('span', { class: 'source' }, hit.source),
  );
}

/** What a page shows when the API said no: the message, and what to do. */
export function errorNote(message: string, advice: string): HTMLElement {
  return h('div', { class: 'notice error', role: 'alert' }, h('p', {}, message), h('p', {}, advice));
}
