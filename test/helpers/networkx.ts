// Test helper: Python's networkx, a reader of GEXF and GraphML written apart from graphology, installed from Debian's
// packages when it is missing.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

export interface NetworkxGraph {
  directed: boolean;
  nodes: Record<string, Record<string, unknown>>;
  /** Each edge with its id, as the file gave it. */
  edges: { source: string; target: string; id: string; attributes: Record<string, unknown> }[];
}

const hasNetworkx = (): boolean => spawnSync('python3', ['-c', 'import networkx'], { stdio: 'ignore' }).status === 0;

/**
 * Null when networkx can be imported (after installing Debian's python3-networkx when the tests run as root and it
 * is missing), else why not, for `skip`.
 */
export function networkxMissing(): string | null {
  if (hasNetworkx()) return null;
  if (process.getuid?.() !== 0) return 'networkx is not installed: apt-get install python3-networkx (needs root)';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'python3-networkx'], { stdio: 'ignore', env });
  } catch (err) {
    return `installing python3-networkx failed: ${err instanceof Error ? err.message : String(err)}`;
  }
  return hasNetworkx() ? null : 'apt-get installed python3-networkx, but python3 cannot import networkx';
}

const READER = `
import json, sys
import networkx as nx
path, fmt = sys.argv[1], sys.argv[2]
g = nx.read_gexf(path) if fmt == 'gexf' else nx.read_graphml(path)
edges = []
if g.is_multigraph():
    for s, t, k, a in g.edges(keys=True, data=True):
        a = dict(a); edges.append({'source': s, 'target': t, 'id': str(a.pop('id', k)), 'attributes': a})
else:
    for s, t, a in g.edges(data=True):
        a = dict(a); edges.append({'source': s, 'target': t, 'id': str(a.pop('id', '')), 'attributes': a})
json.dump({'directed': g.is_directed(), 'nodes': {n: a for n, a in g.nodes(data=True)}, 'edges': edges}, sys.stdout)
`;

/**
 * The graph in `file` as networkx reads it. Read in a child process without blocking the test's event loop: a loop
 * held for seconds keeps the HTTP client from closing idle connections that the server has closed meanwhile, and the
 * next request on one fails with ECONNRESET.
 */
export async function readWithNetworkx(file: string, format: 'gexf' | 'graphml'): Promise<NetworkxGraph> {
  const { stdout } = await promisify(execFile)('python3', ['-c', READER, file, format], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as NetworkxGraph;
}
