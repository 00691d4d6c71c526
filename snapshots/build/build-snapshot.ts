// Builds a snapshot directory from streams of normalised records: validate, spool, link, derive, index, write.
import { mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { EntityRecord, Identifier } from '../../engine/model/records.js';
import { missing } from '../../engine/errors/missing.js';
import type { StoredEntity } from '../../engine/model/views.js';
import { storedRiskLevel } from '../../engine/risk/stored-risk.js';
import { ByEntityIndex } from '../../engine/store/by-entity.js';
import { nameEntriesFor } from '../../engine/search/name-entries.js';
import { NameIndexBuilder } from '../../engine/search/name-index-builder.js';
import { isIndexedScheme } from '../../engine/identifiers/index.js';
import { FORMAT_VERSION, MANIFEST_FILE, snapshotId, type Manifest, type SnapshotFile } from '../format/manifest.js';
import type { RecordStructures } from '../../engine/store/record-codec.js';
import { DEFAULT_SHARD_BYTES, ShardWriter } from '../format/shard-writer.js';
import { FAMILIES } from '../format/families.js';
import { EdgeColumnsWriter, EntityColumnsWriter } from '../format/column-writers.js';
import { TimelineWriter } from './timeline-writer.js';
import { bytesOf, riskCode, typeCode, type OffsetsChunk, type OwnersChunk } from '../format/columns.js';
import { writeNameIndex } from './write-names.js';
import { NameWordsThread } from './name-words-thread.js';
import { normaliseEntityIdentifiers, type IdentifierProblem } from '../../engine/identifiers/entity-identifiers.js';
import { mergeEntities } from './merge-entities.js';
import { BuildReport } from './report.js';
import { PEP_BIT, SANCTIONED_BIT, roleBitOf, rolesFromBits, topicBits } from '../../engine/model/roles.js';
import { UnionFind } from './union-find.js';
import { AddressCounter } from './address-counter.js';
import { IdentifierLinker } from './identifier-links.js';
import { CandidateMatcher } from './candidate-matcher.js';
import { readJudgements } from './judgements.js';
import { describeResolution, resolveIdentities } from './resolve-identities.js';
import { sanctionedOwnership } from '../../engine/sanctions/sanctioned-ownership.js';
import { OwnershipColumns } from '../../engine/sanctions/ownership-columns.js';
import { OTHER_FAMILIES, spoolSources, type Spooled } from './spool-sources.js';
import { addSemanticIndex, type SemanticBuildOptions, type SemanticBuildResult } from './write-vectors.js';
import type { BuildSource } from './build-source.js';
import { NO_PROGRESS, type PassProgress } from '../../engine/runtime/pass-progress.js';
import { EmptyBuildError } from './empty-build-error.js';

// The command line, the service and the benchmarks name a build's inputs where they call the build.
export type { BuildSource } from './build-source.js';

export interface BuildOptions {
  out: string;
  sources: BuildSource[];
  /** Display names of provenance source codes, for the manifest. */
  sourceNames?: Record<string, string>;
  shardBytes?: number;
  builtAt?: Date;
  /** Operator judgements (JSON lines of `{a, b, judgement: "same"|"different", note?}`), applied over every automatic link. */
  judgements?: string;
  /** Link records of different publishers by candidate name matching (default true); off measures identifiers alone. */
  nameMatching?: boolean;
  log?: (line: string) => void;
  /** Told how far each long pass is. */
  progress?: PassProgress;
  /** Semantic search: how many clusters to embed at build time, and the word vectors to use. */
  semantic?: SemanticBuildOptions;
}

export interface BuildResult {
  manifest: Manifest;
  report: BuildReport;
  semantic: SemanticBuildResult;
}

/** Source registries whose record is preferred as a cluster's canonical record, best first. */
const CANONICAL_PREFERENCE = ['gb-coh', 'lei', 'icij', 'ofac', 'uk', 'eu', 'un', 'os'];
const canonicalRank = (id: string): number => {
  const r = CANONICAL_PREFERENCE.indexOf(id.slice(0, id.indexOf(':')));
  return r === -1 ? CANONICAL_PREFERENCE.length : r;
};
/** Whether `id` makes a better canonical record than `other`: the preferred registry, then the smaller id. */
const preferredOver = (id: string, other: string): boolean => {
  const a = canonicalRank(id);
  const b = canonicalRank(other);
  return a < b || (a === b && id < other);
};

/** Where a build of `out` by this process writes until it is done; removed if the build fails. */
export function buildingDirectory(out: string): string {
  return `${path.resolve(out)}.building-${process.pid}`;
}

/** Builds the snapshot into a directory of its own, then swaps it into place; a failed build leaves nothing. */
export async function buildSnapshot(options: BuildOptions): Promise<BuildResult> {
  const work = buildingDirectory(options.out);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    return await buildInto(work, options);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function buildInto(work: string, options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((): void => undefined);
  const progress = options.progress ?? NO_PROGRESS;
  const shardBytes = options.shardBytes ?? DEFAULT_SHARD_BYTES;
  const report = new BuildReport();
  const started = Date.now();
  // Every structure of the passes is garbage once they return, before the semantic pass loads what they wrote: at
  // 20M entities they are gigabytes.
  const provisional = await writeRecordFiles(work, options, { report, log, progress, shardBytes, started });
  const { manifest, semantic } = await addSemanticIndex(
    work,
    provisional,
    options.semantic ?? {},
    shardBytes,
    log,
    progress,
  );
  const out = path.resolve(options.out);
  replaceDirectory(work, out);
  log(`snapshot ${manifest.snapshot_id} written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { manifest, report, semantic };
}

interface PassContext {
  report: BuildReport;
  log: (line: string) => void;
  progress: PassProgress;
  shardBytes: number;
  started: number;
}

/** The passes over the records: every file of the snapshot but the semantic ones, and the manifest of them. */
async function writeRecordFiles(work: string, options: BuildOptions, context: PassContext): Promise<Manifest> {
  // What the passes over the records hold (ids, clusters, links, derived facts: gigabytes at 20M entities) is garbage
  // once `writeRecords` returns, so the name index, the largest thing left to write, is written without it.
  const written = await writeRecords(work, options, context);
  const { files, counts, names, words, recordStructures } = written;
  const nameIndex = await writeNameIndex(work, names, words, context.shardBytes).catch(async (err: unknown) => {
    await words.close();
    throw err;
  });
  files.push(...nameIndex.files);
  counts.name_entries = nameIndex.count;
  files.push(...written.unfinished.flatMap((w) => w.finish()));

  const provisional: Manifest = {
    format_version: FORMAT_VERSION,
    snapshot_id: snapshotId(files, recordStructures),
    built_at: written.builtAt,
    builder: 'unshell',
    sources: [...written.bySource]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, t]) => ({ code, name: options.sourceNames?.[code] ?? code, as_of: t.as_of, records: t.records })),
    counts,
    files,
    record_structures: recordStructures,
  };
  writeFileSync(path.join(work, MANIFEST_FILE), `${JSON.stringify(provisional, null, 2)}\n`);
  return provisional;
}

/** What the passes over the records leave to write: the name index, two families' last files, and the manifest. */
interface WrittenRecords {
  files: SnapshotFile[];
  counts: Record<string, number>;
  recordStructures: Record<string, RecordStructures>;
  bySource: Map<string, { records: number; as_of: string | null }>;
  builtAt: string;
  names: NameIndexBuilder;
  words: NameWordsThread;
  /** Writers of families whose files are listed after the name index's. */
  unfinished: ShardWriter[];
}

/** Every pass over the records: validated, spooled, linked, derived and written, with their names handed on. */
async function writeRecords(work: string, options: BuildOptions, context: PassContext): Promise<WrittenRecords> {
  const { report, log, progress, shardBytes, started } = context;
  const spoolDir = path.join(work, '.spool');
  // Read before the long passes, so that a malformed file fails the build at once.
  const judgements = options.judgements === undefined ? [] : readJudgements(options.judgements);
  const builtAt = (options.builtAt ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');

  // Pass 1: validate every record and spool it; remember entity ids only, and the hashed identifiers and name keys
  // that cross-source resolution groups records by (so that it need not decode every record again for them).
  const linker = new IdentifierLinker();
  const matcher = new CandidateMatcher();
  const nameMatching = options.nameMatching ?? true;
  const noProblems: IdentifierProblem[] = [];
  const spool = await spoolSources(
    options.sources,
    spoolDir,
    shardBytes,
    report,
    log,
    progress,
    (ix, rec, duplicate) => {
      noProblems.length = 0;
      linker.add(ix, normaliseEntityIdentifiers(rec.id, rec.identifiers, noProblems));
      if (nameMatching && !duplicate) matcher.add(ix, rec);
    },
  );
  const { ids, entityIx, duplicates, publishedIdentity } = spool;
  const n = spool.count;
  if (n === 0) throw new EmptyBuildError(report);
  log(`spooled ${n} entities in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Pass 2: links and derived facts, then the final files.
  const files: SnapshotFile[] = [];
  const counts: Record<string, number> = {};
  const roleBits = new Uint32Array(n);
  const sanctioned = new Uint8Array(n);
  const clusters = new UnionFind(n);
  const ownershipLinks = new OwnershipColumns();

  /** Decodes every spooled record of `family`, counted on the meter of `phase`. */
  const walkSpool = async <T>(
    phase: string,
    family: keyof typeof spool.sizes,
    each: (rec: T) => void,
  ): Promise<void> => {
    const meter = progress(phase, spool.sizes[family], 'records');
    await spool.walk<T>(family, (rec) => {
      each(rec);
      meter.advance();
    });
    meter.finish();
  };
  const resolve = (id: string): number | undefined => entityIx.get(id);
  const offsetsWriter = new ShardWriter(work, FAMILIES.offsets, shardBytes);
  const ownersWriter = new ShardWriter(work, FAMILIES.owners, shardBytes);
  const edges = new EdgeColumnsWriter(new ShardWriter(work, FAMILIES.edges, shardBytes));
  /** Records the family's files, and where each record starts, so that loading need not decode them. */
  const recordStructures: Record<string, RecordStructures> = {};
  const finishRecords = (family: string, writer: ShardWriter): void => {
    const written = writer.finishWithOffsets();
    recordStructures[family] = writer.structures;
    for (const w of written) {
      files.push(w.file);
      offsetsWriter.write({ path: w.file.path, starts: bytesOf(w.starts) } satisfies OffsetsChunk);
    }
  };

  // Cross-source resolution, before relationships are written: its links are identity relationships.
  const linkingIdentifiers = (rec: EntityRecord, ix: number): Identifier[] => {
    noProblems.length = 0;
    const all = [...rec.identifiers, ...(duplicates.get(ix) ?? []).flatMap((d) => d.identifiers)];
    return normaliseEntityIdentifiers(rec.id, all, noProblems);
  };
  const resolving = Date.now();
  linker.group(n);
  matcher.pairs();
  // Records that links of other kinds join: resolution tests each such link for conflicting identifiers.
  for (const id of [...publishedIdentity, ...judgements.flatMap((j) => [j.a, j.b])]) {
    const ix = resolve(id);
    if (ix !== undefined) linker.want(ix);
  }
  // Entity facts that need no links, read in the same pass as the candidates' details to save a walk.
  const topics = new Uint32Array(n);
  const leaks = new Uint8Array(n);
  const addressCompanies = new AddressCounter();
  await walkSpool<EntityRecord>('reading candidates and topics', 'entities', (rec) => {
    const ix = entityIx.get(rec.id) ?? missing('spooled entity index');
    topics[ix] = topicBits(rec.topics);
    if (rec.topics.includes('offshore-leaks')) leaks[ix] = 1;
    if (rec.type === 'company')
      addressCompanies.count([...rec.addresses, ...(duplicates.get(ix) ?? []).flatMap((d) => d.addresses)]);
    if (matcher.needs(ix)) {
      matcher.detail(ix, rec);
      linker.want(ix);
    }
    if (linker.needs(ix)) linker.detail(ix, rec, linkingIdentifiers(rec, ix));
  });
  const resolution = resolveIdentities({
    clusters,
    ids,
    resolve,
    linker,
    matcher,
    published: publishedIdentity,
    judgements,
    builtAt: builtAt.slice(0, 10),
  });
  report.resolution = resolution.summary;
  log(`${describeResolution(resolution.summary, linker, matcher)} (${((Date.now() - resolving) / 1000).toFixed(1)} s)`);

  const timeline = new TimelineWriter();
  for (const family of OTHER_FAMILIES) {
    const writer = new ShardWriter(work, family, shardBytes, { records: true });
    const owners: number[] = [];
    const take = (rec: Spooled): void => {
      const label = rec.provenance.source;
      if (rec.record === 'relationship') {
        const s = resolve(rec.source);
        const t = resolve(rec.target);
        if (s === undefined || t === undefined) {
          report.reject(
            label,
            'unknown entity',
            `${family} ${rec.provenance.record_id}`,
            s === undefined ? 'source' : 'target',
          );
          return;
        }
        if (s === t) {
          report.reject(label, 'self-relationship', `${family} ${rec.provenance.record_id}`, 'target');
          return;
        }
        roleBits[s] = (roleBits[s] ?? missing('role bits')) | roleBitOf(rec.kind, rec.role);
        if ((rec.kind === 'ownership' || rec.kind === 'control' || rec.kind === 'parent') && rec.end_date === null) {
          ownershipLinks.push({ owner: s, owned: t, share: rec.share, control: rec.kind !== 'ownership' });
        }
        edges.add(s, t, rec.kind, rec.role, rec.share, rec.end_date !== null);
      } else {
        const e = resolve(rec.entity_id);
        if (e === undefined) {
          report.reject(label, 'unknown entity', `${family} ${rec.provenance.record_id}`, 'entity_id');
          return;
        }
        if (rec.record === 'listing') {
          sanctioned[e] = 1;
          roleBits[e] = (roleBits[e] ?? missing('role bits')) | SANCTIONED_BIT;
        }
        owners.push(e);
        if (rec.record === 'event') timeline.add(rec);
      }
      writer.write(rec);
    };
    await walkSpool<Spooled>(`writing ${family}`, family, take);
    if (family === 'relationships') for (const rec of resolution.relationships) take(rec);
    finishRecords(family, writer);
    if (family !== 'relationships')
      ownersWriter.write({ family, owners: bytesOf(Int32Array.from(owners)) } satisfies OwnersChunk);
    if (family === 'events')
      files.push(
        ...timeline.finish(Int32Array.from(owners), new ShardWriter(work, FAMILIES.eventTimeline, shardBytes)),
      );
    counts[family] = writer.count;
  }
  files.push(...edges.finish());

  // Canonical record of each cluster: the preferred registry, then the smallest id.
  const canonical = new Int32Array(n).fill(-1);
  const clusterSanctioned = new Uint8Array(n);
  for (let ix = 0; ix < n; ix++) {
    const root = clusters.find(ix);
    const cur = canonical[root] ?? missing('canonical record');
    if (cur === -1 || preferredOver(ids.at(ix) ?? missing('entity id'), ids.at(cur) ?? missing('entity id')))
      canonical[root] = ix;
    if (sanctioned[ix] === 1 || ((topics[ix] ?? missing('topic bits')) & SANCTIONED_BIT) !== 0)
      clusterSanctioned[root] = 1;
  }
  const roots = new Int32Array(n);
  for (let ix = 0; ix < n; ix++) roots[ix] = clusters.find(ix);
  const members = new ByEntityIndex(n, roots);
  const ownedBySanctioned = sanctionedOwnership(
    n,
    ownershipLinks,
    (e) => sanctioned[e] === 1 || clusterSanctioned[clusters.find(e)] === 1,
    { of: (e) => roots[e] ?? missing('cluster root'), members: (root) => members.of(root) },
  );

  const entityWriter = new ShardWriter(work, 'entities', shardBytes, { records: true });
  const columns = new EntityColumnsWriter(
    new ShardWriter(work, FAMILIES.entityColumns, shardBytes),
    new ShardWriter(work, FAMILIES.identifierColumns, shardBytes),
  );
  const words = new NameWordsThread(work, shardBytes);
  const names = new NameIndexBuilder(words);
  const problems: IdentifierProblem[] = [];
  const bySource = new Map<string, { records: number; as_of: string | null }>();
  /** A pass that failed stops the names' word thread too: it would keep the process alive. */
  const stopped = async (err: unknown): Promise<never> => {
    await words.close();
    throw err;
  };
  await walkSpool<EntityRecord>('writing entities', 'entities', (spooledRec) => {
    const ix = entityIx.get(spooledRec.id) ?? missing('spooled entity index');
    let rec = spooledRec;
    for (const dup of duplicates.get(ix) ?? []) rec = mergeEntities(rec, dup);
    problems.length = 0;
    const identifiers = normaliseEntityIdentifiers(rec.id, rec.identifiers, problems);
    for (const p of problems)
      report.reject(rec.provenance[0]?.source ?? 'unknown', 'invalid identifier', rec.id, p.field);
    const root = clusters.find(ix);
    const canon = canonical[root] ?? missing('canonical record');
    const bits = (roleBits[ix] ?? missing('role bits')) | (topics[ix] ?? missing('topic bits'));
    const sharedAddress = addressCompanies.busiest(rec.addresses);
    const stored: StoredEntity = {
      ...rec,
      identifiers,
      roles: rolesFromBits(bits),
      risk: storedRiskLevel({
        sanctioned: (bits & SANCTIONED_BIT) !== 0,
        clusterSanctioned: clusterSanctioned[root] === 1,
        ownedBySanctioned: ownedBySanctioned.get(ix) ?? 'no',
        pep: (bits & PEP_BIT) !== 0,
        offshoreLeaks: leaks[ix] === 1,
        sharedAddressCompanies: sharedAddress?.companies ?? 0,
      }),
      cluster_id: ids.at(canon) ?? missing('entity id'),
      source: rec.provenance[0]?.source ?? 'unknown',
      shared_address: sharedAddress,
    };
    entityWriter.write(stored);
    columns.add({
      id: rec.id,
      name: rec.name,
      type: typeCode(rec.type),
      risk: riskCode(stored.risk),
      jurisdiction: rec.jurisdiction,
      source: stored.source,
      cluster: canon,
    });
    const ns = rec.id.slice(0, rec.id.indexOf(':'));
    for (const ident of identifiers)
      if (isIndexedScheme(ident.scheme)) columns.identifier(ident.scheme, ident.value, ix, ident.scheme === ns);
    const p = rec.provenance[0];
    const tally = bySource.get(stored.source) ?? { records: 0, as_of: null };
    tally.records += 1;
    if (p !== undefined && (tally.as_of === null || p.retrieved_at > tally.as_of)) tally.as_of = p.retrieved_at;
    bySource.set(stored.source, tally);
    for (const entry of nameEntriesFor(ix, [rec.name, ...rec.aliases])) names.addEntry(entry);
  }).catch(stopped);
  finishRecords('entities', entityWriter);
  files.push(...columns.finish());
  counts.entities = entityWriter.count;
  log(`wrote ${n} entities; writing the index of their ${names.size} names`);
  // Every record is in its family's files now: the spool (tens of gigabytes at 20M entities) is not needed again.
  rmSync(spoolDir, { recursive: true, force: true });
  return {
    files,
    counts,
    recordStructures,
    bySource,
    builtAt,
    names,
    words,
    unfinished: [ownersWriter, offsetsWriter],
  };
}

/** Swaps the finished build into place so that a reader never sees a half-written snapshot. */
function replaceDirectory(from: string, to: string): void {
  if (existsSync(to)) {
    const old = `${to}.old-${process.pid}`;
    renameSync(to, old);
    renameSync(from, to);
    rmSync(old, { recursive: true, force: true });
  } else {
    mkdirSync(path.dirname(to), { recursive: true });
    renameSync(from, to);
  }
}
