// Embeds the rest of the corpus after start, in small slices between requests, and persists each new vector.
import type { Corpus } from '../corpus.js';
import { clusterText } from './entity-text.js';
import { VectorLog, lockLog, vectorLogPath, type LoggedVector } from './vector-log.js';

/** A slice runs this long at most before it yields to waiting requests. */
export const SLICE_MS = 8;

export interface BackgroundOptions {
  dataDir: string;
  /** False: only restore the vectors persisted earlier, embed nothing new. */
  embed: boolean;
  log: (line: string) => void;
  sliceMs?: number;
}

export interface BackgroundEmbedding {
  /** Settles when every cluster is embedded, or when stopped. */
  done: Promise<void>;
  stop(): Promise<void>;
}

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function startBackgroundEmbedding(corpus: Corpus, options: BackgroundOptions): BackgroundEmbedding {
  const semantic = corpus.semantic;
  const embedder = semantic.embedder;
  let stopped = false;
  if (embedder === null) return { done: Promise.resolve(), stop: () => Promise.resolve() };
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const file = vectorLogPath(options.dataDir, corpus.info.snapshotId);
  const unlock = lockLog(file);
  const opened = VectorLog.open(file, corpus.info.snapshotId, embedder.dimensions, embedder.model);
  if (opened.dropped) options.log(`semantic: ${file} ended in a torn or foreign record; it was cut back to the last whole one`);
  let log: VectorLog | null = opened.log;
  if (unlock === null) {
    options.log(`semantic: another process writes ${file}; vectors embedded here are kept in memory only`);
    log.close();
    log = null;
  }
  const restore = opened.vectors.filter((v) => v.label < corpus.entities.size && corpus.entities.cluster(v.label) === v.label);

  const run = async (): Promise<void> => {
    await nextTick(); // never before the caller has its handle
    const started = Date.now();
    let restored = 0;
    for (let i = 0; i < restore.length && !stopped; ) {
      const deadline = performance.now() + sliceMs;
      for (; i < restore.length && performance.now() < deadline; i++) {
        const v = restore[i] as LoggedVector;
        semantic.add(v.label, v.vector);
        restored += 1;
      }
      await nextTick();
    }
    if (restored > 0) options.log(`semantic: restored ${restored} vectors embedded by an earlier run`);
    if (!options.embed || stopped) return;
    const pending = semantic.pending();
    let embedded = 0;
    for (let i = 0; i < pending.length && !stopped; ) {
      const deadline = performance.now() + sliceMs;
      const batch: LoggedVector[] = [];
      for (; i < pending.length && performance.now() < deadline; i++) {
        const c = pending[i] as number;
        if (semantic.isEmbedded(c)) continue;
        const vector = embedder.embed(clusterText(corpus, c)) ?? embedder.embed([{ text: corpus.entities.type(c), weight: 1 }]);
        if (vector === null) continue;
        semantic.add(c, vector);
        batch.push({ label: c, vector });
      }
      log?.append(batch);
      embedded += batch.length;
      await nextTick();
    }
    if (embedded > 0) options.log(`semantic: embedded ${embedded} more clusters in ${((Date.now() - started) / 1000).toFixed(1)} s; coverage ${semantic.coverage().ratio}`);
  };
  const done = run()
    .catch((err: unknown) => options.log(`semantic: background embedding stopped: ${err instanceof Error ? err.message : String(err)}`))
    .finally(() => {
      log?.close();
      log = null;
      unlock?.();
    });
  return {
    done,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}
