// Loads a snapshot directory into a Corpus: verifies every file, then fills the stores and indexes.
import type { Corpus, EntityFamily } from '../../engine/corpus.js';
import { RelationGraph } from '../../engine/graph/relation-graph.js';
import { isIdentifierScheme } from '../../engine/identifiers/index.js';
import type { EventRecord, FinancialsRecord, ListingRecord, RelationshipRecord, StatementRecord } from '../../engine/model/records.js';
import type { StoredEntity } from '../../engine/model/views.js';
import { IdentifierIndex } from '../../engine/search/identifier-index.js';
import { NameIndex, type NameEntry } from '../../engine/search/name-index.js';
import { ByEntityIndex } from '../../engine/store/by-entity.js';
import { EntityTable } from '../../engine/store/entity-table.js';
import { OffsetCollector, RecordStore } from '../../engine/store/record-store.js';
import { FAMILIES, REQUIRED_FAMILIES } from '../format/families.js';
import { SnapshotError, readManifest, type SnapshotFile } from '../format/manifest.js';
import { readShard, walkShard } from '../format/shard-reader.js';

export interface LoadOptions {
  log?: (line: string) => void;
}

export async function loadSnapshot(dir: string, options: LoadOptions = {}): Promise<Corpus> {
  const log = options.log ?? ((): void => undefined);
  const started = Date.now();
  const manifest = await readManifest(dir);
  const byFamily = new Map<string, SnapshotFile[]>();
  for (const f of manifest.files) byFamily.set(f.family, [...(byFamily.get(f.family) ?? []), f]);
  for (const family of REQUIRED_FAMILIES) {
    if (!byFamily.has(family)) throw new SnapshotError(`snapshot ${dir} is incomplete: the manifest lists no "${family}" files`);
  }
  const filesOf = (family: string): SnapshotFile[] => byFamily.get(family) ?? [];
  const countOf = (family: string): number => filesOf(family).reduce((n, f) => n + f.records, 0);

  /** Walks every record of a family, keeping the shards as a RecordStore. */
  const storeFamily = async <T>(family: string, each: (rec: T, index: number) => void): Promise<RecordStore<T>> => {
    const store = new RecordStore<T>();
    let index = 0;
    for (const file of filesOf(family)) {
      const buf = await readShard(dir, file);
      const offsets = new OffsetCollector(file.records);
      walkShard(file.path, buf, file.records, (rec, start, end) => {
        offsets.push(start, end);
        each(rec as T, index++);
      });
      store.addShard(buf, offsets.finish());
    }
    return store;
  };
  const walkFamily = async (family: string, each: (rec: unknown) => void): Promise<void> => {
    for (const file of filesOf(family)) walkShard(file.path, await readShard(dir, file), file.records, each);
  };

  const entities = new EntityTable(countOf(FAMILIES.entities));
  const identifiers = new IdentifierIndex();
  let highRisk = 0;
  const entityStore = await storeFamily<StoredEntity>(FAMILIES.entities, (e, ix) => {
    entities.add(e);
    if (e.risk === 'HIGH') highRisk += 1;
    const ns = e.id.slice(0, e.id.indexOf(':'));
    for (const ident of e.identifiers) {
      if (isIdentifierScheme(ident.scheme)) identifiers.add(ident.scheme, ident.value, ix, ident.scheme === ns);
    }
  });
  entities.useRecords(entityStore);
  entities.seal();
  const clusterOwners = new Int32Array(entities.size);
  for (let ix = 0; ix < entities.size; ix++) clusterOwners[ix] = entities.cluster(ix);
  const clusters = new ByEntityIndex(entities.size, clusterOwners);
  log(`loaded ${entities.size} entities (${Date.now() - started} ms)`);

  const entityOf = (id: string, file: string): number => {
    const ix = entities.indexOf(id);
    if (ix === undefined) throw new SnapshotError(`snapshot ${dir}: ${file} refers to unknown entity "${id}"`);
    return ix;
  };

  const graph = new RelationGraph();
  const relationships = await storeFamily<RelationshipRecord>(FAMILIES.relationships, (r, i) => {
    const s = entityOf(r.source, FAMILIES.relationships);
    const t = entityOf(r.target, FAMILIES.relationships);
    graph.add(r.source, s, r.target, t, { kind: r.kind, role: r.role, share: r.share, ended: r.end_date !== null, rel: i });
  });
  log(`loaded ${graph.size} relationships (${Date.now() - started} ms)`);

  const family = async <T extends { entity_id: string }>(name: string): Promise<EntityFamily<T>> => {
    const owners: number[] = [];
    const records = await storeFamily<T>(name, (r) => owners.push(entityOf(r.entity_id, name)));
    return { records, byEntity: new ByEntityIndex(entities.size, owners) };
  };
  const listings = await family<ListingRecord>(FAMILIES.listings);
  const statements = await family<StatementRecord>(FAMILIES.statements);
  const financials = await family<FinancialsRecord>(FAMILIES.financials);
  const events = await family<EventRecord>(FAMILIES.events);

  const names = await loadNameIndex(walkFamily, countOf(FAMILIES.nameEntries));
  log(`loaded name index: ${names.entries} names (${Date.now() - started} ms)`);

  return {
    info: { snapshotId: manifest.snapshot_id, builtAt: manifest.built_at, sources: manifest.sources },
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
    highRisk,
  };
}

async function loadNameIndex(walk: (family: string, each: (rec: unknown) => void) => Promise<void>, count: number): Promise<NameIndex> {
  const entries: NameEntry[] = new Array<NameEntry>(count);
  let i = 0;
  await walk(FAMILIES.nameEntries, (rec) => {
    const [entity, core, legal] = rec as [number, string, string];
    entries[i++] = { entity, core, legal };
  });
  let keyOrder = new Uint32Array(0);
  await walk(FAMILIES.nameKeys, (rec) => {
    const b = rec as Uint8Array;
    // Copy into an aligned buffer: the record's bytes may sit at any offset of the shard.
    keyOrder = new Uint32Array(Uint8Array.from(b).buffer);
  });
  const vocabulary: string[] = [];
  await walk(FAMILIES.nameVocabulary, (rec) => vocabulary.push(rec as string));
  const flexsearch: Array<[string, string]> = [];
  await walk(FAMILIES.nameFlexsearch, (rec) => flexsearch.push(rec as [string, string]));
  return NameIndex.restore({ entries, keyOrder, vocabulary, flexsearch });
}
