// A loaded snapshot: every store and index the capabilities read, behind one object.
import type { RelationGraph } from './graph/relation-graph.js';
import type {
  EventRecord,
  FinancialsRecord,
  ListingRecord,
  RelationshipRecord,
  StatementRecord,
} from './model/records.js';
import type { IdentifierIndex } from './search/identifier-index.js';
import type { SemanticIndex } from './semantic/semantic-index.js';
import type { NameIndex } from './search/name-index.js';
import type { ByEntityIndex } from './store/by-entity.js';
import type { EventTimeline } from './store/event-timeline.js';
import type { EntityTable } from './store/entity-table.js';
import type { RecordStore } from './store/record-store.js';

/** Records of one family with their per-entity index. */
export interface EntityFamily<T> {
  records: RecordStore<T>;
  byEntity: ByEntityIndex;
}

/** What the corpus was built from, as recorded in the snapshot. */
export interface CorpusInfo {
  snapshotId: string;
  builtAt: string;
  sources: Array<{ code: string; name: string; as_of: string | null; records: number }>;
  /** Whether entity and relationship records are read from the snapshot's files as asked for (UNSHELL_RECORDS). */
  recordsOnDisk: boolean;
}

/** The newest change applied after load from one source: when it was applied, and when its publisher published it. */
export interface SourceFreshness {
  /** Epoch ms. */
  appliedAt: number;
  /** Epoch ms, when the publisher dates its changes (a stream event's publication), else null. */
  publishedAt: number | null;
  /** Entities this source added after load. */
  added: number;
}

export interface Corpus {
  info: CorpusInfo;
  entities: EntityTable;
  /** Members of each cluster, keyed by the canonical record's index. */
  clusters: ByEntityIndex;
  relationships: RecordStore<RelationshipRecord>;
  graph: RelationGraph;
  names: NameIndex;
  identifiers: IdentifierIndex;
  listings: EntityFamily<ListingRecord>;
  statements: EntityFamily<StatementRecord>;
  financials: EntityFamily<FinancialsRecord>;
  events: EntityFamily<EventRecord>;
  /** Every event in the order it was applied: the pulse feed's index. */
  timeline: EventTimeline;
  /** Number of high-risk entities: counted at load, kept current by live changes. */
  highRisk: number;
  /** Per source code, the newest change applied after load; a source with none is as the snapshot has it. */
  freshness: Map<string, SourceFreshness>;
  /** Semantic search: embedder, vector index and live coverage. */
  semantic: SemanticIndex;
}
