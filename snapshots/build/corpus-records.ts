// The records a loaded corpus holds now, its live changes included, as the normalised records a build reads.
import type { Corpus } from '../../engine/corpus.js';
import { EDGE_FAMILIES } from '../../engine/graph/relation-graph.js';
import type { EntityRecord, NormalisedRecord } from '../../engine/model/records.js';
import type { StoredEntity } from '../../engine/model/views.js';
import { isResolverLink } from '../../engine/resolution/linking.js';
import type { BuildSource } from './build-source.js';

/** The published fields of a stored entity: what the build derives (roles, risk, cluster, source, shared address) is left out. */
export function publishedEntity(stored: StoredEntity): EntityRecord {
  // Destructured to leave the derived fields behind.
  const { roles, risk, cluster_id, source, shared_address, ...published } = stored;
  return published;
}

/**
 * Every record the corpus serves, as a build source: each entity; each relationship a read of the graph finds
 * (so a relationship removed or replaced live is gone, its new version there), except the identity links the
 * resolver wrote, which the build derives again; each entity's current listings, statements and financials; and
 * every event, with the instant it was applied when that is not its own date (a live event keeps its place in
 * the pulse feed). Read entity by entity, so a corpus of millions is never copied whole.
 */
export function corpusRecords(corpus: Corpus, label = `snapshot ${corpus.info.snapshotId}`): BuildSource {
  function* records(): Generator<NormalisedRecord> {
    const { entities, graph, relationships, listings, statements, financials, events, timeline } = corpus;
    for (let ix = 0; ix < entities.size; ix++) yield publishedEntity(entities.record(ix));
    const out: number[] = [];
    for (let ix = 0; ix < entities.size; ix++) {
      out.length = 0;
      graph.forEachEdge(ix, EDGE_FAMILIES, (_other, rel, _attrs, direction) => {
        if (direction === 'out') out.push(rel);
      });
      for (const rel of out) {
        const r = relationships.get(rel);
        if (!isResolverLink(r)) yield r;
      }
    }
    for (const family of [listings, statements, financials])
      for (let ix = 0; ix < entities.size; ix++) for (const r of family.byEntity.of(ix)) yield family.records.get(r);
    for (let k = 0; k < timeline.size; k++) {
      const e = events.records.get(timeline.record(k));
      const at = timeline.at(k);
      yield at === Date.parse(e.occurred_at) ? e : { ...e, applied_at: new Date(at).toISOString() };
    }
  }
  return { label, records: records() };
}
