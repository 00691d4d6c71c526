// Loads a snapshot directory into a Corpus: verifies every file, then fills stores and indexes from columns.
import path from 'node:path';
import type { Corpus, EntityFamily } from '../../engine/corpus.js';
import { missing } from '../../engine/errors/missing.js';
import { RelationGraph } from '../../engine/graph/relation-graph.js';
import {
  type EventRecord,
  type FinancialsRecord,
  type ListingRecord,
  type RelationshipRecord,
  type StatementRecord,
} from '../../engine/model/records.js';
import type { StoredEntity } from '../../engine/model/views.js';
import { IdentifierIndex } from '../../engine/search/identifier-index.js';
import { ByEntityIndex } from '../../engine/store/by-entity.js';
import { EventTimeline } from '../../engine/store/event-timeline.js';
import { EntityTable } from '../../engine/store/entity-table.js';
import { RecordStore } from '../../engine/store/record-store.js';
import { FileShard } from '../../engine/store/shard-bytes.js';
import {
  columnView,
  int32s,
  readInt32s,
  uint32s,
  type EntityColumnsChunk,
  type EventTimelineChunk,
  type IdentifierColumnsChunk,
  type OffsetsChunk,
  type OwnersChunk,
} from '../format/columns.js';
import { FAMILIES, RECORD_FAMILIES, REQUIRED_FAMILIES, type RecordFamily } from '../format/families.js';
import { SnapshotError, readManifest, type Manifest } from '../format/manifest.js';
import { REQUIRED_SEMANTIC, SEMANTIC_FAMILIES } from '../format/semantic-chunks.js';
import type { PassProgress } from '../../engine/runtime/pass-progress.js';
import type { ReadStep } from '../format/snapshot-reader.js';
import { loadEdges } from './load-edges.js';
import { loadNameIndex } from './load-names.js';
import { NameIndex } from '../../engine/search/name-index.js';
import { loadSemanticIndex, noSemanticIndex } from './load-vectors.js';
import { SnapshotFiles } from './snapshot-files.js';
import { placedOnDisk, type RecordPlacement } from '../../engine/store/record-placement.js';

export interface LoadOptions {
  log?: (line: string) => void;
  /** False while a snapshot is being built: its semantic files are made from the rest of it. */
  semantic?: boolean;
  /**
   * Only what the text of a cluster reads (entity records and columns, clusters, the graph, listings): the build's
   * semantic pass. Names, identifiers and the other record families are left unread and empty, and the semantic
   * files too: at 20M entities they are most of a loaded snapshot's memory.
   */
  textOnly?: boolean;
  /** Told how many of the snapshot's bytes are read and verified. */
  progress?: PassProgress;
  /** Where entity and relationship records are kept while serving (default `auto`). */
  records?: RecordPlacement;
}

/** Marks a promise started ahead of its use as handled; awaited later, it still fails with its own error. */
function early<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}

/** The name index's families. */
const NAME_FAMILIES: readonly string[] = [
  FAMILIES.nameEntries,
  FAMILIES.nameKeys,
  FAMILIES.nameVocabulary,
  FAMILIES.nameWordEntries,
  FAMILIES.nameFlexsearch,
  FAMILIES.nameSounds,
  FAMILIES.nameNativeSounds,
];

/**
 * The order the worker reads families in: the columns first, as the loader walks them, so that the main thread
 * never waits behind the record families (3 GiB at 5M entities, read cold from disk in seconds); then the two
 * large record families, which are only checked, never decoded. They arrive as buffers of up to a gigabyte,
 * which V8 answers with a full collection each, cheapest while the heap is still small.
 */
const COLUMN_ORDER: readonly string[] = [
  FAMILIES.offsets,
  FAMILIES.entityColumns,
  FAMILIES.identifierColumns,
  FAMILIES.edges,
  FAMILIES.owners,
  ...NAME_FAMILIES,
  FAMILIES.eventTimeline,
  SEMANTIC_FAMILIES.vocabulary,
  SEMANTIC_FAMILIES.meta,
];
/** What a text-only load leaves unread. */
const NOT_TEXT: ReadonlySet<string> = new Set([
  ...REQUIRED_SEMANTIC,
  FAMILIES.identifierColumns,
  ...NAME_FAMILIES,
  FAMILIES.relationships,
  FAMILIES.statements,
  FAMILIES.financials,
  FAMILIES.events,
  FAMILIES.eventTimeline,
]);
const RECORD_ORDER: readonly RecordFamily[] = [
  'entities',
  'relationships',
  ...RECORD_FAMILIES.filter((f) => f !== 'entities' && f !== 'relationships'),
];
/** The record families a load may leave in their files: together nine tenths of a snapshot's records. */
const FILE_BACKED_FAMILIES: ReadonlySet<string> = new Set<RecordFamily>(['entities', 'relationships']);

/** What the worker reads, and in what order; record families left in their files are only verified. */
function readPlan(onDisk: boolean): ReadonlyArray<Omit<ReadStep, 'files'>> {
  return [
    ...COLUMN_ORDER.map((family) => ({ family, mode: 'keep' as const })),
    ...RECORD_ORDER.map((family) =>
      onDisk && FILE_BACKED_FAMILIES.has(family)
        ? { family, mode: 'verify' as const }
        : { family, mode: 'keep' as const, chunkBytes: 1024 * 1024 * 1024 },
    ),
    { family: SEMANTIC_FAMILIES.hnsw, mode: 'verify' },
  ];
}

/** The pulse feed's timeline as the build ordered it: columns copied, no event decoded. */
async function loadTimeline(files: SnapshotFiles, events: number, dir: string): Promise<EventTimeline> {
  const columns = {
    record: new Uint32Array(events),
    at: new Float64Array(events),
    entity: new Int32Array(events),
    kind: new Uint8Array(events),
  };
  let k = 0;
  await files.walk(FAMILIES.eventTimeline, (rec) => {
    const c = rec as EventTimelineChunk;
    const n = c.kind.length;
    if (k + n > events)
      throw new SnapshotError(`snapshot ${dir}: the event timeline holds more than its ${events} events`);
    readInt32s(c.record, columns.record, k);
    const at = columnView(c.at);
    for (let i = 0; i < n; i++) columns.at[k + i] = at.getFloat64(i * 8, true);
    readInt32s(c.entity, columns.entity, k);
    columns.kind.set(c.kind, k);
    k += n;
  });
  if (k !== events) throw new SnapshotError(`snapshot ${dir}: the event timeline holds ${k} of its ${events} events`);
  return new EventTimeline(columns);
}

export async function loadSnapshot(dir: string, options: LoadOptions = {}): Promise<Corpus> {
  const log = options.log ?? ((): void => undefined);
  const started = Date.now();
  const since = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const manifest = await readManifest(dir);
  const files = new SnapshotFiles(dir, manifest.files);
  for (const family of REQUIRED_FAMILIES) {
    if (!files.has(family))
      throw new SnapshotError(`snapshot ${dir} is incomplete: the manifest lists no "${family}" files`);
  }

  // A worker reads and verifies every file while the main thread decodes the columns; record families are only
  // read and checked, and nothing waits for them until the columns are done.
  const unread = (family: string): boolean =>
    options.textOnly === true ? NOT_TEXT.has(family) : options.semantic === false && REQUIRED_SEMANTIC.includes(family);
  const fileBacked = manifest.files.filter((f) => FILE_BACKED_FAMILIES.has(f.family));
  const onDisk = placedOnDisk(
    options.records ?? 'auto',
    fileBacked.reduce((n, f) => n + f.bytes, 0),
  );
  if (onDisk) log('entity and relationship records are read from the snapshot files as they are asked for');
  const reader = files.startReading(
    readPlan(onDisk).filter((s) => !unread(s.family)),
    options.progress,
  );
  try {
    return await loadFiles({ dir, manifest, files, options, log, since, unread, onDisk });
  } catch (err) {
    await reader.close();
    throw err;
  }
}

interface LoadState {
  dir: string;
  manifest: Manifest;
  files: SnapshotFiles;
  options: LoadOptions;
  log: (line: string) => void;
  /** Time since the load started, for the log. */
  since: () => string;
  /** Whether a family is left unread (loaded empty). */
  unread: (family: string) => boolean;
  /** Whether the file-backed record families stay in their files. */
  onDisk: boolean;
}

async function loadFiles({ dir, manifest, files, options, log, since, unread, onDisk }: LoadState): Promise<Corpus> {
  const offsets = new Map<string, Uint32Array>();
  await files.walk(FAMILIES.offsets, (rec) => {
    const c = rec as OffsetsChunk;
    offsets.set(c.path, uint32s(c.starts));
  });
  /** A record family stays as its verified bytes; the offsets written at build time locate each record. */
  const records = async <T>(family: RecordFamily): Promise<RecordStore<T>> => {
    const structures = manifest.record_structures[family];
    if (structures === undefined)
      throw new SnapshotError(`snapshot ${dir} is incomplete: the manifest has no record shapes for "${family}"`);
    const store = new RecordStore<T>(structures);
    if (unread(family)) return store;
    const shards = await files.reader.family(family);
    const inFiles = onDisk && FILE_BACKED_FAMILIES.has(family);
    files.of(family).forEach((file, i) => {
      const bytes = inFiles
        ? new FileShard(path.join(dir, file.path), file.bytes)
        : (shards[i] ?? missing('record shard'));
      const starts = offsets.get(file.path);
      if (starts?.length !== file.records + 1 || starts[file.records] !== bytes.length) {
        throw new SnapshotError(`snapshot ${dir}: the offsets of ${file.path} do not match the file`);
      }
      store.addShard(bytes, starts);
    });
    return store;
  };
  const recordStores = new Map<RecordFamily, Promise<RecordStore<unknown>>>();
  for (const family of RECORD_FAMILIES) recordStores.set(family, early(records(family)));
  const recordsOf = <T>(family: RecordFamily): Promise<RecordStore<T>> =>
    // The store of a family holds records of that family's type: the map cannot say so.
    (recordStores.get(family) ?? missing('record family store')) as Promise<RecordStore<T>>;

  const entityCount = files.count(FAMILIES.entities);
  const entities = new EntityTable(entityCount);
  // The graph's buffers are allocated before the heap fills, for the same reason as the record families' order.
  const relationshipCount = files.count(FAMILIES.relationships);
  const graph = new RelationGraph(entityCount, relationshipCount);
  await files.walk(FAMILIES.entityColumns, (rec) => {
    const c = rec as EntityColumnsChunk;
    entities.addColumns({
      ids: { bytes: c.ids, ends: columnView(c.idEnds) },
      names: { bytes: c.names, ends: columnView(c.nameEnds) },
      types: c.types,
      risks: c.risks,
      jurisdictions: { codes: c.jurisdictionCodes, of: columnView(c.jurisdictions) },
      sources: { codes: c.sourceCodes, of: c.sources },
      clusters: int32s(c.clusters),
    });
  });
  let highRisk = 0;
  for (let ix = 0; ix < entities.size; ix++) if (entities.riskCode(ix) === 0) highRisk += 1;
  const clusterOwners = new Int32Array(entities.size);
  for (let ix = 0; ix < entities.size; ix++) clusterOwners[ix] = entities.cluster(ix);
  const clusters = new ByEntityIndex(entities.size, clusterOwners);
  const identifiers = new IdentifierIndex(entityCount);
  if (!unread(FAMILIES.identifierColumns))
    await files.walk(FAMILIES.identifierColumns, (rec) => {
      const c = rec as IdentifierColumnsChunk;
      identifiers.addRun({
        schemes: c.schemeCodes,
        scheme: columnView(c.schemes),
        values: c.values,
        ends: columnView(c.valueEnds),
        entities: columnView(c.entities),
        own: c.own,
      });
    });
  if (entities.size !== entityCount)
    throw new SnapshotError(`snapshot ${dir}: ${entities.size} entities in the columns, ${entityCount} records`);
  log(`loaded ${entities.size} entities (${since()})`);

  await loadEdges(files, graph);
  log(`loaded ${graph.size} relationships (${since()})`);

  const owners = new Map<string, Int32Array>();
  await files.walk(FAMILIES.owners, (rec) => {
    const c = rec as OwnersChunk;
    owners.set(c.family, int32s(c.owners));
  });
  const family = async <T>(name: RecordFamily): Promise<EntityFamily<T>> => {
    const store = await recordsOf<T>(name);
    const of = unread(name) ? new Int32Array(0) : (owners.get(name) ?? new Int32Array(0));
    if (of.length !== store.size)
      throw new SnapshotError(`snapshot ${dir}: the owners of "${name}" do not match its records`);
    return { records: store, byEntity: new ByEntityIndex(entities.size, of) };
  };
  const names = unread(FAMILIES.nameEntries) ? NameIndex.build([]).index : await loadNameIndex(files);
  log(`loaded name index: ${names.entries} names (${since()})`);

  const events = await family<EventRecord>('events');
  const listings = await family<ListingRecord>('listings');
  const statements = await family<StatementRecord>('statements');
  const financials = await family<FinancialsRecord>('financials');
  const timeline = unread(FAMILIES.events)
    ? EventTimeline.empty()
    : await loadTimeline(files, events.records.size, dir);
  log(`loaded ${timeline.size} events into the timeline (${since()})`);
  const semantic =
    options.semantic === false || options.textOnly === true
      ? noSemanticIndex(entities, clusters)
      : await loadSemanticIndex(files, entities, clusters);
  if (options.semantic !== false && options.textOnly !== true)
    log(`loaded semantic index: ${semantic.index.size} clusters embedded (${since()})`);

  entities.useRecords(await recordsOf<StoredEntity>('entities'));
  const relationships = await recordsOf<RelationshipRecord>('relationships');
  log(`verified ${entities.size} entity and ${relationships.size} relationship records (${since()})`);

  return {
    info: {
      snapshotId: manifest.snapshot_id,
      builtAt: manifest.built_at,
      sources: manifest.sources,
      recordsOnDisk: onDisk,
    },
    entities,
    clusters,
    relationships,
    graph,
    names,
    identifiers,
    listings,
    statements,
    financials,
    events,
    timeline,
    highRisk,
    freshness: new Map(),
    semantic,
  };
}
