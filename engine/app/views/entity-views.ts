// Builds the entity shapes of responses (full record, connections) from the stores of a corpus.
import { EDGE_FAMILIES, type EdgeFamily } from '../../graph/relation-graph.js';
import { notFound } from '../../errors/service-error.js';
import type { Corpus } from '../../corpus.js';
import type { Connection, FullEntity } from '../../model/views.js';
import { comparePositions, encodeCursor, type ConnectionPosition } from './connection-cursor.js';
import type { SourceCollector } from './sources.js';
import { missing } from '../../errors/missing.js';

export function requireEntity(corpus: Corpus, id: string): number {
  const ix = corpus.entities.indexOf(id);
  if (ix === undefined) throw notFound('entity', id);
  return ix;
}

export function fullEntity(corpus: Corpus, ix: number, sources: SourceCollector): FullEntity {
  const table = corpus.entities;
  const e = table.record(ix);
  // Spelled out rather than spread from hit(ix): a spread object grows past its hidden class's slack field by field.
  return {
    id: table.ids.at(ix) ?? missing('entity id'),
    name: table.names.at(ix) ?? missing('entity name'),
    type: table.type(ix),
    jurisdiction: table.jurisdiction(ix),
    risk: table.risk(ix),
    source: table.source(ix),
    cluster_id: e.cluster_id,
    identifiers: e.identifiers,
    roles: e.roles,
    aliases: e.aliases,
    addresses: e.addresses,
    birth_date: e.birth_date,
    nationalities: e.nationalities,
    incorporation_date: e.incorporation_date,
    dissolution_date: e.dissolution_date,
    status: e.status,
    topics: e.topics,
    position: e.position,
    sources: e.provenance.map((p) => sources.add(p, e.id)),
  };
}

export interface ConnectionList {
  connections: Connection[];
  total: number;
}

/** Direct relationships of an entity in their stable order: those where others hold a role in it first. */
function orderedEdges(
  corpus: Corpus,
  ix: number,
  families: readonly EdgeFamily[],
): Array<{ other: number } & ConnectionPosition> {
  const found: Array<{ other: number } & ConnectionPosition> = [];
  corpus.graph.forEachEdge(ix, families, (other, relationship, _attrs, direction) =>
    found.push({ relationship, other, direction }),
  );
  return found.sort(comparePositions);
}

function connectionView(
  corpus: Corpus,
  sources: SourceCollector,
  { relationship, other, direction }: { other: number } & ConnectionPosition,
): Connection {
  const r = corpus.relationships.get(relationship);
  return {
    role: r.role,
    kind: r.kind,
    share: r.share,
    direction,
    other: corpus.entities.hit(other),
    start_date: r.start_date,
    end_date: r.end_date,
    provenance: sources.add(r.provenance, r.target),
  };
}

/** Direct relationships of an entity, those where others hold a role in it first, capped at `cap`. */
export function connectionsOf(
  corpus: Corpus,
  ix: number,
  sources: SourceCollector,
  cap: number,
  families: readonly EdgeFamily[] = EDGE_FAMILIES,
): ConnectionList {
  const found = orderedEdges(corpus, ix, families);
  return { connections: found.slice(0, cap).map((e) => connectionView(corpus, sources, e)), total: found.length };
}

export interface ConnectionPage extends ConnectionList {
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

/**
 * One page of an entity's direct relationships: at most `limit`, starting after the position `after` names (from
 * the first when null). Keyed by position rather than offset, so that a page boundary stays put between calls.
 */
export function connectionPage(
  corpus: Corpus,
  ix: number,
  sources: SourceCollector,
  limit: number,
  after: ConnectionPosition | null,
): ConnectionPage {
  const found = orderedEdges(corpus, ix, EDGE_FAMILIES);
  let start = 0;
  if (after !== null)
    for (const e of found) {
      if (comparePositions(e, after) > 0) break;
      start++;
    }
  const page = found.slice(start, start + limit);
  const last = page[page.length - 1];
  const more = start + page.length < found.length && last !== undefined;
  return {
    connections: page.map((e) => connectionView(corpus, sources, e)),
    total: found.length,
    next: more ? encodeCursor(last) : null,
  };
}
