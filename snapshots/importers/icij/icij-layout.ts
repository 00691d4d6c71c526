// The two ICIJ Offshore Leaks CSV layouts: which file of a folder holds which nodes, and how edges read.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ImportError } from '../importer.js';
import { relTypeOf2016 } from './icij-parties.js';

export type NodeKind = 'entity' | 'officer' | 'intermediary' | 'address' | 'other';

export interface IcijFiles {
  layout: 'current' | '2016';
  nodes: { kind: NodeKind; file: string }[];
  edges: string | null;
}

/**
 * Current release (full-oldb): `nodes-entities.csv`, `nodes-officers.csv`, …, `relationships.csv`. 2016 Panama
 * Papers release: `Entities.csv`, `Officers.csv`, `Intermediaries.csv`, `Addresses.csv`, `all_edges.csv` (samples
 * carry suffixes such as `Entities_mini.csv`). Columns are read by header name, so their order does not matter.
 */
const PATTERNS: { re: RegExp; kind: NodeKind | 'edges'; layout: IcijFiles['layout'] }[] = [
  { re: /^nodes-entities.*\.csv$/i, kind: 'entity', layout: 'current' },
  { re: /^nodes-officers.*\.csv$/i, kind: 'officer', layout: 'current' },
  { re: /^nodes-intermediaries.*\.csv$/i, kind: 'intermediary', layout: 'current' },
  { re: /^nodes-addresses.*\.csv$/i, kind: 'address', layout: 'current' },
  { re: /^nodes-others.*\.csv$/i, kind: 'other', layout: 'current' },
  { re: /^relationships.*\.csv$/i, kind: 'edges', layout: 'current' },
  { re: /^entities.*\.csv$/i, kind: 'entity', layout: '2016' },
  { re: /^officers.*\.csv$/i, kind: 'officer', layout: '2016' },
  { re: /^intermediaries.*\.csv$/i, kind: 'intermediary', layout: '2016' },
  { re: /^addresses.*\.csv$/i, kind: 'address', layout: '2016' },
  { re: /^all_edges.*\.csv$/i, kind: 'edges', layout: '2016' },
];

/** Addresses first (they are applied to the other nodes), then the parties. */
const ORDER: NodeKind[] = ['address', 'entity', 'other', 'intermediary', 'officer'];

export async function icijFiles(dir: string): Promise<IcijFiles> {
  const names = await readdir(dir).catch(() => {
    throw new ImportError(dir, 'not a readable directory of ICIJ CSV files');
  });
  const out: IcijFiles = { layout: 'current', nodes: [], edges: null };
  const layouts = new Set<string>();
  for (const name of names.sort()) {
    const p = PATTERNS.find((x) => x.re.test(name));
    if (p === undefined) continue;
    layouts.add(p.layout);
    out.layout = p.layout;
    if (p.kind === 'edges') out.edges = path.join(dir, name);
    else out.nodes.push({ kind: p.kind, file: path.join(dir, name) });
  }
  if (layouts.size === 0)
    throw new ImportError(
      dir,
      'no ICIJ node or relationship files (nodes-*.csv, relationships.csv, Entities.csv, all_edges.csv …)',
    );
  if (layouts.size > 1)
    throw new ImportError(dir, 'files of both the current and the 2016 layout: import them from separate folders');
  out.nodes.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return out;
}

/** An edge as both layouts give it. */
export interface IcijEdge {
  start: string;
  end: string;
  relType: string;
  link: string;
  startDate: string;
  endDate: string;
  sourceId: string;
}

export const EDGE_COLUMNS = {
  current: ['node_id_start', 'node_id_end', 'rel_type'],
  '2016': ['node_1', 'rel_type', 'node_2'],
} as const;

export function readEdge(layout: IcijFiles['layout'], get: (name: string) => string): IcijEdge {
  if (layout === 'current') {
    return {
      start: get('node_id_start'),
      end: get('node_id_end'),
      relType: get('rel_type'),
      link: get('link'),
      startDate: get('start_date'),
      endDate: get('end_date'),
      sourceId: get('sourceID'),
    };
  }
  // 2016: rel_type is the human text ("intermediary of", "shareholder of"), the current release's `link`.
  return {
    start: get('node_1'),
    end: get('node_2'),
    relType: relTypeOf2016(get('rel_type')),
    link: get('rel_type'),
    startDate: get('start_date'),
    endDate: get('end_date'),
    sourceId: get('sourceID'),
  };
}
