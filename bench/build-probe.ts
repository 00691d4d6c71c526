// Builds one benchmark snapshot in a fresh process and reports its time and peak memory.
import { buildSnapshot, type BuildSource } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, demoSources, syntheticSource } from '../snapshots/demo/demo-corpus.js';

export interface BuildProbeResult {
  build_ms: number;
  /** CPU time (user + system) of the build: on a shared machine a steadier measure than wall time. */
  cpu_ms: number;
  peak_rss_mb: number;
  snapshot_bytes: number;
  counts: Record<string, number>;
  semantic: {
    embedded: number;
    clusters: number;
    vocabulary: number;
    vocabulary_bytes: number;
    hnsw_ms: number;
    hnsw_bytes: number;
  };
}

const [out, scale, flag] = process.argv.slice(2);
if (out === undefined || scale === undefined) {
  console.error('usage: build-probe.js OUT_DIR demo|N [--no-name-matching]');
  process.exit(2);
}
const sources: BuildSource[] = scale === 'demo' ? demoSources() : [syntheticSource(Number(scale))];
const t0 = performance.now();
const { manifest, semantic } = await buildSnapshot({
  out,
  sources,
  sourceNames: SOURCE_NAMES,
  nameMatching: flag !== '--no-name-matching',
  log: (l) => console.error(`  ${l}`),
});
const result: BuildProbeResult = {
  build_ms: Math.round(performance.now() - t0),
  cpu_ms: Math.round((process.resourceUsage().userCPUTime + process.resourceUsage().systemCPUTime) / 1000),
  peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  snapshot_bytes: manifest.files.reduce((n, f) => n + f.bytes, 0),
  counts: manifest.counts,
  semantic: {
    embedded: semantic.embedded,
    clusters: semantic.clusters,
    vocabulary: semantic.vocabulary,
    vocabulary_bytes: semantic.vocabularyBytes,
    hnsw_ms: semantic.hnswMs,
    hnsw_bytes: manifest.files.filter((f) => f.family === 'semantic-hnsw').reduce((n, f) => n + f.bytes, 0),
  },
};
process.stdout.write(`${JSON.stringify(result)}\n`);
