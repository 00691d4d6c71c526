// Builds the entity shapes of responses (full record, connections) from the stores of a corpus.
import { EDGE_FAMILIES, type EdgeFamily } from '../../graph/relation-graph.js';
import { notFound } from '../../errors/service-error.js';
import type { Corpus } from '../../corpus.js';
import type { Connection, FullEntity } from '../../model/views.js';
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
    id: table.ids[ix] ?? missing('entity id'),
    name: table.names[ix] ?? missing('entity name'),
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

/** Direct relationships of an entity, those where others hold a role in it first, capped at `cap`. */
export function connectionsOf(
  corpus: Corpus,
  ix: number,
  sources: SourceCollector,
  cap: number,
  families: readonly EdgeFamily[] = EDGE_FAMILIES,
): ConnectionList {
  const found: Array<{ rel: number; other: number; direction: 'in' | 'out' }> = [];
  corpus.graph.forEachEdge(ix, families, (other, rel, _attrs, direction) => found.push({ rel, other, direction }));
  found.sort((a, b) => (a.direction === b.direction ? a.rel - b.rel : a.direction === 'in' ? -1 : 1));
  const connections = found.slice(0, cap).map(({ rel, other, direction }): Connection => {
    const r = corpus.relationships.get(rel);
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
  });
  return { connections, total: found.length };
}
