// Fills the relationship graph from a snapshot's edge columns: no relationship record is decoded.
import type { RelationGraph } from '../../engine/graph/relation-graph.js';
import { missing } from '../../engine/errors/missing.js';
import { EDGE_KINDS, type Share } from '../../engine/model/records.js';
import { columnView, type EdgeColumnsChunk } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import { SnapshotError } from '../format/manifest.js';
import type { SnapshotFiles } from './snapshot-files.js';

/** Adds every edge, relationship `rel` being the edge's position in the columns, and seals the graph. */
export async function loadEdges(files: SnapshotFiles, graph: RelationGraph): Promise<void> {
  const expected = files.count(FAMILIES.relationships);
  let rel = 0;
  await files.walk(FAMILIES.edges, (rec) => {
    const c = rec as EdgeColumnsChunk;
    const source = columnView(c.source);
    const target = columnView(c.target);
    const role = columnView(c.role);
    const min = columnView(c.shareMin);
    const max = columnView(c.shareMax);
    const codes = new EdgeCodes(graph, c.roles);
    for (let i = 0; i < c.kind.length; i++, rel++) {
      const code = codes.code(
        c.kind[i] ?? missing('edge kind'),
        role.getUint16(i * 2, true),
        c.ended[i] === 1,
        min.getFloat64(i * 8, true),
        max.getFloat64(i * 8, true),
      );
      graph.addCoded(source.getInt32(i * 4, true), target.getInt32(i * 4, true), code, rel);
    }
  });
  if (rel !== expected) throw new SnapshotError(`snapshot ${files.dir}: ${rel} edges for ${expected} relationships`);
  graph.seal();
}

/**
 * The attribute codes of one chunk's edges, looked up by numbers. Interning builds a string key from the
 * attributes, which ten million edges would each pay for; a chunk holds a few hundred distinct combinations.
 */
class EdgeCodes {
  readonly #plain = new Map<number, number>();
  readonly #shared = new Map<number, Map<number, Map<number, number>>>();

  constructor(
    private readonly graph: RelationGraph,
    private readonly roles: readonly string[],
  ) {}

  /** `min` is NaN for an edge without a share. */
  code(kind: number, role: number, ended: boolean, min: number, max: number): number {
    const key = (role * 16 + kind) * 2 + (ended ? 1 : 0);
    if (Number.isNaN(min)) {
      let code = this.#plain.get(key);
      if (code === undefined) {
        code = this.#intern(kind, role, ended, null);
        this.#plain.set(key, code);
      }
      return code;
    }
    let byMin = this.#shared.get(key);
    if (byMin === undefined) this.#shared.set(key, (byMin = new Map<number, Map<number, number>>()));
    let byMax = byMin.get(min);
    if (byMax === undefined) byMin.set(min, (byMax = new Map<number, number>()));
    let code = byMax.get(max);
    if (code === undefined) {
      code = this.#intern(kind, role, ended, { min, max });
      byMax.set(max, code);
    }
    return code;
  }

  #intern(kind: number, role: number, ended: boolean, share: Share | null): number {
    return this.graph.intern({
      kind: EDGE_KINDS[kind] ?? missing('edge kind name'),
      role: this.roles[role] ?? missing('edge role'),
      share,
      ended,
    });
  }
}
