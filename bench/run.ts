// `npm run bench`: builds snapshots at each scale, measures them in fresh processes, writes bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BackgroundProbeResult } from './background-probe.js';
import type { BaselinesResult } from './baselines.js';
import type { BuildProbeResult } from './build-probe.js';
import type { HttpProbeResult } from './http-probe.js';
import type { LiveProbeResult } from './live-probe.js';
import type { WebProbeResult } from './web-probe.js';
import type { LoadProbeResult } from './load-probe.js';
import type { PeersResult } from './peers.js';
import type { ProbeResult } from './probe.js';
import type { LatencySummary } from './stats.js';
import { aptInstall } from './debian-packages.js';
import { writeSection } from './results-file.js';
import { READ_CHARS } from '../engine/app/external/stream-reads.js';
import { SLICE_BUDGET_MS } from '../engine/app/live/slice-pacer.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

export interface ScaleResult {
  scale: string;
  build: BuildProbeResult;
  serve: ProbeResult;
  peers: PeersResult | null;
  http: HttpProbeResult | null;
  /** Rounds of load at 256 connections and 1,000 idle ones (the largest scale of a run only). */
  load?: LoadProbeResult | null;
  /** Live ingestion of Companies House stream events (the largest scale of a run only). */
  live?: LiveProbeResult | null;
  /** The web app's company page in Chromium (the largest scale of a run only). */
  web?: WebProbeResult | null;
  baselines: BaselinesResult | null;
  /** When and by which command this scale was measured, and how long its part of the run took. */
  measured: Stamp & { seconds: number; reused: boolean };
  /** Parts this run did not measure (no --peers, --no-http, --no-load, --no-live, --no-web), kept from the run that did, with that run's stamp. */
  carried?: Partial<Record<CarriedPart, Stamp>>;
}

interface Stamp {
  date: string;
  command: string;
}

type CarriedPart = 'peers' | 'http' | 'load' | 'live' | 'web';

/** How long one whole run of the harness took, every part of it included (scales, peers, shared sections). */
interface RunTime extends Stamp {
  scales: string[];
  minutes: number;
}

/**
 * A scale measured again keeps the PostgreSQL comparison and the HTTP figures of an earlier run when this one was
 * not asked for them: each comparison is internally consistent (both sides measured in its own run), and says
 * which run that was.
 */
function carryOver(now: ScaleResult, before: ScaleResult | undefined): ScaleResult {
  if (before === undefined) return now;
  const out: ScaleResult = { ...now };
  for (const part of ['peers', 'http', 'load', 'live', 'web'] as const) {
    if ((now[part] ?? null) !== null || (before[part] ?? null) === null) continue;
    if (part === 'peers') out.peers = before.peers;
    else if (part === 'http') out.http = before.http;
    else if (part === 'load') out.load = before.load ?? null;
    else if (part === 'live') out.live = before.live ?? null;
    else out.web = before.web ?? null;
    out.carried = {
      ...out.carried,
      [part]: before.carried?.[part] ?? { date: before.measured.date, command: before.measured.command },
    };
  }
  return out;
}

/**
 * Where the rows of a table come from: each distinct command with its date (runs at other scales keep their rows).
 * With `part`, the rows of that section, which may come from an earlier run than the scale's own; without, every
 * run any figure of the scale comes from.
 */
function measuredBy(results: readonly ScaleResult[], part?: CarriedPart): string {
  const runs = new Map<string, string[]>();
  const note = (stamp: Stamp, scale: string): void => {
    const key = `\`${stamp.command}\`, ${stamp.date}`;
    if (!(runs.get(key) ?? []).includes(scale)) runs.set(key, [...(runs.get(key) ?? []), scale]);
  };
  for (const r of results) {
    if (part !== undefined) {
      note(r.carried?.[part] ?? r.measured, r.scale);
      continue;
    }
    note(r.measured, r.scale);
    for (const stamp of Object.values(r.carried ?? {})) note(stamp, r.scale);
  }
  return runs.size === 1
    ? `Measured with ${[...runs.keys()][0] ?? ''}`
    : `Measured with ${[...runs].map(([run, scales]) => `${run} (${scales.join(', ')})`).join('; ')}`;
}

/** The targets of the performance issue, each met or not with its figure; a target of a scale not run says so. */
function targetsTable(results: ScaleResult[], runs: readonly RunTime[]): string {
  const at = (entities: number): ScaleResult | undefined =>
    results.find((r) => r.serve.entities >= entities * 0.99 && r.serve.entities <= entities * 1.5);
  const rows: string[] = [];
  const row = (target: string, figure: number | null, unit: string, ok: (v: number) => boolean): void => {
    rows.push(
      `| ${target} | ${figure === null ? 'not measured' : `${figure.toLocaleString('en')} ${unit}`} | ${figure === null ? '—' : ok(figure) ? 'met' : '**not met**'} |`,
    );
  };
  const m1 = at(1_000_000);
  const w = (name: string): LatencySummary | undefined => m1?.serve.workloads[name];
  row('1M: name search p50 < 0.5 ms (in-process)', w('name search (exact name)')?.p50_us ?? null, 'µs', (v) => v < 500);
  row('1M: name search p99 < 5 ms (in-process)', w('name search (exact name)')?.p99_us ?? null, 'µs', (v) => v < 5000);
  row(
    '1M: ownership path p50 < 20 µs',
    w('ownership path (companies, max_depth 6)')?.p50_us ?? null,
    'µs',
    (v) => v < 20,
  );
  row('1M: dossier p50 < 1 ms', w('dossier (companies)')?.p50_us ?? null, 'µs', (v) => v < 1000);
  row(
    '1M: resolve, a batch of 100, p99 ≤ 20 ms (in-process)',
    w('resolve (batch of 100)')?.p99_us ?? null,
    'µs',
    (v) => v <= 20_000,
  );
  row(
    '1M: screening a list ≥ 1,000 rows/s (in-process, one core)',
    m1?.serve.screening?.rows_per_s ?? null,
    'rows/s',
    (v) => v >= 1000,
  );
  row(
    '1M: yente match, one query, p99 < 250 ms (yente: about 4 matches per second per vCPU)',
    w('yente match (one query by example)')?.p99_us ?? null,
    'µs',
    (v) => v < 250_000,
  );
  const http = m1?.http?.workloads.find((x) => x.name === 'entity lookup' && x.server === 'unshell');
  row(
    '1M: entity lookup over HTTP ≥ 10,000 requests/s',
    http?.requests_per_s ?? null,
    'requests/s',
    (v) => v >= 10_000,
  );
  const floor = m1?.http?.tinyhttp_floor;
  row(
    '1M: entity lookup over HTTP ≥ 0.75× a bare `@tinyhttp/app` server sending the same bytes',
    floor === undefined ? null : Math.round(floor.ratio * 100) / 100,
    '×',
    (v) => v >= 0.75,
  );
  const shared = m1?.http?.shared_state;
  row(
    '1M: entity lookup over HTTP with the operator state in PostgreSQL (replicas) ≥ 0.9× with it in files',
    shared === undefined ? null : Math.round(shared.ratio * 100) / 100,
    '×',
    (v) => v >= 0.9,
  );
  const loaded = results.findLast((r) => (r.load ?? null) !== null);
  const rounds = loaded?.load?.rounds ?? [];
  const errors = rounds.reduce(
    (n, round) => n + round.idle.errors + round.workloads.reduce((m, w) => m + w.errors, 0),
    0,
  );
  row(
    `${loaded?.scale ?? 'largest scale'}: no errors under load (256 connections, then 1,000 idle ones), every round`,
    loaded === undefined ? null : errors,
    'errors',
    (v) => v === 0,
  );
  const rss = rounds.map((round) => round.rss_mb);
  row(
    `${loaded?.scale ?? 'largest scale'}: memory does not grow, RSS after the last round ≤ 1.1× after the first`,
    rss.length < 2 ? null : Math.round(((rss.at(-1) ?? 0) / (rss[0] ?? 1)) * 100) / 100,
    '×',
    (v) => v <= 1.1,
  );
  row(
    '1M: load-to-ready < 15 s',
    m1 === undefined ? null : Math.round(m1.serve.load_ms / 100) / 10,
    's',
    (v) => v < 15,
  );
  const run1m =
    m1 === undefined ? undefined : runs.find((r) => r.command === m1.measured.command && r.date === m1.measured.date);
  row(
    `1M: a run measuring it completes in < 15 min${run1m === undefined ? '' : ` (\`${run1m.command}\`, every part)`}`,
    run1m?.minutes ?? null,
    'min',
    (v) => v < 15,
  );
  const ingested = results.findLast((r) => (r.live ?? null) !== null);
  const live = ingested?.live ?? null;
  const where = ingested?.scale ?? 'largest scale';
  row(
    `${where}: Companies House stream events applied ≥ 20,000/s (read, journalled, applied, derived facts followed)`,
    live?.events_per_s ?? null,
    'events/s',
    (v) => v >= 20_000,
  );
  row(
    `${where}: an event visible in search, entity and pulse within 250 ms of its arrival (p99)`,
    live?.visible_p99_ms ?? null,
    'ms',
    (v) => v < 250,
  );
  row(
    `${where}: name search p99 while ingesting ≤ 1.5× idle`,
    live === null ? null : Math.round((live.search_ingesting_p99_ms / live.search_idle_p99_ms) * 100) / 100,
    '×',
    (v) => v <= 1.5,
  );
  row(
    `${where}: replay at start after ${live === null ? '1M' : live.events.toLocaleString('en')} journalled events < 10 s (from the newest checkpoint)`,
    live?.replay_s ?? null,
    's',
    (v) => v < 10,
  );
  const browsed = results.findLast((r) => (r.web ?? null) !== null);
  row(
    `${browsed?.scale ?? 'largest scale'}: first render of a company page in Chromium < 1 s (p95)`,
    browsed?.web?.first_render_p95_ms ?? null,
    'ms',
    (v) => v < 1000,
  );
  const gib = (mb: number): number => Math.round((mb / 1024) * 10) / 10;
  /** Load-to-ready and serving memory of one scale, against its limits. */
  const servingRows = (label: string, r: ScaleResult | undefined, loadS: number, rssGiB: number, rss: string): void => {
    row(
      `${label}: load-to-ready < ${loadS} s`,
      r === undefined ? null : Math.round(r.serve.load_ms / 100) / 10,
      's',
      (v) => v < loadS,
    );
    row(
      `${label}: ${rss} < ${rssGiB} GiB`,
      r === undefined ? null : gib(r.serve.peak_rss_mb),
      'GiB',
      (v) => v < rssGiB,
    );
  };
  servingRows('5M', at(5_000_000), 60, 16, 'peak RSS');
  // The size of the real corpus: UK companies, officers and PSCs, GLEIF, ICIJ and the sanctions lists together.
  const m20 = at(20_000_000);
  row(
    '20M: build < 45 min',
    m20 === undefined ? null : Math.round(m20.build.build_ms / 6000) / 10,
    'min',
    (v) => v < 45,
  );
  row('20M: build peak RSS < 12 GiB', m20 === undefined ? null : gib(m20.build.peak_rss_mb), 'GiB', (v) => v < 12);
  servingRows('20M', m20, 90, 20, 'serving peak RSS');
  for (const r of results) {
    for (const pw of r.peers?.workloads ?? []) {
      const ratio = Math.round((pw.postgres.p50_us / Math.max(0.1, pw.unshell.p50_us)) * 10) / 10;
      row(`${r.scale}: ≥ 10× faster than PostgreSQL, ${pw.name}`, ratio, '×', (v) => v >= 10);
    }
  }
  const took = runs.map((r) => `\`${r.command}\`, ${r.date}: ${r.minutes} min`);
  return [
    '## Targets',
    '',
    `${measuredBy(results)}; each figure is in the sections below.`,
    '',
    '| target | figure | |',
    '|---|---:|---|',
    ...rows,
    ...(took.length === 0 ? [] : ['', `Whole runs, from start to the last section written: ${took.join('; ')}.`]),
  ].join('\n');
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** wrk from Debian's package, installed when missing (as PostgreSQL is for --peers); false when it cannot be. */
function ensureWrk(): boolean {
  if (hasWrk()) return true;
  try {
    aptInstall(['wrk'], (line) => console.error(`[bench] ${line}`));
  } catch (err) {
    console.error(`[bench] wrk is not installed and could not be (${(err as Error).message}): HTTP workloads skipped`);
    return false;
  }
  return hasWrk();
}

function httpTable(results: ScaleResult[]): string {
  const lines = [
    '## Over HTTP',
    '',
    `${measuredBy(
      results.filter((r) => r.http !== null),
      'http',
    )}. The snapshot is served by \`unshell serve\` code in one Node.js process (rate limits and background embedding out`,
    'of the way, anonymous resolve batches raised to 100) and loaded by wrk (Debian package) from a separate process, one thread, 32',
    'keep-alive connections (30 s timeout), walking up to 2,000 sampled requests per workload (10 s for entity lookup, 5 s for the others); the floor is a',
    'plain `node:http` server in the same process answering the very bytes unshell answers, precomputed, so the difference is what',
    'routing, validation, the capability and serialisation cost. Errors counts non-2xx answers too. Target, at 1M entities: entity lookup at',
    '10,000 requests/s or more.',
    '',
    '| scale | workload | server | requests/s | p50 | p99 | errors | target |',
    '|---|---|---|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    for (const w of r.http?.workloads ?? []) {
      const target =
        atTargetScale(r) && w.name === 'entity lookup' && w.server === 'unshell'
          ? w.requests_per_s >= 10_000
            ? 'met'
            : 'not met'
          : '';
      lines.push(
        `| ${r.scale} | ${w.name} | ${w.server} | ${w.requests_per_s.toLocaleString('en')} | ${w.p50_ms.toFixed(2)} ms | ${w.p99_ms.toFixed(2)} ms | ${w.errors} | ${target} |`,
      );
    }
  }
  return [...lines, ...tinyhttpFloorLines(results), ...sharedStateLines(results)].join('\n');
}

/** The scale the HTTP targets are set at: 1M synthetic entities (a snapshot of them holds a few more). */
const atTargetScale = (r: ScaleResult): boolean => r.serve.entities >= 990_000 && r.serve.entities <= 1_500_000;

/** Each turn's requests/s, in the order they ran. */
const turnList = (xs: number[] | undefined): string => (xs ?? []).map((x) => x.toLocaleString('en')).join(', ');

/** Whether two servers' ratio reaches `min`, judged at the target scale only. */
const ratioTarget = (r: ScaleResult, ratio: number, min: number): string =>
  atTargetScale(r) ? (ratio >= min ? 'met' : 'not met') : '';

/** Entity lookup with the operator state in PostgreSQL against it in files: what replicas sharing it cost. */
function sharedStateLines(results: ScaleResult[]): string[] {
  const measured = results.filter((r) => r.http?.shared_state !== undefined);
  if (measured.length === 0) return [];
  return [
    '',
    'Entity lookup with the operator state in PostgreSQL (`UNSHELL_STATE_URL`, as replicas keep it; PostgreSQL from',
    "Debian's packages on loopback) against the same service with it in files, the two servers in one process taking",
    'turns three times (10 s each, after a warm-up). Ratio = the median of PostgreSQL over the median of files; target at',
    '1M entities: 0.9× or more.',
    '',
    '| scale | files, each turn (requests/s) | PostgreSQL, each turn | ratio | PostgreSQL | target |',
    '|---|---|---|---:|---|---|',
    ...measured.map((r) => {
      const s = r.http?.shared_state;
      const ratio = s?.ratio ?? 0;
      return `| ${r.scale} | ${turnList(s?.files)} | ${turnList(s?.postgres)} | ${ratio.toFixed(2)}× | ${s?.postgres_version ?? ''} | ${ratioTarget(r, ratio, 0.9)} |`;
    }),
  ];
}

/** Entity lookup, unshell and the bare tinyhttp floor taking turns: the price of unshell's protection and work. */
function tinyhttpFloorLines(results: ScaleResult[]): string[] {
  const turns = results.filter((r) => r.http?.tinyhttp_floor !== undefined);
  if (turns.length === 0) return [];
  return [
    '',
    'Entity lookup against a bare `@tinyhttp/app` server: its own process, one route sending the very bytes unshell answers',
    '(precomputed) with the headers unshell sends, driven by the same wrk, connections and duration, the two taking turns three',
    'times (10 s each, after a warm-up of each). Ratio = the median of unshell over the median of the floor; target at 1M',
    'entities: 0.75× or more.',
    '',
    '| scale | unshell, each turn (requests/s) | tinyhttp floor, each turn | ratio | target |',
    '|---|---|---|---:|---|',
    ...turns.map((r) => {
      const f = r.http?.tinyhttp_floor;
      const ratio = f?.ratio ?? 0;
      return `| ${r.scale} | ${turnList(f?.unshell)} | ${turnList(f?.tinyhttp)} | ${ratio.toFixed(2)}× | ${ratioTarget(r, ratio, 0.75)} |`;
    }),
  ];
}

function liveTable(results: ScaleResult[]): string {
  const measured = results.filter((r) => (r.live ?? null) !== null);
  const lines = [
    '## Live ingestion',
    '',
    `${measuredBy(measured, 'live')}. In one process, as the service does it: Companies House stream events in the registry's`,
    'format (filings 40%, new individual PSCs 30%, new corporate PSCs 10%, new companies 20%, about 20,000 sampled UK companies;',
    'new companies and corporate PSCs named after the names searched), written before anything is measured to a file of the',
    'NDJSON lines the registry sends and read from it 64 KiB at a time (what a connection delivers at once when the stream',
    `is behind), split into lines on the main thread and divided into reads of at most ${READ_CHARS / 1024} KiB, as the stream follower does`,
    'what its connection delivers (until 2026-11-29 the events were made on the main thread as they were read,',
    "about 3.8 µs an event of work the registry's machines do: 18,539 events/s in one run against 21,896 from the file;",
    'until 2026-11-29 a read was also the whole 64 KiB, some 130 events: measured apart, search p99 while ingesting 1.39× idle',
    'against 1.20× with reads of 8 KiB, fifteen windows each), each read then read in the reader thread (below normal',
    'priority, so that the event loop keeps its core) while the one',
    'before is applied, journalled and applied in group commits sized to hold the event loop',
    `about ${SLICE_BUDGET_MS} ms each (one write each, as the service applies a read of the stream, turning the event loop between`,
    'commits; the size follows the cost of the latest commits), derived facts',
    'included. After a warm-up (2 s of searches, then the first 5,000 events applied, unmeasured, as every other workload',
    'has one), search is measured with open-loop arrivals every 5 ms, idle and while ingestion runs at up to 20,000 events/s',
    'between the searches, in alternating windows: idle, then five times 2 s ingesting and 1.7 s idle, the latencies of each',
    'kind pooled. Search slows as the events are applied, since they add names made of the words searched (idle p99 about',
    '2.0 ms after the warm-up, 2.7 ms 200,000 events later): windows that alternate measure idle and ingesting on a corpus',
    'of the same sizes on average. Until 2026-11-29 one 10 s idle window was measured before one 10 s ingesting window,',
    'on a corpus that grew meanwhile: whole runs measured 1.43, 1.67, 1.58 and 1.45×, and six such pairs measured apart',
    '(commits of 0.25 and 0.5 ms) 1.18–1.54× against idle before, 1.12–1.24× against the mean of idle before and after. Search latency includes the wait',
    'for the commit in progress, and it rises with the rate ingestion keeps and with the length of a commit: measured apart',
    '(2026-11-29) at about 18,000 events/s, commits of 2 ms made it 11 ms against 2 ms idle, commits of 0.5 ms 5.5–9 ms.',
    'The rest is young-generation collections (about 90 a second at 20,000 events/s: an event allocates some 20 KB that',
    'dies young; median pause 0.23 ms with reads of 8 KiB, 0.77 ms with whole reads of 64 KiB, whose events were alive',
    'during most of them) and full collections (six to eight in 10 s, pausing 2–11 ms: the corpus lives outside the JavaScript',
    'heap, whose 50 MB V8 lets grow by about half between full collections). Each young collection walks every page of the',
    "heap: the name index's word lists, a million small arrays at 1M entities as FlexSearch keeps them, made each cost",
    'about twice as much (0.85 against 0.42 ms, caches cold) until they were held in typed arrays. The reader thread at',
    "normal priority took the event loop's core for a whole time slice (3–4 ms) about ten times in 10 s (run-queue wait of",
    'the event loop 0.8 s against 0.2–0.26 s per pair of 10 s windows). What a change adds to grows a page at a time:',
    'Maps, Sets and arrays that doubled made single commits of 40–80 ms once some 200,000 events were applied (a Set of a',
    'million numbers rehashes in 40 ms). Memory per 1M events is resident memory after a',
    'full collection, since chunks are allocated ahead of their records and only their written pages are resident. Measured',
    'apart in the same way (300,000 events, 2026-11-28): reading the lines on the main thread instead of the reader thread',
    'applied 9,100–11,600 events/s against 11,300–13,200. Checkpoint: as the service does it',
    '(UNSHELL_CHECKPOINT_EVERY, default 25,000 changes), the fold of the journal begins when the last 25,000 events remain,',
    'in a thread (the snapshot loaded again, the journal replayed up to that change, a snapshot built), and the journal then',
    'continues in a new file holding the changes recorded since. Restart: the checkpoint loaded, then that journal replayed.',
    "At the registry's pace (a few events a second) a restart replays at most about 25,000 changes and those of one fold;",
    'a service ingesting faster than it folds replays more.',
    '',
    '| scale | events | events/s | events per commit | visible p50 | visible p99 | visibility checks | search p99 idle | search p99 ingesting | ingest rate kept | memory per 1M events | journal | fold | restart: load | restart: replay |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of measured) {
    const l = r.live;
    if (l === null || l === undefined) continue;
    lines.push(
      `| ${r.scale} | ${l.events.toLocaleString('en')} | ${l.events_per_s.toLocaleString('en')} | ${l.mean_slice} | ${l.visible_p50_ms} ms | ${l.visible_p99_ms} ms | ` +
        `${l.visibility_checks - l.visibility_failures} of ${l.visibility_checks} | ${l.search_idle_p99_ms} ms | ${l.search_ingesting_p99_ms} ms | ` +
        `${l.ingest_rate_per_s.toLocaleString('en')}/s | ${l.memory_mib_per_1m_events.toLocaleString('en')} MiB | ${l.journal_mib} MiB | ` +
        `${l.fold_s ?? '–'} s | ${l.restart_load_s ?? '–'} s | ${l.replay_s} s (${l.replayed?.toLocaleString('en') ?? 'every'} changes) |`,
    );
  }
  return lines.join('\n');
}

function webTable(results: ScaleResult[]): string {
  const measured = results.filter((r) => (r.web ?? null) !== null);
  const lines = [
    '## The web app',
    '',
    `${measuredBy(measured, 'web')}. \`unshell serve\` in its own process; Debian's Chromium (headless, driven by playwright-core)`,
    'opens the company page of sampled UK companies, each in a new browser context (a first visit: nothing cached), and',
    "times it from the navigation's start to the page drawn with its data (the app's `unshell:rendered` mark). One page is",
    'opened first and not counted.',
    '',
    '| scale | pages | first render p50 | p95 | max |',
    '|---|---|---|---|---|',
  ];
  for (const r of measured) {
    const w = r.web;
    if (w === null || w === undefined) continue;
    lines.push(
      `| ${r.scale} | ${w.pages} | ${w.first_render_p50_ms} ms | ${w.first_render_p95_ms} ms | ${w.first_render_max_ms} ms |`,
    );
  }
  return lines.join('\n');
}

function loadTable(results: ScaleResult[]): string {
  const loaded = results.filter((r) => (r.load ?? null) !== null);
  const first = loaded[0]?.load;
  const lines = [
    '## Under load',
    '',
    `${measuredBy(loaded, 'load')}. \`unshell serve\` in its own process (rate limits, the in-flight cap and background`,
    `embedding out of the way), at the largest scale of the run: each round loads entity lookup, name search and dossier with`,
    `wrk at ${first?.connections ?? 256} concurrent connections for ${first?.seconds ?? 30} s each, then holds ${(first?.idle_connections ?? 1000).toLocaleString('en')} idle keep-alive`,
    'connections (each asking `/healthz` every 4 s, under the 5 s idle timeout) while one client on one connection measures entity',
    "lookup latency for 10 s. RSS is the server's after the round. Each workload is warmed for 3 s, unmeasured, before the first round.",
    '',
    '| scale | round | workload | requests/s | p99 | errors | server RSS after the round |',
    '|---|---:|---|---:|---:|---:|---:|',
  ];
  for (const r of loaded) {
    for (const round of r.load?.rounds ?? []) {
      for (const w of round.workloads)
        lines.push(
          `| ${r.scale} | ${round.round} | ${w.name} (${r.load?.connections ?? 256} connections) | ${w.requests_per_s.toLocaleString('en')} | ${w.p99_ms.toFixed(1)} ms | ${w.errors} | |`,
        );
      lines.push(
        `| ${r.scale} | ${round.round} | entity lookup, 1 client beside ${round.idle.held.toLocaleString('en')} idle connections | ${Math.round(round.idle.requests / 10).toLocaleString('en')} | ${round.idle.p99_ms.toFixed(2)} ms | ${round.idle.errors} | ${round.rss_mb.toLocaleString('en')} MiB (peak ${round.peak_rss_mb.toLocaleString('en')}) |`,
      );
    }
  }
  return lines.join('\n');
}

function peersTable(results: ScaleResult[]): string {
  const lines = [
    '## Against PostgreSQL',
    '',
    `${measuredBy(
      results.filter((r) => r.peers !== null),
      'peers',
    )}. In each run, the snapshot of each scale is loaded by unshell and`,
    'COPYed into a throwaway PostgreSQL cluster on loopback (Debian package; `pg_trgm` GIN index on names, btree on edge ends, a',
    'recursive CTE with a CYCLE clause for ownership paths, joined to both parties of each hop as unshell answers them; durability',
    'off), queried over one connection with prepared statements. Both sides answer the same question: an entity with the hit',
    'fields of every connection, the hops of a chain with their roles, shares and parties.',
    'Before timing, a sample of 200 inputs is run on both and the answers compared; the agreement column says how many matched.',
    'Each side is then warmed (PostgreSQL with 20 queries to fill its caches, unshell with 10,000 calls or 2 s for V8 to optimise) and timed over the same inputs.',
    'Ratio = PostgreSQL p50 / unshell p50; the target is 10× or more on every workload.',
    '',
    '| scale | workload | unshell p50 | PostgreSQL p50 | ratio | unshell p99 | PostgreSQL p99 | agreement | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    if (r.peers === null) continue;
    for (const w of r.peers.workloads) {
      const ratio = w.postgres.p50_us / Math.max(0.1, w.unshell.p50_us);
      lines.push(
        `| ${r.scale} | ${w.name} | ${w.unshell.p50_us} µs | ${w.postgres.p50_us} µs | ${ratio.toFixed(1)}× | ${w.unshell.p99_us} µs | ${w.postgres.p99_us} µs | ` +
          `${w.agree}/${w.checked} (${w.check}) | ${ratio >= 10 ? 'met' : 'not met'} |`,
      );
    }
  }
  lines.push(
    '',
    '| scale | PostgreSQL version | COPY | index build | unshell load-to-ready |',
    '|---|---|---:|---:|---:|',
  );
  for (const r of results) {
    if (r.peers === null) continue;
    lines.push(
      `| ${r.scale} | ${r.peers.postgres_version} | ${(r.peers.load.copy_ms / 1000).toFixed(1)} s | ${(r.peers.load.index_ms / 1000).toFixed(1)} s | ${(r.serve.load_ms / 1000).toFixed(2)} s |`,
    );
  }
  return lines.join('\n');
}

function baselinesTable(results: ScaleResult[]): string {
  const lines = [
    '## Against exact k-NN and JSON files',
    '',
    `${measuredBy(results.filter((r) => r.baselines !== null))}, on the same snapshots. **Semantic k-NN**: HNSW (hnswlib-node, as served) against an exact`,
    'scan of the very vectors it holds (cosine, best 10 kept by insertion), over the evaluation descriptions embedded and stored entity',
    'vectors as queries; recall@10 is the share of the exact top 10 HNSW returns. **Load**: the same entity and relationship records',
    'written as JSON lines and read by a fresh process into a Map by id and an adjacency list per entity (records and adjacency only:',
    'no name, identifier or vector index, so less than unshell builds); 200 sampled entities are checked to carry the same record and',
    'number of relationships.',
    '',
    '| scale | vectors | queries | HNSW p50 | exact p50 | ratio | HNSW p99 | exact p99 | recall@10 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    const k = r.baselines?.knn;
    if (k === undefined) continue;
    lines.push(
      `| ${r.scale} | ${k.vectors.toLocaleString('en')} | ${k.queries} | ${k.hnsw.p50_us} µs | ${k.exact.p50_us} µs | ${(k.exact.p50_us / Math.max(0.1, k.hnsw.p50_us)).toFixed(1)}× | ` +
        `${k.hnsw.p99_us} µs | ${k.exact.p99_us} µs | ${k.recall} |`,
    );
  }
  lines.push(
    '',
    '| scale | JSON files | JSON load | JSON peak RSS | unshell load-to-ready | unshell peak RSS | ratio | agreement |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of results) {
    const j = r.baselines?.json;
    if (r.baselines === null) continue;
    if (j === null || j === undefined) {
      lines.push(
        `| ${r.scale} | not run at this scale (JSON files of every record would not fit memory and disk comfortably) | | | ${(r.serve.load_ms / 1000).toFixed(2)} s | ${r.serve.peak_rss_mb} MiB | | |`,
      );
      continue;
    }
    lines.push(
      `| ${r.scale} | ${(j.json_bytes / 2 ** 20).toFixed(0)} MiB | ${(j.load_ms / 1000).toFixed(2)} s | ${j.peak_rss_mb} MiB | ${(r.serve.load_ms / 1000).toFixed(2)} s | ` +
        `${r.serve.peak_rss_mb} MiB | ${(j.load_ms / Math.max(1, r.serve.load_ms)).toFixed(1)}× | ${j.agree}/${j.checked} |`,
    );
  }
  return lines.join('\n');
}

function runNode(script: string, args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=16384', path.join(here, script), ...args],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
}

export function table(results: ScaleResult[]): string {
  const lines: string[] = [];
  lines.push(
    "| scale | entities | relationships | build | snapshot size | build peak RSS | load-to-ready | heap after load | peak RSS serving | records | this scale's part of the run |",
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const r of results) {
    lines.push(
      `| ${r.scale} | ${r.serve.entities.toLocaleString('en')} | ${r.serve.relationships.toLocaleString('en')} | ${(r.build.build_ms / 1000).toFixed(1)} s | ` +
        `${(r.build.snapshot_bytes / 2 ** 20).toFixed(0)} MiB | ${r.build.peak_rss_mb} MiB | ${(r.serve.load_ms / 1000).toFixed(2)} s | ${r.serve.heap_used_mb} MiB | ${r.serve.peak_rss_mb} MiB | ` +
        `${r.serve.records_on_disk === true ? 'on disk' : 'in memory'} | ` +
        `${(r.measured.seconds / 60).toFixed(1)} min${r.measured.reused ? ' (snapshot reused, build not rerun)' : ''} |`,
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
      lines.push(
        `| ${r.scale} | ${name} | ${w.ops} | ${w.p50_us} µs | ${w.p99_us} µs | ${w.max_us} µs | ${w.ops_per_s.toLocaleString('en')}/s |`,
      );
    }
  }
  const screened = results.filter((r) => r.serve.screening !== undefined);
  if (screened.length > 0) {
    lines.push(
      '',
      'Screening a list in-process (`bench/screening-rate.ts`): half the rows names of the corpus as its records write ' +
        'them (people with their birth dates), half words of two unrelated names; each row scored by the matching ' +
        "API's scorer, at most 20 records per name.",
      '',
      '| scale | rows | matched | time | rows/s |',
      '|---|---:|---:|---:|---:|',
    );
    for (const r of screened) {
      const s = r.serve.screening;
      if (s !== undefined)
        lines.push(
          `| ${r.scale} | ${s.rows.toLocaleString('en')} | ${s.matched.toLocaleString('en')} | ${s.seconds} s | ${s.rows_per_s.toLocaleString('en')} |`,
        );
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
      "the serving process embeds the rest in slices of at most 5 ms, appending each slice's vectors to the vector log off the main thread. " +
      'Event-loop delay is what a request arriving meanwhile may wait. The restart reads the checkpointed index back (and the log beyond it).',
    '',
    '| clusters embedded after start | time | rate | event-loop delay p50 / p99 / max | vector log | checkpoint | restart restores all in |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    `| ${b.clusters_embedded.toLocaleString('en')} | ${b.embed_s} s | ${b.clusters_per_s.toLocaleString('en')}/s | ${b.loop_delay_p50_ms} / ${b.loop_delay_p99_ms} / ${b.loop_delay_max_ms} ms | ` +
      `${b.log_mib} MiB | ${b.checkpoint_mib} MiB | ${b.restore_s} s |`,
    '',
  ].join('\n');
}

export const BENCH_USAGE = `unshell bench [--entities demo,1000000] [--ops 5000] [--peers postgres] [--peer-ops 200] [--no-http]
    [--no-load] [--no-live] [--live-events N] [--no-web] [--no-semantic-eval] [--no-background] [--skip-importers]
    [--out DIR] [--work DIR] [--keep] [--reuse]
  Builds a deterministic synthetic snapshot at each scale (demo, or a number of entities), measures build, load and every
  workload in fresh processes, in-process and over HTTP (with wrk, beside a node:http and a bare @tinyhttp/app floor),
  against exact k-NN, JSON files and, with --peers postgres, a throwaway PostgreSQL on loopback; then, at the largest
  scale, three rounds of load (256 connections, 1,000 idle ones; --no-load skips them, about 6 min) and live ingestion
  of Companies House stream events (--live-events, default 1,000,000; --no-live skips it). wrk and
  PostgreSQL are installed with apt when missing (as root).
  Writes RESULTS.md and results.json to DIR (default: bench/).
  --keep leaves each snapshot in the work directory with its build figures; --reuse measures a kept one instead of
  building it again (a 5M build takes about half an hour). --no-background leaves out background embedding on the
  demo corpus (its section keeps an earlier run's figures).`;

export class BenchUsageError extends Error {}

/** The benchmark harness: \`npm run bench -- …\` and \`unshell bench …\`. */
export function runBench(args: string[]): void {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      options: {
        entities: { type: 'string', default: 'demo,1000000' },
        ops: { type: 'string', default: '5000' },
        work: { type: 'string', default: path.join(os.tmpdir(), 'unshell-bench') },
        out: { type: 'string', default: path.join(repo, 'bench') },
        keep: { type: 'boolean', default: false },
        reuse: { type: 'boolean', default: false },
        'skip-importers': { type: 'boolean', default: false },
        peers: { type: 'string', default: '' },
        'peer-ops': { type: 'string', default: '200' },
        'no-http': { type: 'boolean', default: false },
        'no-load': { type: 'boolean', default: false },
        'no-live': { type: 'boolean', default: false },
        'no-web': { type: 'boolean', default: false },
        'live-events': { type: 'string', default: '1000000' },
        'no-semantic-eval': { type: 'boolean', default: false },
        'no-background': { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    throw new BenchUsageError((err as Error).message);
  }
  const { values } = parsed;
  const scales = values.entities.split(',').map((s) => s.trim());
  for (const scale of scales)
    if (scale !== 'demo' && !/^[1-9]\d*$/.test(scale))
      throw new BenchUsageError(`--entities takes demo or a number of entities, got "${scale}"`);
  for (const flag of ['ops', 'peer-ops'] as const)
    if (!/^[1-9]\d*$/.test(values[flag]))
      throw new BenchUsageError(`--${flag} must be a positive integer, got "${values[flag]}"`);
  for (const peer of values.peers.split(',').filter((p) => p !== ''))
    if (peer !== 'postgres') throw new BenchUsageError(`--peers knows postgres, got "${peer}"`);
  // Every benchmark process writes its sections to the same results file.
  mkdirSync(values.out, { recursive: true });
  process.env.UNSHELL_BENCH_RESULTS = path.join(path.resolve(values.out), 'RESULTS.md');
  const overHttp = !values['no-http'];
  const semanticEval = !values['no-semantic-eval'];
  const results: ScaleResult[] = [];
  mkdirSync(values.work, { recursive: true });
  const when = new Date().toISOString().slice(0, 10);
  const runStarted = performance.now();
  const command = `npm run bench -- ${args.join(' ')}`.trim();
  for (const scale of scales) {
    const started = performance.now();
    const dir = path.join(values.work, `snapshot-${scale}`);
    const kept = `${dir}.build.json`;
    let build: BuildProbeResult;
    const reused = values.reuse && existsSync(kept) && existsSync(path.join(dir, 'manifest.json'));
    if (reused) {
      console.error(`[bench] reusing the ${scale} snapshot kept in ${dir} and its build figures`);
      build = JSON.parse(readFileSync(kept, 'utf8')) as BuildProbeResult;
    } else {
      console.error(`[bench] building ${scale} …`);
      build = JSON.parse(runNode('build-probe.js', [dir, scale])) as BuildProbeResult;
      if (values.keep || values.reuse) writeFileSync(kept, `${JSON.stringify(build)}\n`);
    }
    console.error(`[bench] measuring ${scale} …`);
    const serve = JSON.parse(runNode('probe.js', [dir, values.ops])) as ProbeResult;
    let peers: PeersResult | null = null;
    if (values.peers.split(',').includes('postgres')) {
      console.error(`[bench] PostgreSQL peer at ${scale} …`);
      peers = JSON.parse(runNode('peers.js', [dir, values['peer-ops']])) as PeersResult;
    }
    console.error(`[bench] exact k-NN and JSON-file baselines at ${scale} …`);
    const baselines = JSON.parse(runNode('baselines.js', [dir, '1000'])) as BaselinesResult;
    let http: HttpProbeResult | null = null;
    if (overHttp && ensureWrk()) {
      console.error(`[bench] HTTP at ${scale} …`);
      http = JSON.parse(runNode('http-probe.js', [dir, '10'])) as HttpProbeResult;
    }
    let load: LoadProbeResult | null = null;
    if (overHttp && !values['no-load'] && scale === scales.at(-1) && ensureWrk()) {
      console.error(`[bench] load rounds at ${scale} (3 × 256 connections on 3 workloads, 30 s each) …`);
      load = JSON.parse(runNode('load-probe.js', [dir, '30', '3'])) as LoadProbeResult;
    }
    let live: LiveProbeResult | null = null;
    if (!values['no-live'] && scale === scales.at(-1)) {
      console.error(`[bench] live ingestion at ${scale} (${values['live-events']} stream events) …`);
      live = JSON.parse(runNode('live-probe.js', [dir, values['live-events']])) as LiveProbeResult;
    }
    let web: WebProbeResult | null = null;
    if (overHttp && !values['no-web'] && scale === scales.at(-1)) {
      console.error(`[bench] the web app's company page in Chromium at ${scale} …`);
      web = JSON.parse(runNode('web-probe.js', [dir, '20'])) as WebProbeResult | null;
    }
    const seconds = Math.round((performance.now() - started) / 1000);
    results.push({
      scale: scale === 'demo' ? 'demo' : `${Number(scale).toLocaleString('en')} synthetic`,
      build,
      serve,
      peers,
      http,
      load,
      live,
      web,
      baselines,
      measured: { date: when, command, seconds, reused },
    });
    if (!values.keep && !values.reuse) rmSync(dir, { recursive: true, force: true });
  }
  // Quality of semantic search on the evaluation set (demo corpus, plus the shared sanctions samples when present).
  const evaluation = semanticEval
    ? runNode('semantic-eval.js', ['--json', path.join(values.work, 'semantic-eval.json')])
    : '';
  let background: BackgroundProbeResult | null = null;
  if (!values['no-background']) {
    console.error('[bench] background embedding …');
    background = JSON.parse(
      runNode('background-probe.js', [path.join(values.work, 'background'), '1000']),
    ) as BackgroundProbeResult;
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  // Scales measured by an earlier run into the same results file keep their rows; a scale run again replaces its own.
  const resultsJson = path.join(values.out, 'results.json');
  const before = existsSync(resultsJson)
    ? (JSON.parse(readFileSync(resultsJson, 'utf8')) as {
        results?: Partial<ScaleResult>[];
        runs?: RunTime[];
        background?: BackgroundProbeResult | null;
      })
    : {};
  const earlier = before.results ?? [];
  const kept = earlier.filter((r): r is ScaleResult => r.measured !== undefined);
  const all = [
    ...kept.filter((r) => !results.some((x) => x.scale === r.scale)),
    ...results.map((r) =>
      carryOver(
        r,
        kept.find((k) => k.scale === r.scale),
      ),
    ),
  ].sort((a, b) => a.serve.entities - b.serve.entities);
  const md = [
    '## Snapshot build, load and in-process latency',
    '',
    `${measuredBy(all)}, on ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `Node.js ${process.version}, ${os.type()} ${os.release()}. Each snapshot is built and then measured in a fresh process; ` +
      'latencies are in-process calls of the capability (validation included, HTTP excluded), after a warm-up of 10,000 calls or 2 s.',
    '',
    table(all),
    '',
    'Semantic search at 1,000,000 entities is measured on what the snapshot embeds at build time (the default cap); the serving process embeds the rest in the background.',
  ].join('\n');
  // Run times of the runs some figure still comes from; this run's is added once its last section is written.
  const cited = (r: Stamp): boolean =>
    all.some((x) =>
      [x.measured, ...Object.values(x.carried ?? {})].some((st) => st.command === r.command && st.date === r.date),
    );
  const runs = (before.runs ?? []).filter((r) => cited(r) && !(r.command === command && r.date === when));
  const writeSummary = (extra: RunTime[]): void => {
    writeSection('targets', targetsTable(all, [...runs, ...extra]));
    writeFileSync(
      resultsJson,
      `${JSON.stringify({ date: when, command, node: process.version, cpu, results: all, background: background ?? before.background ?? null, runs: [...runs, ...extra] }, null, 2)}\n`,
    );
  };
  writeSummary([]);
  writeSection('scale', md);
  if (background !== null) writeSection('semantic-background', backgroundTable(background));
  if (evaluation !== '') writeSection('semantic-eval', evaluation);
  if (all.some((r) => r.peers !== null)) writeSection('peers', peersTable(all));
  if (all.some((r) => r.http !== null)) writeSection('http', httpTable(all));
  if (all.some((r) => (r.load ?? null) !== null)) writeSection('load', loadTable(all));
  if (all.some((r) => (r.live ?? null) !== null)) writeSection('live', liveTable(all));
  if (all.some((r) => (r.web ?? null) !== null)) writeSection('web', webTable(all));
  writeSection('baselines', baselinesTable(all));
  console.log(md);
  console.error('[bench] measuring access control overhead …');
  console.log(runNode('access.js', [values.ops]));
  if (!values['skip-importers']) {
    console.error('[bench] importers …');
    execFileSync(process.execPath, [path.join(here, 'importers.js')], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  writeSummary([{ command, date: when, scales, minutes: Math.round((performance.now() - runStarted) / 6000) / 10 }]);
}

if (process.argv[1]?.endsWith('run.js')) {
  try {
    runBench(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof BenchUsageError)) throw err;
    console.error(`bench: ${err.message}\n\n${BENCH_USAGE}`);
    process.exitCode = 2;
  }
}
