// `/entity/{id}/graph`: the interactive ownership graph, with its legend, the selected node, and exports.
import { get, idPath } from '../api.js';
import { h, replace } from '../dom.js';
import { apiErrorNote } from '../errors.js';
import { pageOf, riskBadge } from '../format.js';
import type { GraphAnswer, GraphNode } from '../types.js';
import type { Page } from './page.js';

/** How many entities a view may draw: the API's cap is 2,000, which sigma draws smoothly. */
const SIZES = [100, 500, 2000];
const DEFAULT_MAX = 500;

/** Links to the same graph drawn wider or deeper (full page loads, as every link to a graph page). */
function sizeLinks(id: string, depth: number, max: number): HTMLElement {
  const link = (d: number, m: number, text: string, current: boolean): HTMLElement =>
    h('a', { href: `/entity/${idPath(id)}/graph?depth=${d}&max=${m}`, 'aria-current': current ? 'true' : null }, text);
  return h(
    'p',
    { class: 'graph-size' },
    'Draw up to ',
    ...SIZES.flatMap((m, i) => [i === 0 ? '' : ', ', link(depth, m, `${m.toLocaleString('en')} entities`, m === max)]),
    '; ',
    ...[1, 2, 3, 4].flatMap((d, i) => [i === 0 ? '' : ', ', link(d, max, `${d} step${d > 1 ? 's' : ''}`, d === depth)]),
    ' out.',
  );
}

const legendItem = (colour: string, text: string, shape = 'dot'): HTMLElement =>
  h('li', {}, h('span', { class: `swatch ${shape} c-${colour}`, 'aria-hidden': 'true' }), text);

export const renderGraph: Page = async (main, { params, query }) => {
  const id = params[0] ?? '';
  const depthAsked = Number(query.get('depth') ?? 2);
  const depth = Number.isInteger(depthAsked) && depthAsked >= 1 && depthAsked <= 4 ? depthAsked : 2;
  const maxAsked = Number(query.get('max') ?? DEFAULT_MAX);
  const max = SIZES.includes(maxAsked) ? maxAsked : DEFAULT_MAX;
  const answer = await get<GraphAnswer>(`/graph/${idPath(id)}`, { depth, max_nodes: max });
  if (!answer.ok) return replace(main, h('h1', {}, 'Ownership graph'), apiErrorNote(answer.error));
  const root = answer.body.nodes.find((n) => n.id === answer.body.root);
  const container = h('div', { class: 'graph-canvas', id: 'graph', role: 'img', 'aria-label': 'Ownership graph' });
  const selected = h(
    'div',
    { class: 'selected', 'aria-live': 'polite' },
    h('p', {}, 'Click a node to add its neighbours and see it here.'),
  );
  const buttons = h('div', { class: 'exports' });
  // The same expansion as a click on a node, for the keyboard: every entity drawn, nearest first.
  const drawnList = h('ul', { class: 'drawn' });
  const ubos = answer.body.nodes.filter((n) => n.ubo);
  replace(
    main,
    h('h1', {}, `Ownership graph: ${root?.name ?? id}`),
    h(
      'p',
      {},
      `${answer.body.nodes.length} entities and ${answer.body.edges.length} relationships around `,
      h('a', { href: pageOf(id), 'data-link': true }, root?.name ?? id),
      answer.body.truncated ? ' (cut to the nearest; click a node to add its neighbours).' : '.',
      ubos.length === 0
        ? ' No natural person is on record as its beneficial owner.'
        : ` Beneficial owners: ${ubos.map((u) => u.name).join(', ')}.`,
    ),
    sizeLinks(id, depth, max),
    h(
      'div',
      { class: 'graph-layout' },
      container,
      h(
        'aside',
        { class: 'graph-side' },
        h('h2', {}, 'Legend'),
        h(
          'ul',
          { class: 'legend' },
          legendItem('company', 'company'),
          legendItem('person', 'person'),
          legendItem('asset', 'asset'),
          legendItem('sanctioned', 'sanctioned (on a list)'),
          legendItem('chain', 'ownership chain to a beneficial owner', 'line'),
          h('li', {}, 'Larger nodes carry higher risk; labels name sanctions and secrecy jurisdictions.'),
        ),
        h('h2', {}, 'Selected'),
        selected,
        h('h2', {}, 'Entities drawn'),
        drawnList,
        h('h2', {}, 'Export'),
        buttons,
      ),
    ),
  );
  const { drawGraph } = await import('../graph/graph-view.js');
  const view = drawGraph(container, answer.body, (n: GraphNode) => {
    listDrawn();
    replace(
      selected,
      h('p', {}, h('a', { href: pageOf(n.id), 'data-link': true }, n.name), ' ', riskBadge(n.risk)),
      h('p', {}, `${n.type}, ${n.jurisdiction ?? 'jurisdiction unknown'}; ${n.degree} connections in all.`),
      n.sanctioned ? h('p', { class: 'badge risk-high' }, 'sanctioned') : null,
      n.secrecy_jurisdiction ? h('p', { class: 'badge flag' }, 'secrecy jurisdiction') : null,
    );
  });
  const listDrawn = (): void => {
    const nodes = view.graph
      .mapNodes((_key, a) => a.entity)
      .sort((a, b) => a.depth - b.depth || a.name.localeCompare(b.name));
    replace(
      drawnList,
      ...nodes.map((n) =>
        h(
          'li',
          {},
          h('a', { href: pageOf(n.id), 'data-link': true }, n.name),
          ' ',
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              'data-expand': n.id,
              'aria-label': `Show the neighbours of ${n.name}`,
              onclick: () => void view.expand(n.id).then(listDrawn),
            },
            'neighbours',
          ),
        ),
      ),
    );
    main.dataset['graphNodes'] = String(view.graph.order);
  };
  listDrawn();
  view.graph.on('nodeAdded', () => {
    main.dataset['graphNodes'] = String(view.graph.order);
  });
  buttons.append(
    h('button', { type: 'button', onclick: () => view.exportPng() }, 'PNG image'),
    h('button', { type: 'button', onclick: () => view.exportGexf() }, 'GEXF (Gephi)'),
    h('button', { type: 'button', onclick: () => view.exportGraphml() }, 'GraphML'),
  );
  return () => view.kill();
};
