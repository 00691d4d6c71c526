// A corpus with nothing in it, made in memory: what a live change applies to when a test needs no snapshot.
import type { Corpus } from '../../engine/corpus.js';
import { RelationGraph } from '../../engine/graph/relation-graph.js';
import { IdentifierIndex } from '../../engine/search/identifier-index.js';
import { NameIndex } from '../../engine/search/name-index.js';
import { ByEntityIndex } from '../../engine/store/by-entity.js';
import { EntityTable } from '../../engine/store/entity-table.js';
import { EventTimeline } from '../../engine/store/event-timeline.js';
import { RecordStore } from '../../engine/store/record-store.js';
import { noSemanticIndex } from '../../snapshots/load/load-vectors.js';

export function emptyCorpus(snapshotId = 'empty'): Corpus {
  const entities = new EntityTable(0);
  entities.useRecords(new RecordStore());
  const graph = new RelationGraph(0, 0);
  graph.seal();
  const clusters = new ByEntityIndex(0, []);
  const family = <T>(): { records: RecordStore<T>; byEntity: ByEntityIndex } => ({
    records: new RecordStore<T>(),
    byEntity: new ByEntityIndex(0, []),
  });
  return {
    info: { snapshotId, builtAt: '2026-11-25T00:00:00Z', sources: [], recordsOnDisk: false },
    entities,
    clusters,
    relationships: new RecordStore(),
    graph,
    names: NameIndex.build([]).index,
    identifiers: new IdentifierIndex(),
    listings: family(),
    statements: family(),
    financials: family(),
    events: family(),
    timeline: EventTimeline.empty(),
    highRisk: 0,
    freshness: new Map(),
    semantic: noSemanticIndex(entities, clusters),
  };
}
