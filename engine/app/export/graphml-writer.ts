// GraphML of a graphology graph, with a typed key for every attribute, as Gephi, yEd and networkx read them.
import type { AbstractGraph, Attributes } from 'graphology-types';

type KeyType = 'string' | 'double' | 'boolean';

const xml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot hold at all (controls other than tab, newline and return) are dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

function typeOf(value: unknown): KeyType | null {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'double' : null;
  if (typeof value === 'boolean') return 'boolean';
  return null;
}

/**
 * graphology-graphml reads GraphML but does not write it, hence this writer. An attribute is declared once per kind
 * (node or edge) with the type of its first value; a later value of another type is left out rather than written
 * under a key that would mistype it.
 */
export function writeGraphml(graph: AbstractGraph<Attributes, Attributes>): string {
  const keys = new Map<string, { for: 'node' | 'edge'; name: string; type: KeyType }>();
  const data = (kind: 'node' | 'edge', attributes: Attributes): string => {
    let out = '';
    for (const [name, value] of Object.entries(attributes)) {
      const type = typeOf(value);
      if (type === null) continue;
      const id = `${kind[0]}_${name}`;
      const key = keys.get(id) ?? { for: kind, name, type };
      keys.set(id, key);
      if (key.type === type) out += `<data key="${xml(id)}">${xml(String(value))}</data>`;
    }
    return out;
  };
  const nodes = graph.mapNodes((node, attributes) => `<node id="${xml(node)}">${data('node', attributes)}</node>\n`);
  const edges = graph.mapEdges(
    (edge, attributes, source, target) =>
      `<edge id="${xml(edge)}" source="${xml(source)}" target="${xml(target)}">${data('edge', attributes)}</edge>\n`,
  );
  const declared = [...keys].map(
    ([id, k]) => `<key id="${xml(id)}" for="${k.for}" attr.name="${xml(k.name)}" attr.type="${k.type}"/>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n' +
    declared.join('') +
    `<graph edgedefault="${graph.type === 'undirected' ? 'undirected' : 'directed'}">\n${nodes.join('')}${edges.join('')}</graph>\n</graphml>\n`
  );
}
