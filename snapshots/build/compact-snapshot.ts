// Folds a snapshot's journal of live changes into a new snapshot, whose journal begins where the old one ended.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StateLogs } from '../../engine/state/state-log.js';
import { ChangeJournal, journalFile } from '../../engine/live/change-journal.js';
import { EMPTY_CHANGE } from '../../engine/live/corpus-change.js';
import { LiveCorpus } from '../../engine/live/live-corpus.js';
import type { Corpus } from '../../engine/corpus.js';
import { loadSnapshot } from '../load/load-snapshot.js';
import { servedSnapshot } from '../load/served-snapshot.js';
import { buildSnapshot, type BuildResult } from './build-snapshot.js';
import { corpusRecords } from './corpus-records.js';
import type { PassProgress } from '../../engine/runtime/pass-progress.js';
import type { SemanticBuildOptions } from './write-vectors.js';

export interface CompactOptions {
  /** The snapshot whose journal is folded (or its newest checkpoint and that one's journal, when one was written). */
  snapshot: string;
  /** The data directory the journals live in (`live/<snapshot id>.journal`). */
  dataDir: string;
  /** The operator state shared by replicas (PostgreSQL), when the journals live there instead. */
  sharedState?: StateLogs;
  out: string;
  /** Display names of source codes, beside those the snapshot's manifest already gives. */
  sourceNames?: Record<string, string>;
  /** The operator judgements the snapshot was built with: the fold links records again, by the same rules. */
  judgements?: string;
  semantic?: SemanticBuildOptions;
  log?: (line: string) => void;
  /** Told how far each long pass of the build is. */
  progress?: PassProgress;
}

export interface CompactResult extends BuildResult {
  /** Changes journalled since the snapshot (over its checkpoints too), now in the new snapshot. */
  folded: number;
  /** Per stream, the timepoint the new journal resumes from. */
  timepoints: ReadonlyMap<string, number>;
}

/**
 * Loads the snapshot, replays its journal (read-only: a server may be following streams into it meanwhile), and
 * builds a new snapshot from every record the corpus then holds, resolution and derived facts made again by the
 * build. The new snapshot's journal is started with the timepoint of each stream, so that a server switched to it
 * resumes each stream where the fold read it; what arrived after that is sent again by the streams.
 */
export async function compactSnapshot(options: CompactOptions): Promise<CompactResult> {
  const log = options.log ?? ((): void => undefined);
  const shared = options.sharedState;
  // The newest checkpoint the server folded, when there is one: it and its journal hold every change.
  const served = await servedSnapshot(options.dataDir, options.snapshot);
  const corpus = await loadSnapshot(served.dir, { log, semantic: false });
  const openJournal = (name: string, live: LiveCorpus, readOnly: boolean): ChangeJournal =>
    shared === undefined
      ? ChangeJournal.open(path.join(options.dataDir, name), live, { readOnly, warn: log })
      : ChangeJournal.openIn(shared, name, live, { readOnly, warn: log });
  let folded = 0;
  let timepoints: ReadonlyMap<string, number> = new Map();
  if (shared !== undefined || existsSync(path.join(options.dataDir, served.journal))) {
    const journal = openJournal(served.journal, new LiveCorpus(corpus), true);
    folded = journal.size;
    timepoints = journal.timepoints();
    log(`replayed ${folded} changes from ${journal.file}`);
    journal.close();
  } else {
    log(`no journal for snapshot ${corpus.info.snapshotId} in ${options.dataDir}: the snapshot is rebuilt as it is`);
  }
  const built = await foldedSnapshot(corpus, options);
  if (timepoints.size > 0) {
    const next = await loadSnapshot(options.out, { semantic: false });
    const journal = openJournal(journalFile(built.manifest.snapshot_id), new LiveCorpus(next), false);
    try {
      journal.recordMany(
        [...timepoints].map(([stream, timepoint]) => ({ origin: { stream, timepoint }, change: EMPTY_CHANGE })),
      );
    } finally {
      journal.close();
    }
  }
  return { ...built, folded: folded + (served.checkpoint?.folded ?? 0), timepoints };
}

/** Builds a new snapshot from every record `corpus` holds now: resolution and derived facts made again. */
export function foldedSnapshot(
  corpus: Corpus,
  options: Pick<CompactOptions, 'out' | 'sourceNames' | 'judgements' | 'semantic' | 'log' | 'progress'>,
): Promise<BuildResult> {
  const sourceNames = {
    ...options.sourceNames,
    ...Object.fromEntries(corpus.info.sources.map((s) => [s.code, s.name])),
  };
  return buildSnapshot({
    out: options.out,
    sources: [corpusRecords(corpus)],
    sourceNames,
    ...(options.log === undefined ? {} : { log: options.log }),
    ...(options.progress === undefined ? {} : { progress: options.progress }),
    ...(options.judgements === undefined ? {} : { judgements: options.judgements }),
    ...(options.semantic === undefined ? {} : { semantic: options.semantic }),
  });
}
