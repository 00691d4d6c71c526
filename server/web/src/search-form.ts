// The one search box: names and identifiers, suggestions as you type, filters, and a switch to semantic search.
import { get } from './api.js';
import { h, replace } from './dom.js';
import { pageOf } from './format.js';
import { go } from './pages/page.js';
import type { EntityHit } from './types.js';

/** Suggestions wait for a pause in typing this long, and need this many characters: cheap for the limiter. */
const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;

export interface SearchState {
  q: string;
  type: string;
  juris: string;
  risk: string;
  semantic: boolean;
}

export function stateOf(query: URLSearchParams): SearchState {
  return {
    q: query.get('q') ?? '',
    type: query.get('type') ?? '',
    juris: query.get('juris') ?? '',
    risk: query.get('risk') ?? '',
    semantic: query.get('mode') === 'semantic',
  };
}

export function searchUrl(s: SearchState): string {
  const p = new URLSearchParams();
  p.set('q', s.q);
  if (s.type !== '') p.set('type', s.type);
  if (s.juris !== '') p.set('juris', s.juris.toUpperCase());
  if (s.risk !== '') p.set('risk', s.risk);
  if (s.semantic) p.set('mode', 'semantic');
  return `/search?${p.toString()}`;
}

const select = (name: string, label: string, options: Array<[string, string]>, value: string): HTMLElement =>
  h(
    'label',
    { class: 'filter' },
    label,
    h('select', { name }, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text))),
  );

export function searchForm(state: SearchState): HTMLFormElement {
  const input = h('input', {
    type: 'search',
    name: 'q',
    id: 'q',
    value: state.q,
    required: true,
    maxlength: 300,
    autocomplete: 'off',
    placeholder: 'A name, a company number, an LEI, or scheme:value',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': 'suggestions',
  });
  const list = h('ul', { id: 'suggestions', role: 'listbox', class: 'suggestions', hidden: true });
  const semantic = h('input', { type: 'checkbox', name: 'semantic', checked: state.semantic });
  const juris = h('input', {
    name: 'juris',
    value: state.juris,
    maxlength: 2,
    size: 3,
    pattern: '[A-Za-z]{2}',
    title: 'two-letter country code, e.g. GB',
  });
  const form = h(
    'form',
    { class: 'search', role: 'search' },
    h('label', { for: 'q', class: 'visually-hidden' }, 'Search'),
    h('div', { class: 'search-row' }, input, h('button', { type: 'submit' }, 'Search')),
    list,
    h(
      'div',
      { class: 'filters' },
      select(
        'type',
        'Type',
        [
          ['', 'any'],
          ['company', 'company'],
          ['person', 'person'],
          ['asset', 'asset'],
        ],
        state.type,
      ),
      h('label', { class: 'filter' }, 'Jurisdiction', juris),
      select(
        'risk',
        'Risk',
        [
          ['', 'any'],
          ['HIGH', 'high'],
          ['MED', 'medium'],
          ['LOW', 'low'],
        ],
        state.risk,
      ),
      h('label', { class: 'filter' }, semantic, ' Describe it in words (semantic search)'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const field = (name: string): string => {
      const v = data.get(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    go(
      searchUrl({
        q: field('q'),
        type: field('type'),
        juris: field('juris'),
        risk: field('risk'),
        semantic: semantic.checked,
      }),
    );
  });

  let timer: number | undefined;
  let asked = 0;
  let active = -1;
  const close = (): void => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const options = (): HTMLElement[] => Array.from(list.querySelectorAll<HTMLElement>('[role="option"]'));
  const highlight = (i: number): void => {
    const all = options();
    all.forEach((o, k) => o.setAttribute('aria-selected', String(k === i)));
    active = i;
    const current = all[i];
    if (current !== undefined) input.setAttribute('aria-activedescendant', current.id);
  };
  input.addEventListener('input', () => {
    window.clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < MIN_CHARS || semantic.checked) return close();
    timer = window.setTimeout(() => {
      const mine = ++asked;
      void get<{ hits: EntityHit[] }>('/entity/search', { q, limit: 6 }).then((r) => {
        if (mine !== asked || !r.ok || r.body.hits.length === 0) return close();
        replace(
          list,
          ...r.body.hits.map((hit, i) =>
            h(
              'li',
              { role: 'option', id: `suggestion-${i}`, 'aria-selected': 'false', 'data-href': pageOf(hit.id) },
              hit.name,
              h('span', { class: 'suggestion-meta' }, ` ${hit.type} · ${hit.jurisdiction ?? '—'}`),
            ),
          ),
        );
        list.hidden = false;
        input.setAttribute('aria-expanded', 'true');
        active = -1;
      });
    }, DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (event) => {
    if (list.hidden) return;
    const n = options().length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      highlight((active + 1) % n);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      highlight((active - 1 + n) % n);
    } else if (event.key === 'Escape') close();
    else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const href = options()[active]?.dataset['href'];
      close();
      if (href !== undefined) go(href);
    }
  });
  list.addEventListener('mousedown', (event) => {
    const option = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
    const href = option?.dataset['href'];
    if (href === undefined) return;
    event.preventDefault();
    close();
    go(href);
  });
  input.addEventListener('blur', () => window.setTimeout(close, 150));
  return form;
}
