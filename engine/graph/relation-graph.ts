// The relationship graph: Graphology multi-directed graphs, one per family of edge kinds.
import graphology from 'graphology';
import type { EdgeKind, Share } from '../model/records.js';

/**
 * Families are separate graphs because graphology keeps all edges of a graph in one Map, and a V8 Map
 * holds at most 2^24 entries; traversals also only ever walk one family at a time (ownership paths walk
 * `control`, company graphs add `role`), so each walk sees the smallest graph it needs.
 */
export const EDGE_FAMILY: Record<EdgeKind, EdgeFamily> = {
  ownership: 'control',
  control: 'control',
  parent: 'control',
  directorship: 'role',
  intermediary: 'role',
  identity: 'link',
  address: 'link',
  family: 'link',
  association: 'link',
};
export const EDGE_FAMILIES = ['control', 'role', 'link'] as const;
export type EdgeFamily = (typeof EDGE_FAMILIES)[number];

export interface NodeAttributes {
  ix: number;
}

/** Edge attributes stay small: the full relationship record (dates, natures, provenance) is `rel` in the store. */
export interface EdgeAttributes {
  kind: EdgeKind;
  role: string;
  share: Share | null;
  /** The relationship has an end date: it no longer holds, but stays on record. */
  ended: boolean;
  rel: number;
}

export type PartitionGraph = graphology.MultiDirectedGraph<NodeAttributes, EdgeAttributes>;

export interface EdgeVisit {
  attrs: EdgeAttributes;
  /** Entity index of the other end. */
  other: number;
  /** `in`: the other end holds the role in this entity (owns, controls, directs it). */
  direction: 'in' | 'out';
}

export class RelationGraph {
  readonly partitions: Record<EdgeFamily, PartitionGraph>;
  readonly #shares = new Map<string, Share>();
  readonly #roles = new Map<string, string>();

  constructor() {
    const make = (): PartitionGraph => new graphology.MultiDirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: false });
    this.partitions = { control: make(), role: make(), link: make() };
  }

  get size(): number {
    let n = 0;
    for (const f of EDGE_FAMILIES) n += this.partitions[f].size;
    return n;
  }

  /** Adds relationship `rel` from `source` (holds the role) to `target`. Self-loops are dropped. */
  add(
    source: string,
    sourceIx: number,
    target: string,
    targetIx: number,
    edge: { kind: EdgeKind; role: string; share: Share | null; ended: boolean; rel: number },
  ): boolean {
    if (source === target) return false;
    const g = this.partitions[EDGE_FAMILY[edge.kind]];
    if (!g.hasNode(source)) g.addNode(source, { ix: sourceIx });
    if (!g.hasNode(target)) g.addNode(target, { ix: targetIx });
    const { kind, role, share, ended, rel } = edge;
    g.addEdgeWithKey(rel, source, target, { kind, role: this.#role(role), share: this.#share(share), ended, rel });
    return true;
  }

  /** Visits every edge touching `id` in the given families, in insertion order. */
  forEachEdge(id: string, families: readonly EdgeFamily[], visit: (v: EdgeVisit) => void): void {
    for (const f of families) {
      const g = this.partitions[f];
      if (!g.hasNode(id)) continue;
      g.forEachInEdge(id, (_key, attrs, _source, _target, sourceAttrs) => visit({ attrs, other: sourceAttrs.ix, direction: 'in' }));
      g.forEachOutEdge(id, (_key, attrs, _source, _target, _sa, targetAttrs) => visit({ attrs, other: targetAttrs.ix, direction: 'out' }));
    }
  }

  degree(id: string, families: readonly EdgeFamily[]): number {
    let n = 0;
    for (const f of families) {
      const g = this.partitions[f];
      if (g.hasNode(id)) n += g.degree(id);
    }
    return n;
  }

  // Shares and roles repeat endlessly (four PSC bands, a dozen roles): share one object per value.
  #share(share: Share | null): Share | null {
    if (share === null) return null;
    const key = `${share.min}/${share.max}`;
    let s = this.#shares.get(key);
    if (s === undefined) {
      s = Object.freeze({ min: share.min, max: share.max });
      this.#shares.set(key, s);
    }
    return s;
  }

  #role(role: string): string {
    let r = this.#roles.get(role);
    if (r === undefined) {
      r = role;
      this.#roles.set(role, r);
    }
    return r;
  }
}
