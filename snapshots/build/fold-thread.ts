// A fold of a snapshot's journal into a new snapshot, run in a thread of its own beside a serving process.
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { appFile } from '../../engine/runtime/app-files.js';
import type { FoldJob, FoldReply } from './fold-worker.js';

export interface FoldedSnapshot {
  snapshotId: string;
  entities: number;
  relationships: number;
}

/** A fold in progress: `done` settles with the snapshot built, or fails with why; `stop` ends it. */
export interface FoldThread {
  readonly done: Promise<FoldedSnapshot>;
  stop(): Promise<void>;
}

const MIB = 1024 * 1024;

/**
 * Starts the fold. The thread may hold as much as this one (a second copy of the corpus, then the build), so it
 * is given the same heap limit rather than the smaller default of a worker.
 */
export function startFold(job: FoldJob, log: (line: string) => void): FoldThread {
  const worker = new Worker(appFile('snapshots/build/fold-worker.js'), {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: Math.round(getHeapStatistics().heap_size_limit / MIB) },
  });
  const done = new Promise<FoldedSnapshot>((resolve, reject) => {
    worker.on('message', (reply: FoldReply) => {
      if ('log' in reply) log(reply.log);
      else if ('built' in reply) resolve(reply.built);
      else reject(new Error(reply.error));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the fold stopped (exit code ${code})`)));
  });
  done.catch(() => undefined); // awaited by the caller; a stop before then is not a failure to report twice
  return {
    done,
    stop: async () => {
      await worker.terminate();
    },
  };
}
