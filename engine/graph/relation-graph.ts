// The relationship graph: ownership as a Graphology multi-directed graph, the larger families in compact arrays.
import graphology from 'graphology';
import type { EdgeKind, Share } from '../model/records.js';
import { CompactAdjacencyBuilder, type CompactAdjacency } from './compact-adjacency.js';

/**
 * Families are kept apart because no walk needs two of them at once. Ownership, control and parent edges
 * (`control`) are what traversals walk, so they live in Graphology, where graphology-traversal and the
 * library's algorithms apply. Officer appointments (`role`) and links (`link`) are far more numerous and
 * only ever listed per entity: compressed sparse rows hold them at a few bytes per edge, build in
 * milliseconds, and put nothing on the garbage-collected heap.
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

/** Node keys of the ownership graph are entity indexes as strings, and carry no attributes. */
export type NodeAttributes = Record<string, never>;

/**
 * Edge attributes are shared, frozen objects, one per distinct (kind, role, share, ended): millions of edges
 * carry a few hundred combinations, and the heap holds no per-edge attribute object. The edge key is the
 * relationship's index in the record store, where its dates, natures and provenance are.
 */
export interface EdgeAttributes {
  readonly kind: EdgeKind;
  readonly role: string;
  readonly share: Share | null;
  /** The relationship has an end date: it no longer holds, but stays on record. */
  readonly ended: boolean;
}

export type OwnershipGraph = graphology.MultiDirectedGraph<NodeAttributes, EdgeAttributes>;

export interface EdgeVisit {
  attrs: EdgeAttributes;
  /** Index of the relationship record. */
  rel: number;
  /** Entity index of the other end. */
  other: number;
  /** `in`: the other end holds the role in this entity (owns, controls, directs it). */
  direction: 'in' | 'out';
}

const NO_ATTRIBUTES: NodeAttributes = Object.freeze({});

/** Graphology keys are strings; an index string is stored as an array element, not a new hidden class. */
export const nodeKey = (entity: number): string => String(entity);

export class RelationGraph {
  readonly ownership: OwnershipGraph = new graphology.MultiDirectedGraph<NodeAttributes, EdgeAttributes>({ allowSelfLoops: false });
  readonly #interned = new Map<string, number>();
  readonly #attributes: EdgeAttributes[] = [];
  #attrOf: Uint16Array;
  #others = new CompactAdjacencyBuilder();
  #compact: CompactAdjacency | null = null;
  readonly #entityCount: number;

  constructor(entityCount: number, expectedEdges = 0) {
    this.#entityCount = entityCount;
    this.#attrOf = new Uint16Array(Math.max(1024, expectedEdges));
  }

  get size(): number {
    return this.ownership.size + (this.#compact?.size ?? 0);
  }

  /** Adds relationship `rel` from `source` (holds the role) to `target`, both entity indexes. Self-loops are dropped. */
  add(source: number, target: number, edge: EdgeAttributes, rel: number): boolean {
    if (source === target) return false;
    if (this.#compact !== null) throw new Error('RelationGraph.add: the graph is already sealed');
    const attrs = this.#intern(edge, rel);
    if (EDGE_FAMILY[edge.kind] === 'control') {
      const g = this.ownership;
      const s = nodeKey(source);
      const t = nodeKey(target);
      if (!g.hasNode(s)) g.addNode(s, NO_ATTRIBUTES);
      if (!g.hasNode(t)) g.addNode(t, NO_ATTRIBUTES);
      g.addEdgeWithKey(rel, s, t, attrs);
    } else {
      this.#others.add(source, target, rel);
    }
    return true;
  }

  /** Freezes the compact families; call once every edge is in. */
  seal(): void {
    this.#compact = this.#others.build(this.#entityCount);
    this.#others = new CompactAdjacencyBuilder();
  }

  /** Visits every edge touching `entity` in the given families: ownership family first, then the others. */
  forEachEdge(entity: number, families: readonly EdgeFamily[], visit: (v: EdgeVisit) => void): void {
    if (families.includes('control')) {
      const key = nodeKey(entity);
      const g = this.ownership;
      if (g.hasNode(key)) {
        g.forEachInEdge(key, (rel, attrs, source) => visit({ attrs, rel: Number(rel), other: Number(source), direction: 'in' }));
        g.forEachOutEdge(key, (rel, attrs, _source, target) => visit({ attrs, rel: Number(rel), other: Number(target), direction: 'out' }));
      }
    }
    const compact = this.#compact;
    if (compact === null || !(families.includes('role') || families.includes('link'))) return;
    for (const direction of ['in', 'out'] as const) {
      compact.forEach(entity, direction, (other, rel) => {
        const attrs = this.#attributes[this.#attrOf[rel] as number] as EdgeAttributes;
        if (families.includes(EDGE_FAMILY[attrs.kind])) visit({ attrs, rel, other, direction });
      });
    }
  }

  degree(entity: number): number {
    const key = nodeKey(entity);
    return (this.ownership.hasNode(key) ? this.ownership.degree(key) : 0) + (this.#compact?.degree(entity) ?? 0);
  }

  #intern(edge: EdgeAttributes, rel: number): EdgeAttributes {
    const key = `${edge.kind}|${edge.role}|${edge.share?.min ?? ''}|${edge.share?.max ?? ''}|${edge.ended ? 1 : 0}`;
    let at = this.#interned.get(key);
    if (at === undefined) {
      at = this.#attributes.length;
      if (at > 0xffff) throw new Error('RelationGraph: more than 65,536 distinct edge attribute combinations');
      const share = edge.share === null ? null : Object.freeze({ min: edge.share.min, max: edge.share.max });
      this.#attributes.push(Object.freeze({ kind: edge.kind, role: edge.role, share, ended: edge.ended }));
      this.#interned.set(key, at);
    }
    if (rel >= this.#attrOf.length) {
      const grown = new Uint16Array(Math.max(rel + 1, this.#attrOf.length * 2));
      grown.set(this.#attrOf);
      this.#attrOf = grown;
    }
    this.#attrOf[rel] = at;
    return this.#attributes[at] as EdgeAttributes;
  }
}
