// The relationship graph: every edge family as compressed sparse rows over entity indexes, off the garbage-collected heap.
import type { EdgeKind, Share } from '../model/records.js';
import { missing } from '../errors/missing.js';
import { EdgeListBuilder, type CompactAdjacency } from './compact-adjacency.js';
import { LiveEdges } from './live-edges.js';

/**
 * Families are kept apart because no walk needs two of them at once: ownership, control and parent edges
 * (`control`) are what ownership walks follow; officer appointments (`role`) and links (`link`) are far more
 * numerous and only ever listed per entity.
 *
 * Each family is held as compressed sparse rows (typed arrays of offsets, other ends and relationship indexes):
 * a few bytes per edge, built by two counting sorts, and nothing per edge on the garbage-collected heap. A
 * per-edge object graph (Graphology keeps every node in one Map and every edge in another) stops at V8's 2^24
 * entries per Map, which the full registers pass, and turns every full collection into seconds of marking.
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

/**
 * Edge attributes are shared, frozen objects, one per distinct (kind, role, share, ended): millions of edges
 * carry a few hundred combinations, and each edge holds a 16-bit code. The relationship's dates, natures and
 * provenance are in the record store, at the edge's relationship index.
 */
export interface EdgeAttributes {
  readonly kind: EdgeKind;
  readonly role: string;
  readonly share: Share | null;
  /** The relationship has an end date: it no longer holds, but stays on record. */
  readonly ended: boolean;
}

/**
 * One edge as a walk sees it. `other` is the entity index of the other end; `rel` the relationship record;
 * `direction` `in` when the other end holds the role in this entity (owns, controls, directs it).
 */
export type EdgeVisitor = (other: number, rel: number, attrs: EdgeAttributes, direction: 'in' | 'out') => void;

const FAMILY_CODE: Record<EdgeFamily, number> = { control: 0, role: 1, link: 2 };

export class RelationGraph {
  readonly #interned = new Map<string, number>();
  readonly #attributes: EdgeAttributes[] = [];
  #attrOf: Uint16Array;
  #edges: EdgeListBuilder | null;
  #families: CompactAdjacency[] | null = null;
  /** The highest relationship index in the graph: live additions come after it. */
  #highestRel = -1;
  /** Edges added and removed after the seal (live changes). */
  readonly #live = new LiveEdges(EDGE_FAMILIES.length);

  constructor(entityCount: number, expectedEdges = 0) {
    this.#attrOf = new Uint16Array(Math.max(1024, expectedEdges));
    this.#edges = new EdgeListBuilder(entityCount, EDGE_FAMILIES.length, expectedEdges);
  }

  /** Relationships held, every family, those added after the seal counted and those removed not. */
  get size(): number {
    const { added, removed } = this.#live.counts;
    return (this.#families ?? []).reduce((n, f) => n + f.size, 0) + added - removed;
  }

  /** Adds relationship `rel` from `source` (holds the role) to `target`, both entity indexes. Self-loops are dropped. */
  add(source: number, target: number, edge: EdgeAttributes, rel: number): boolean {
    return this.addCoded(source, target, this.intern(edge), rel);
  }

  /** As `add`, with attributes already interned by `intern` (loaders intern once per distinct combination). */
  addCoded(source: number, target: number, code: number, rel: number): boolean {
    if (source === target) return false;
    if (this.#edges === null) throw new Error('RelationGraph.add: the graph is already sealed');
    this.#edges.add(this.#code(rel, code), source, target, rel);
    return true;
  }

  /**
   * Adds relationship `rel` to the sealed graph, visible to every read at once (a live change). `rel` is a new
   * relationship index; a changed relationship is removed and added again under its new index.
   */
  addLive(source: number, target: number, edge: EdgeAttributes, rel: number): boolean {
    if (source === target) return false;
    this.#sealed();
    if (rel <= this.#highestRel)
      throw new Error(
        `RelationGraph.addLive: relationship ${rel} is not new (the highest so far is ${this.#highestRel})`,
      );
    this.#live.add(this.#code(rel, this.intern(edge)), source, target, rel);
    return true;
  }

  /** Removes relationship `rel` from every read (a live change); false when it was already removed. */
  removeLive(rel: number): boolean {
    this.#sealed();
    return this.#live.remove(rel);
  }

  /** Records the attribute code of relationship `rel`; returns its family's code. */
  #code(rel: number, code: number): number {
    if (rel >= this.#attrOf.length) {
      const grown = new Uint16Array(Math.max(rel + 1, this.#attrOf.length * 2));
      grown.set(this.#attrOf);
      this.#attrOf = grown;
    }
    this.#attrOf[rel] = code;
    if (rel > this.#highestRel) this.#highestRel = rel;
    return FAMILY_CODE[EDGE_FAMILY[(this.#attributes[code] ?? missing('edge attributes')).kind]];
  }

  /** Freezes every family into compressed rows; call once every edge is in. */
  seal(): void {
    if (this.#edges === null) throw new Error('RelationGraph.seal: the graph is already sealed');
    this.#families = this.#edges.build();
    this.#edges = null;
  }

  /** Visits every edge touching `entity` in the given families, family by family, in-edges first, each in insertion order. */
  forEachEdge(entity: number, families: readonly EdgeFamily[], visit: EdgeVisitor): void {
    const sealed = this.#sealed();
    const live = this.#live;
    for (const family of EDGE_FAMILIES) {
      if (!families.includes(family)) continue;
      const code = FAMILY_CODE[family];
      const adjacency = sealed[code] ?? missing('edge family adjacency');
      for (const direction of ['in', 'out'] as const) {
        const edge = (other: number, rel: number): void => visit(other, rel, this.attributes(rel), direction);
        adjacency.forEach(
          entity,
          direction,
          live.noneRemoved ? edge : (other, rel) => void (live.isRemoved(rel) || edge(other, rel)),
        );
        live.forEach(code, entity, direction, edge);
      }
    }
  }

  /** Visits the owners, controllers and parents of `entity` (in-edges of the control family), allocating nothing. */
  forEachOwner(entity: number, visit: (owner: number, rel: number, attrs: EdgeAttributes) => void): void {
    const live = this.#live;
    const owner = (other: number, rel: number): void => visit(other, rel, this.attributes(rel));
    (this.#sealed()[FAMILY_CODE.control] ?? missing('edge family adjacency')).forEach(
      entity,
      'in',
      live.noneRemoved ? owner : (other, rel) => void (live.isRemoved(rel) || owner(other, rel)),
    );
    live.forEach(FAMILY_CODE.control, entity, 'in', owner);
  }

  /** The attributes of relationship `rel`'s edge. */
  attributes(rel: number): EdgeAttributes {
    return this.#attributes[this.#attrOf[rel] ?? missing('edge attribute code')] ?? missing('edge attributes');
  }

  degree(entity: number): number {
    if (this.#live.counts.added === 0 && this.#live.noneRemoved)
      return this.#sealed().reduce((n, f) => n + f.degree(entity), 0);
    let n = 0;
    this.forEachEdge(entity, EDGE_FAMILIES, () => n++);
    return n;
  }

  /** The code of an attribute combination, shared by every edge that carries it. */
  intern(edge: EdgeAttributes): number {
    const key = `${edge.kind}|${edge.role}|${edge.share?.min ?? ''}|${edge.share?.max ?? ''}|${edge.ended ? 1 : 0}`;
    let at = this.#interned.get(key);
    if (at === undefined) {
      at = this.#attributes.length;
      if (at > 0xffff) throw new Error('RelationGraph: more than 65,536 distinct edge attribute combinations');
      const share = edge.share === null ? null : Object.freeze({ min: edge.share.min, max: edge.share.max });
      this.#attributes.push(Object.freeze({ kind: edge.kind, role: edge.role, share, ended: edge.ended }));
      this.#interned.set(key, at);
    }
    return at;
  }

  #sealed(): CompactAdjacency[] {
    if (this.#families === null) throw new Error('RelationGraph: read before seal()');
    return this.#families;
  }
}
