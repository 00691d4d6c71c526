// Measures background embedding in a fresh process: how fast coverage grows, how long the event loop is held,
// and how long a restart takes to restore it. `node dist/bench/background-probe.js OUT_DIR [EMBED_AT_BUILD]`
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Corpus } from '../engine/corpus.js';
import { startBackgroundEmbedding } from '../engine/semantic/background.js';
import { checkpointPath, vectorLogPath } from '../engine/semantic/vector-log.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, demoSources } from '../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';

export interface BackgroundProbeResult {
  entities: number;
  embedded_at_build: number;
  clusters_embedded: number;
  embed_s: number;
  clusters_per_s: number;
  loop_delay_p50_ms: number;
  loop_delay_p99_ms: number;
  loop_delay_max_ms: number;
  log_mib: number;
  checkpoint_mib: number;
  restore_s: number;
}

async function grow(
  corpus: Corpus,
  dataDir: string,
): Promise<{ seconds: number; p50: number; p99: number; max: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const t0 = performance.now();
  await startBackgroundEmbedding(corpus, { dataDir, embed: true, log: (l) => console.error(`  ${l}`) }).done;
  const seconds = (performance.now() - t0) / 1000;
  delay.disable();
  const ms = (ns: number): number => Math.round(ns / 1e4) / 100;
  return { seconds, p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
}

const [out, embedArg] = process.argv.slice(2);
if (out === undefined) {
  console.error('usage: background-probe.js OUT_DIR [EMBED_AT_BUILD]');
  process.exit(2);
}
const embedAtBuild = Number(embedArg ?? 1000);
const snapshot = path.join(out, 'snapshot');
const dataDir = path.join(out, 'data');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await buildSnapshot({
  out: snapshot,
  sources: demoSources(),
  sourceNames: SOURCE_NAMES,
  semantic: { embed: embedAtBuild },
});
const corpus = await loadSnapshot(snapshot);
const before = corpus.semantic.index.size;
const run = await grow(corpus, dataDir);
const added = corpus.semantic.index.size - before;
const restarted = await loadSnapshot(snapshot);
const t0 = performance.now();
await startBackgroundEmbedding(restarted, { dataDir, embed: false, log: (l) => console.error(`  ${l}`) }).done;
const restoreS = (performance.now() - t0) / 1000;
if (restarted.semantic.index.size !== corpus.semantic.index.size)
  throw new Error('the restart did not restore every vector');
const mib = (file: string): number => Math.round((statSync(file).size / 2 ** 20) * 10) / 10;
const result: BackgroundProbeResult = {
  entities: corpus.entities.size,
  embedded_at_build: before,
  clusters_embedded: added,
  embed_s: Math.round(run.seconds * 10) / 10,
  clusters_per_s: Math.round(added / run.seconds),
  loop_delay_p50_ms: run.p50,
  loop_delay_p99_ms: run.p99,
  loop_delay_max_ms: run.max,
  log_mib: mib(vectorLogPath(dataDir, corpus.info.snapshotId)),
  checkpoint_mib: mib(checkpointPath(dataDir, corpus.info.snapshotId)),
  restore_s: Math.round(restoreS * 100) / 100,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
rmSync(out, { recursive: true, force: true });
