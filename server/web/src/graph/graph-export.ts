// The drawn graph saved for Gephi and other tools: GEXF (graphology-gexf) and GraphML, and the view as a PNG.
import type Graph from 'graphology';
import { write as writeGexf } from 'graphology-gexf/browser';

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function exportGexf(graph: Graph, name: string): void {
  download(`${name}.gexf`, new Blob([writeGexf(graph)], { type: 'application/xml' }));
}

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * GraphML, written here: graphology-graphml reads GraphML but does not write it. Every node and edge attribute that
 * is a string, number or boolean becomes a typed key, as Gephi and yEd read them.
 */
export function graphml(graph: Graph): string {
  const keys = new Map<string, { for: 'node' | 'edge'; name: string; type: string }>();
  const typeOf = (v: unknown): string | null =>
    typeof v === 'string' ? 'string' : typeof v === 'number' ? 'double' : typeof v === 'boolean' ? 'boolean' : null;
  const keyOf = (kind: 'node' | 'edge', name: string, v: unknown): string | null => {
    const type = typeOf(v);
    if (type === null) return null;
    const id = `${kind[0]}_${name}`;
    if (!keys.has(id)) keys.set(id, { for: kind, name, type });
    return id;
  };
  const data = (kind: 'node' | 'edge', attrs: Record<string, unknown>): string =>
    Object.entries(attrs)
      .map(([k, v]) => {
        const key = keyOf(kind, k, v);
        return key === null ? '' : `<data key="${xml(key)}">${xml(String(v))}</data>`;
      })
      .join('');
  const nodes = graph.mapNodes((n, a) => `<node id="${xml(n)}">${data('node', a)}</node>`);
  const edges = graph.mapEdges(
    (e, a, s, t) => `<edge id="${xml(e)}" source="${xml(s)}" target="${xml(t)}">${data('edge', a)}</edge>`,
  );
  const head = [...keys].map(
    ([id, k]) => `<key id="${xml(id)}" for="${k.for}" attr.name="${xml(k.name)}" attr.type="${k.type}"/>`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">' +
    head.join('') +
    `<graph edgedefault="directed">${nodes.join('')}${edges.join('')}</graph></graphml>\n`
  );
}

export function exportGraphml(graph: Graph, name: string): void {
  download(`${name}.graphml`, new Blob([graphml(graph)], { type: 'application/xml' }));
}

/** The view as it is drawn: sigma's layers painted in order onto one white canvas, right after a render. */
export function exportPng(layers: readonly HTMLCanvasElement[], name: string, render: () => void): void {
  const first = layers[0];
  if (first === undefined) return;
  const out = document.createElement('canvas');
  out.width = first.width;
  out.height = first.height;
  const ctx = out.getContext('2d');
  if (ctx === null) return;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  render();
  for (const layer of layers) ctx.drawImage(layer, 0, 0);
  out.toBlob((blob) => {
    if (blob !== null) download(`${name}.png`, blob);
  }, 'image/png');
}
