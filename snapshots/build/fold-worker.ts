// The worker half of fold-thread.ts: loads a snapshot, replays its journal up to a change, and builds a new
// snapshot of the result, off the serving thread.
import { parentPort, workerData } from 'node:worker_threads';
import { ChangeJournal } from '../../engine/live/change-journal.js';
import { LiveCorpus } from '../../engine/live/live-corpus.js';
import { lowerThreadPriority } from '../../engine/runtime/background-priority.js';
import { loadSnapshot } from '../load/load-snapshot.js';
import { foldedSnapshot } from './compact-snapshot.js';

export interface FoldJob {
  /** The snapshot the journal follows. */
  snapshot: string;
  /** The journal's file. */
  journal: string;
  /** The changes folded: the journal's first `until` (the journal may hold more, recorded meanwhile). */
  until: number;
  out: string;
  sourceNames: Record<string, string>;
}

export type FoldReply =
  { built: { snapshotId: string; entities: number; relationships: number } } | { log: string } | { error: string };

const port = parentPort;
if (port === null) throw new Error('fold-worker.js runs as a worker thread');
const job = workerData as FoldJob;
// A fold takes minutes of a core: the event loop serving meanwhile comes first.
lowerThreadPriority();
const log = (line: string): void => port.postMessage({ log: line } satisfies FoldReply);

async function fold(): Promise<FoldReply> {
  const corpus = await loadSnapshot(job.snapshot, { semantic: false });
  const journal = ChangeJournal.open(job.journal, new LiveCorpus(corpus), { readOnly: true, until: job.until });
  const replayed = journal.size;
  journal.close();
  if (replayed !== job.until) return { error: `${job.journal} holds ${replayed} changes, not the ${job.until} folded` };
  log(`replayed ${replayed} changes of ${job.journal}; building the checkpoint`);
  const built = await foldedSnapshot(corpus, { out: job.out, sourceNames: job.sourceNames });
  const c = built.manifest.counts;
  return {
    built: {
      snapshotId: built.manifest.snapshot_id,
      entities: c.entities ?? 0,
      relationships: c.relationships ?? 0,
    },
  };
}

fold().then(
  (reply) => port.postMessage(reply),
  (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies FoldReply),
);
