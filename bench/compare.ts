// `npm run bench:compare`: two builds' benchmark runs side by side (say, before and after a refactor), each figure
// judged: in-process medians within 10 %, HTTP throughput within the run-to-run spread of each side's runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ScaleResult } from './run.js';
import { writeSection } from './results-file.js';

/** An in-process median may move this much (a fraction) and still count as unchanged. */
const IN_PROCESS_TOLERANCE = 0.1;

interface Side {
  label: string;
  /** One results.json per run, each holding every scale that run measured. */
  runs: ScaleResult[][];
}

function readRuns(dirs: string): ScaleResult[][] {
  return dirs.split(',').map((dir) => {
    const file = path.join(dir.trim(), 'results.json');
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('results' in parsed) || !Array.isArray(parsed.results))
      throw new Error(`${file}: not a results file of npm run bench (no results array)`);
    return parsed.results as ScaleResult[];
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? Number.NaN) + upper) / 2;
}

const fmt = (v: number, digits = 1): string => v.toLocaleString('en', { maximumFractionDigits: digits });
const pct = (ratio: number): string => `${ratio >= 1 ? '+' : ''}${fmt((ratio - 1) * 100)} %`;

/** Every scale's runs on one side, in run order. */
function byScale(side: Side, scale: string): ScaleResult[] {
  return side.runs.flatMap((run) => run.filter((r) => r.scale === scale));
}

function inProcessTable(before: Side, after: Side, scales: readonly string[]): string[] {
  const rows = [
    `| scale | workload | ${before.label} p50 (median of runs) | ${after.label} p50 | change | within 10 % |`,
    '|---|---|---:|---:|---:|---|',
  ];
  for (const scale of scales) {
    const a = byScale(before, scale);
    const b = byScale(after, scale);
    const names = Object.keys(a[0]?.serve.workloads ?? {});
    for (const name of names) {
      const p50 = (runs: ScaleResult[]): number[] =>
        runs.flatMap((r) => (r.serve.workloads[name] === undefined ? [] : [r.serve.workloads[name].p50_us]));
      const was = median(p50(a));
      const now = median(p50(b));
      if (Number.isNaN(was) || Number.isNaN(now)) continue;
      const ratio = now / was;
      const ok = ratio <= 1 + IN_PROCESS_TOLERANCE;
      rows.push(`| ${scale} | ${name} | ${fmt(was)} µs | ${fmt(now)} µs | ${pct(ratio)} | ${ok ? 'yes' : '**no**'} |`);
    }
    const load = (runs: ScaleResult[]): number => median(runs.map((r) => r.serve.load_ms));
    rows.push(
      `| ${scale} | load-to-ready | ${fmt(load(a), 0)} ms | ${fmt(load(b), 0)} ms | ${pct(load(b) / load(a))} | ${load(b) / load(a) <= 1 + IN_PROCESS_TOLERANCE ? 'yes' : '**no**'} |`,
    );
  }
  return rows;
}

function httpTable(before: Side, after: Side, scales: readonly string[]): string[] {
  const rows = [
    `| scale | workload | ${before.label} requests/s (each run) | ${after.label} requests/s (each run) | medians | within the spread |`,
    '|---|---|---|---|---:|---|',
  ];
  for (const scale of scales) {
    const throughput = (runs: ScaleResult[], name: string): number[] =>
      runs.flatMap((r) =>
        (r.http?.workloads ?? []).filter((w) => w.server === 'unshell' && w.name === name).map((w) => w.requests_per_s),
      );
    const a = byScale(before, scale);
    const b = byScale(after, scale);
    const names = [...new Set(a.flatMap((r) => (r.http?.workloads ?? []).map((w) => w.name)))];
    for (const name of names) {
      const was = throughput(a, name);
      const now = throughput(b, name);
      if (was.length === 0 || now.length === 0) continue;
      // Unchanged when either side's median falls within the other's range: the difference is no larger than
      // what repeating one build already shows.
      const inside = (v: number, xs: number[]): boolean => v >= Math.min(...xs) && v <= Math.max(...xs);
      const ok = inside(median(now), was) || inside(median(was), now) || median(now) >= median(was);
      rows.push(
        `| ${scale} | ${name} | ${was.map((v) => fmt(v, 0)).join(', ')} | ${now.map((v) => fmt(v, 0)).join(', ')} | ` +
          `${fmt(median(was), 0)} → ${fmt(median(now), 0)} | ${ok ? 'yes' : '**no**'} |`,
      );
    }
  }
  return rows;
}

export function compareSection(before: Side, after: Side, note: string): string {
  const scales = [...new Set(before.runs.flat().map((r) => r.scale))].filter((s) => byScale(after, s).length > 0);
  const lines = [
    '## Before and after a change',
    '',
    `${note}`,
    '',
    `${before.label}: ${before.runs.length} run(s); ${after.label}: ${after.runs.length} run(s), taken in turn on the same machine. ` +
      "In-process figures are the median over runs of each run's p50; an in-process workload passes when its median is at most 10 % slower. " +
      "HTTP throughput passes when one side's median lies within the other side's range of runs (or is faster).",
    '',
    ...inProcessTable(before, after, scales),
    '',
    ...httpTable(before, after, scales),
  ];
  return lines.join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      before: { type: 'string' },
      after: { type: 'string' },
      'before-label': { type: 'string', default: 'before' },
      'after-label': { type: 'string', default: 'after' },
      note: { type: 'string', default: '' },
    },
  });
  if (values.before === undefined || values.after === undefined) {
    console.error(
      'usage: npm run bench:compare -- --before DIR[,DIR…] --after DIR[,DIR…] [--before-label L] [--after-label L] [--note TEXT]\n' +
        '  each DIR is the --out directory of one npm run bench run (it holds results.json)',
    );
    process.exitCode = 2;
    return;
  }
  const section = compareSection(
    { label: values['before-label'], runs: readRuns(values.before) },
    { label: values['after-label'], runs: readRuns(values.after) },
    values.note,
  );
  writeSection('compare', section);
  console.log(section);
}

main();
