// The interactive ownership graph: graphology holds it, sigma draws it (WebGL), ForceAtlas2 lays it out in a worker.
import { MultiDirectedGraph } from 'graphology';
import FA2Layout from 'graphology-layout-forceatlas2/worker';
import { inferSettings } from 'graphology-layout-forceatlas2';
import Sigma from 'sigma';
import { get, idPath } from '../api.js';
import { shareText } from '../format.js';
import type { GraphAnswer, GraphEdge, GraphNode } from '../types.js';
import { exportGexf, exportGraphml, exportPng } from './graph-export.js';

export const TYPE_COLOURS: Record<string, string> = { company: '#2f6fb0', person: '#d9822b', asset: '#6b7b8c' };
export const SANCTIONED = '#c62828';
export const CHAIN = '#e0a800';
const EDGE = '#b8c0c8';

interface NodeAttributes {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  entity: GraphNode;
  highlighted?: boolean;
  forceLabel?: boolean;
}

interface EdgeAttributes {
  size: number;
  color: string;
  label: string;
  type: string;
  relation: GraphEdge;
}

export interface GraphView {
  /** Adds the neighbours of a node (one step), near it, and lays the graph out again. */
  expand(id: string): Promise<number>;
  graph: MultiDirectedGraph<NodeAttributes, EdgeAttributes>;
  exportPng(): void;
  exportGexf(): void;
  exportGraphml(): void;
  kill(): void;
}

const LAYOUT_MS = 2500;

function nodeLabel(n: GraphNode): string {
  const marks = [
    n.sanctioned ? 'sanctioned' : '',
    n.secrecy_jurisdiction ? `secrecy jurisdiction ${n.jurisdiction ?? ''}` : '',
  ]
    .filter((m) => m !== '')
    .join(', ');
  return marks === '' ? n.name : `${n.name} (${marks})`;
}

function nodeAttributes(n: GraphNode, x: number, y: number): NodeAttributes {
  return {
    x,
    y,
    size: n.depth === 0 ? 14 : n.risk === 'HIGH' ? 10 : n.risk === 'MED' ? 8 : 6,
    color: n.sanctioned ? SANCTIONED : (TYPE_COLOURS[n.type] ?? '#777777'),
    label: nodeLabel(n),
    entity: n,
    ...(n.on_ubo_path || n.depth === 0 ? { forceLabel: true, highlighted: n.on_ubo_path && n.depth > 0 } : {}),
  };
}

function edgeAttributes(e: GraphEdge): EdgeAttributes {
  const share = shareText(e.share);
  return {
    size: e.on_ubo_path ? 4 : 1.5,
    color: e.on_ubo_path ? CHAIN : EDGE,
    label: share === '' ? e.role : `${e.role} ${share}`,
    type: 'arrow',
    relation: e,
  };
}

/** Draws `answer` into `container`; `onSelect` is told of the node clicked (after it has been expanded). */
export function drawGraph(container: HTMLElement, answer: GraphAnswer, onSelect: (node: GraphNode) => void): GraphView {
  const graph = new MultiDirectedGraph<NodeAttributes, EdgeAttributes>();
  const add = (nodes: readonly GraphNode[], edges: readonly GraphEdge[], near?: { x: number; y: number }): number => {
    let added = 0;
    nodes.forEach((n, i) => {
      if (graph.hasNode(n.id)) return;
      const angle = (2 * Math.PI * i) / Math.max(1, nodes.length);
      const r = near === undefined ? 1 + n.depth * 10 : 3;
      graph.addNode(
        n.id,
        nodeAttributes(n, (near?.x ?? 0) + r * Math.cos(angle), (near?.y ?? 0) + r * Math.sin(angle)),
      );
      added++;
    });
    for (const e of edges) {
      if (graph.hasEdge(e.id) || !graph.hasNode(e.source) || !graph.hasNode(e.target)) continue;
      graph.addDirectedEdgeWithKey(e.id, e.source, e.target, edgeAttributes(e));
    }
    return added;
  };
  add(answer.nodes, answer.edges);

  const renderer = new Sigma(graph, container, {
    renderEdgeLabels: true,
    defaultEdgeType: 'arrow',
    labelRenderedSizeThreshold: 8,
    labelDensity: 0.5,
    zIndex: true,
  });

  let layout: FA2Layout | null = null;
  let stopAt = 0;
  const relayout = (): void => {
    layout?.kill();
    layout = new FA2Layout(graph, {
      settings: { ...inferSettings(graph), slowDown: 5, barnesHutOptimize: graph.order > 500 },
    });
    layout.start();
    stopAt = window.setTimeout(() => layout?.stop(), LAYOUT_MS);
  };
  relayout();

  // Dragging a node moves it (and stops the layout from pulling it back).
  let dragged: string | null = null;
  let moved = false;
  renderer.on('downNode', ({ node }) => {
    dragged = node;
    moved = false;
    layout?.stop();
  });
  renderer.getMouseCaptor().on('mousemovebody', (e) => {
    if (dragged === null) return;
    moved = true;
    const pos = renderer.viewportToGraph(e);
    graph.mergeNodeAttributes(dragged, { x: pos.x, y: pos.y });
    e.preventSigmaDefault();
    e.original.preventDefault();
    e.original.stopPropagation();
  });
  renderer.getMouseCaptor().on('mouseup', () => {
    dragged = null;
  });

  const expand = async (id: string): Promise<number> => {
    const more = await get<GraphAnswer>(`/graph/${idPath(id)}`, { depth: 1, max_nodes: 200 });
    if (!more.ok) return 0;
    const at = graph.getNodeAttributes(id);
    // The answer's depths count from the node expanded; kept as they were for nodes already drawn.
    const added = add(
      more.body.nodes.map((n) => ({ ...n, depth: n.depth + at.entity.depth, on_ubo_path: false, ubo: false })),
      more.body.edges.map((e) => ({ ...e, on_ubo_path: false })),
      at,
    );
    if (added > 0) relayout();
    return added;
  };

  renderer.on('clickNode', ({ node }) => {
    if (moved) return;
    void expand(node).then(() => onSelect(graph.getNodeAttribute(node, 'entity')));
  });

  const name = `unshell-${answer.root.replace(/[^A-Za-z0-9-]+/g, '_')}`;
  return {
    graph,
    expand,
    exportPng: () => {
      const canvases = renderer.getCanvases();
      const layers = ['edges', 'edgeLabels', 'nodes', 'labels']
        .map((k) => canvases[k])
        .filter((c): c is HTMLCanvasElement => c !== undefined);
      exportPng(layers, name, () => renderer.refresh());
    },
    exportGexf: () => exportGexf(graph, name),
    exportGraphml: () => exportGraphml(graph, name),
    kill: () => {
      window.clearTimeout(stopAt);
      layout?.kill();
      renderer.kill();
    },
  };
}
