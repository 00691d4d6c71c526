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
}

/**
 * Every event in time order, oldest first (ties by event id): the pulse feed's index, built once at load.
 * Position k holds event record `order[k]`, which occurred at `at[k]` (epoch ms), about entity `entity[k]`,
 * of kind `EVENT_KINDS[kind[k]]`.
 */
export interface EventTimeline {
  order: Uint32Array;
  at: Float64Array;
  entity: Int32Array;
  kind: Uint8Array;
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
  timeline: EventTimeline;
  /** Number of high-risk entities, counted once at load. */
  highRisk: number;
  /** Semantic search: embedder, vector index and live coverage. */
  semantic: SemanticIndex;
}
