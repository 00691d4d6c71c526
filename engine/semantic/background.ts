// Embeds the rest of the corpus after start, in small slices between requests, and persists each new vector.
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import type { Corpus } from '../corpus.js';
import { missing } from '../errors/missing.js';
import { clusterText } from './entity-text.js';
import { VectorIndex } from './vector-index.js';
import { VectorLog, checkpointPath, lockLog, vectorLogPath, type LoggedVector } from './vector-log.js';

/** A slice runs this long at most before it yields to waiting requests. */
export const SLICE_MS = 5;
/** The grown index is written out after this many new vectors, and when all are embedded. */
export const CHECKPOINT_EVERY = 100_000;

export interface BackgroundOptions {
  dataDir: string;
  /** False: only restore the vectors persisted earlier, embed nothing new. */
  embed: boolean;
  log: (line: string) => void;
  sliceMs?: number;
}

export interface BackgroundEmbedding {
  /**
   * Settles when every cluster of the snapshot is embedded, or when stopped. Clusters that live changes add are
   * embedded as they come (before the snapshot's own), until stopped.
   */
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
  const writer =
    unlock === null ? null : VectorLog.open(file, corpus.info.snapshotId, embedder.dimensions, embedder.model);
  const found = writer ?? VectorLog.read(file, corpus.info.snapshotId, embedder.dimensions, embedder.model);
  if (writer?.dropped === true)
    options.log(`semantic: ${file} ended in a torn or foreign record; it was cut back to the last whole one`);
  if (writer === null)
    options.log(`semantic: another process writes ${file}; vectors embedded here are kept in memory only`);
  let log: VectorLog | null = writer?.log ?? null;
  const restore = found.vectors.filter(
    (v) => v.label < corpus.entities.size && corpus.entities.cluster(v.label) === v.label,
  );
  const checkpoint = checkpointPath(options.dataDir, corpus.info.snapshotId);
  let sinceCheckpoint = 0;
  /** Appends run one after another off the main thread, while the next slices embed. */
  let writing: Promise<void> = Promise.resolve();
  const persist = (batch: LoggedVector[]): void => {
    const target = log;
    if (target === null || batch.length === 0) return;
    writing = writing
      .then(() => target.appendAsync(batch))
      .catch((err: unknown) => {
        options.log(
          `semantic: cannot append to ${file} (${err instanceof Error ? err.message : String(err)}); new vectors are kept in memory only`,
        );
        log = null;
      });
  };

  /** The index as it is now, written beside the log (temporary file, fsync, rename), by the log's writer only. */
  const writeCheckpoint = async (): Promise<void> => {
    await writing;
    if (log === null || sinceCheckpoint === 0) return;
    const tmp = `${checkpoint}.tmp-${process.pid}`;
    await semantic.index.writeAsync(tmp);
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, checkpoint);
    sinceCheckpoint = 0;
  };

  const vectorOf = (c: number): Float32Array | null =>
    embedder.embed(clusterText(corpus, c)) ?? embedder.embed([{ text: corpus.entities.type(c), weight: 1 }]);

  /** Clusters added live, taken from the corpus and not embedded yet; `next` is the first of them. */
  let added: number[] = [];
  let next = 0;
  /** Embeds clusters added live until the deadline; false when none is left. Their vectors are not persisted. */
  const embedAdded = (deadline: number): boolean => {
    if (next === added.length) {
      added = semantic.takeAdded();
      next = 0;
    }
    for (; next < added.length && performance.now() < deadline; next++) {
      const c = added[next] ?? missing('added cluster');
      if (semantic.isEmbedded(c)) continue;
      const vector = vectorOf(c);
      if (vector !== null) semantic.add(c, vector);
    }
    return next < added.length;
  };

  /** After the snapshot's clusters, each cluster a live change adds, in slices, until stopped. */
  let cancelWait: (() => void) | null = null;
  const follow = async (): Promise<void> => {
    while (!stopped) {
      if (embedAdded(performance.now() + sliceMs)) {
        await nextTick();
        continue;
      }
      const wait = semantic.nextAdded();
      cancelWait = wait.cancel;
      await wait.added;
      cancelWait = null;
    }
  };

  const run = async (): Promise<void> => {
    await nextTick(); // never before the caller has its handle
    const started = Date.now();
    if (existsSync(checkpoint)) {
      try {
        const grown = await VectorIndex.readAsync(
          checkpoint,
          embedder.dimensions,
          semantic.index.size + semantic.pending().length,
        );
        if (semantic.adopt(grown)) options.log(`semantic: restored ${grown.size} vectors from ${checkpoint}`);
        else options.log(`semantic: ${checkpoint} does not extend this snapshot's index; ignored`);
      } catch (err) {
        options.log(
          `semantic: ${checkpoint} cannot be read (${err instanceof Error ? err.message : String(err)}); restoring from the vector log`,
        );
        if (log !== null) rmSync(checkpoint, { force: true });
      }
    }
    let restored = 0;
    for (let i = 0; i < restore.length && !stopped;) {
      const deadline = performance.now() + sliceMs;
      for (; i < restore.length && performance.now() < deadline; i++) {
        const v = restore[i] ?? missing('restored vector');
        if (semantic.isEmbedded(v.label)) continue;
        semantic.add(v.label, v.vector);
        restored += 1;
      }
      await nextTick();
    }
    sinceCheckpoint += restored;
    if (restored > 0) options.log(`semantic: restored ${restored} vectors from the vector log`);
    if (!options.embed || stopped) {
      if (!stopped) await writeCheckpoint();
      return;
    }
    const pending = semantic.pending();
    let embedded = 0;
    for (let i = 0; i < pending.length && !stopped;) {
      const deadline = performance.now() + sliceMs;
      embedAdded(deadline);
      const batch: LoggedVector[] = [];
      for (; i < pending.length && performance.now() < deadline; i++) {
        const c = pending[i] ?? missing('pending cluster');
        if (semantic.isEmbedded(c)) continue;
        const vector = vectorOf(c);
        if (vector === null) continue;
        semantic.add(c, vector);
        batch.push({ label: c, vector });
      }
      persist(batch);
      embedded += batch.length;
      sinceCheckpoint += batch.length;
      if (sinceCheckpoint >= CHECKPOINT_EVERY) await writeCheckpoint();
      await nextTick();
    }
    if (!stopped) await writeCheckpoint();
    if (embedded > 0)
      options.log(
        `semantic: embedded ${embedded} more clusters in ${((Date.now() - started) / 1000).toFixed(1)} s; coverage ${semantic.coverage().ratio}`,
      );
  };
  const done = run()
    .catch((err: unknown) =>
      options.log(`semantic: background embedding stopped: ${err instanceof Error ? err.message : String(err)}`),
    )
    .then(() => writing)
    .finally(() => {
      // Closed once, here, even when a failed append stopped persistence earlier.
      writer?.log.close();
      log = null;
      unlock?.();
    });
  const following = done
    .then(() => (options.embed ? follow() : undefined))
    .catch((err: unknown) =>
      options.log(`semantic: embedding of live additions stopped: ${err instanceof Error ? err.message : String(err)}`),
    );
  return {
    done,
    stop: async () => {
      stopped = true;
      cancelWait?.();
      await following;
    },
  };
}
