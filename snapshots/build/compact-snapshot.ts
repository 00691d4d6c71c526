// Folds a snapshot's journal of live changes into a new snapshot, whose journal begins where the old one ended.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StateLogs } from '../../engine/state/state-log.js';
import { ChangeJournal, journalFile } from '../../engine/live/change-journal.js';
import { EMPTY_CHANGE } from '../../engine/live/corpus-change.js';
import { LiveCorpus } from '../../engine/live/live-corpus.js';
import { loadSnapshot } from '../load/load-snapshot.js';
import { buildSnapshot, type BuildResult } from './build-snapshot.js';
import { corpusRecords } from './corpus-records.js';
import type { PassProgress } from '../../engine/runtime/pass-progress.js';
import type { SemanticBuildOptions } from './write-vectors.js';

export interface CompactOptions {
  /** The snapshot whose journal is folded. */
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
  /** Changes the old journal held, now in the new snapshot. */
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
  const corpus = await loadSnapshot(options.snapshot, { log, semantic: false });
  const shared = options.sharedState;
  const file = path.join(options.dataDir, journalFile(corpus.info.snapshotId));
  const openJournal = (snapshotId: string, live: LiveCorpus, readOnly: boolean): ChangeJournal =>
    shared === undefined
      ? ChangeJournal.open(path.join(options.dataDir, journalFile(snapshotId)), live, { readOnly, warn: log })
      : ChangeJournal.openIn(shared, journalFile(snapshotId), live, { readOnly, warn: log });
  let folded = 0;
  let timepoints: ReadonlyMap<string, number> = new Map();
  if (shared !== undefined || existsSync(file)) {
    const journal = openJournal(corpus.info.snapshotId, new LiveCorpus(corpus), true);
    folded = journal.size;
    timepoints = journal.timepoints();
    log(`replayed ${folded} changes from ${journal.file}`);
    journal.close();
  } else {
    log(`no journal for snapshot ${corpus.info.snapshotId} in ${options.dataDir}: the snapshot is rebuilt as it is`);
  }
  const sourceNames = {
    ...options.sourceNames,
    ...Object.fromEntries(corpus.info.sources.map((s) => [s.code, s.name])),
  };
  const built = await buildSnapshot({
    out: options.out,
    sources: [corpusRecords(corpus)],
    sourceNames,
    log,
    ...(options.progress === undefined ? {} : { progress: options.progress }),
    ...(options.judgements === undefined ? {} : { judgements: options.judgements }),
    ...(options.semantic === undefined ? {} : { semantic: options.semantic }),
  });
  if (timepoints.size > 0) {
    const next = await loadSnapshot(options.out, { semantic: false });
    const journal = openJournal(built.manifest.snapshot_id, new LiveCorpus(next), false);
    try {
      journal.recordMany(
        [...timepoints].map(([stream, timepoint]) => ({ origin: { stream, timepoint }, change: EMPTY_CHANGE })),
      );
    } finally {
      journal.close();
    }
  }
  return { ...built, folded, timepoints };
}
