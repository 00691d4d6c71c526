// `npm run bench`: builds snapshots at each scale, measures them in fresh processes, writes bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BackgroundProbeResult } from './background-probe.js';
import type { BuildProbeResult } from './build-probe.js';
import type { ProbeResult } from './probe.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

export interface ScaleResult {
  scale: string;
  build: BuildProbeResult;
  serve: ProbeResult;
}

function runNode(script: string, args: string[]): string {
  return execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=16384', path.join(here, script), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function table(results: ScaleResult[]): string {
  const lines: string[] = [];
  lines.push('| scale | entities | relationships | build | snapshot size | build peak RSS | load-to-ready | heap after load | peak RSS serving |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    lines.push(
      `| ${r.scale} | ${r.serve.entities.toLocaleString('en')} | ${r.serve.relationships.toLocaleString('en')} | ${(r.build.build_ms / 1000).toFixed(1)} s | ` +
        `${(r.build.snapshot_bytes / 2 ** 20).toFixed(0)} MiB | ${r.build.peak_rss_mb} MiB | ${(r.serve.load_ms / 1000).toFixed(2)} s | ${r.serve.heap_used_mb} MiB | ${r.serve.peak_rss_mb} MiB |`,
    );
  }
  lines.push(
    '',
    '| scale | clusters embedded at build | entities covered at load | query vocabulary | HNSW build (embed + insert) | HNSW file |',
    '|---|---:|---:|---:|---:|---:|',
  );
  for (const r of results) {
    const s = r.build.semantic;
    lines.push(
      `| ${r.scale} | ${s.embedded.toLocaleString('en')} of ${s.clusters.toLocaleString('en')} | ${r.serve.embedded.toLocaleString('en')} (${((100 * r.serve.embedded) / r.serve.entities).toFixed(1)}%) | ` +
        `${s.vocabulary.toLocaleString('en')} words, ${(s.vocabulary_bytes / 2 ** 20).toFixed(1)} MiB | ${(s.hnsw_ms / 1000).toFixed(1)} s | ${(s.hnsw_bytes / 2 ** 20).toFixed(1)} MiB |`,
    );
  }
  lines.push('', '| scale | workload | ops | p50 | p99 | max | throughput |', '|---|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    for (const [name, w] of Object.entries(r.serve.workloads)) {
      lines.push(`| ${r.scale} | ${name} | ${w.ops} | ${w.p50_us} µs | ${w.p99_us} µs | ${w.max_us} µs | ${w.ops_per_s.toLocaleString('en')}/s |`);
    }
  }
  return lines.join('\n');
}

/** Background embedding on the demo corpus: how fast coverage grows, how long requests may wait, how fast a restart restores it. */
export function backgroundTable(b: BackgroundProbeResult): string {
  return [
    '## Background embedding',
    '',
    `The demo corpus (${b.entities.toLocaleString('en')} entities) built with only ${b.embedded_at_build.toLocaleString('en')} clusters embedded; ` +
      'the serving process embeds the rest in slices of at most 5 ms, appending each slice\'s vectors to the vector log off the main thread. ' +
      'Event-loop delay is what a request arriving meanwhile may wait. The restart reads the checkpointed index back (and the log beyond it).',
    '',
    '| clusters embedded after start | time | rate | event-loop delay p50 / p99 / max | vector log | checkpoint | restart restores all in |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    `| ${b.clusters_embedded.toLocaleString('en')} | ${b.embed_s} s | ${b.clusters_per_s.toLocaleString('en')}/s | ${b.loop_delay_p50_ms} / ${b.loop_delay_p99_ms} / ${b.loop_delay_max_ms} ms | ` +
      `${b.log_mib} MiB | ${b.checkpoint_mib} MiB | ${b.restore_s} s |`,
    '',
  ].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      entities: { type: 'string', default: 'demo,1000000' },
      ops: { type: 'string', default: '5000' },
      work: { type: 'string', default: path.join(os.tmpdir(), 'unshell-bench') },
      keep: { type: 'boolean', default: false },
      'semantic-eval': { type: 'boolean', default: true },
    },
  });
  const scales = values.entities.split(',').map((s) => s.trim());
  const results: ScaleResult[] = [];
  mkdirSync(values.work, { recursive: true });
  for (const scale of scales) {
    const dir = path.join(values.work, `snapshot-${scale}`);
    console.error(`[bench] building ${scale} …`);
    const build = JSON.parse(runNode('build-probe.js', [dir, scale])) as BuildProbeResult;
    console.error(`[bench] measuring ${scale} …`);
    const serve = JSON.parse(runNode('probe.js', [dir, values.ops])) as ProbeResult;
    results.push({ scale: scale === 'demo' ? 'demo' : `${Number(scale).toLocaleString('en')} synthetic`, build, serve });
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
  // Quality of semantic search on the evaluation set (demo corpus, plus the shared sanctions samples when present).
  const evaluation = values['semantic-eval'] ? runNode('semantic-eval.js', ['--json', path.join(values.work, 'semantic-eval.json')]) : '';
  console.error('[bench] background embedding …');
  const background = JSON.parse(runNode('background-probe.js', [path.join(values.work, 'background'), '1000'])) as BackgroundProbeResult;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const when = new Date().toISOString().slice(0, 10);
  const command = `npm run bench -- --entities ${values.entities} --ops ${values.ops}`;
  const md = [
    '# Benchmark results',
    '',
    `Measured ${when} with \`${command}\` on ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `Node.js ${process.version}, ${os.type()} ${os.release()}. Each snapshot is built and then measured in a fresh process; ` +
      'latencies are in-process calls of the capability (validation included, HTTP excluded), after a warm-up pass.',
    '',
    '## Snapshot build, load and in-process latency',
    '',
    table(results),
    '',
    'Semantic search at 1,000,000 entities is measured on what the snapshot embeds at build time (the default cap); the serving process embeds the rest in the background.',
    '',
    backgroundTable(background),
    evaluation,
  ].join('\n');
  writeFileSync(path.join(repo, 'bench', 'RESULTS.md'), md);
  writeFileSync(path.join(repo, 'bench', 'results.json'), `${JSON.stringify({ date: when, command, node: process.version, cpu, results, background }, null, 2)}\n`);
  console.log(md);
}

if (process.argv[1]?.endsWith('run.js')) main();
