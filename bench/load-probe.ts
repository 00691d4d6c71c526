// Load without surprises: `unshell serve` in its own process under 256 concurrent connections on lookup, search and
// dossier, then 1,000 idle keep-alive connections held while one client measures latency; three rounds, with the
// server's memory after each, to show that nothing grows. Run by bench/run.ts as a child.
//
//   node load-probe.js SNAPSHOT_DIR [SECONDS] [ROUNDS]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { sample, sampleCompanyIds } from './sample.js';
import { startServer } from './serve-process.js';
import { runWrk, wrkScript, type WrkRequest } from './wrk.js';

export const LOAD_CONNECTIONS = 256;
export const IDLE_CONNECTIONS = 1_000;
/** How long each workload runs, unmeasured, before the first round. */
const WARM_UP_SECONDS = 3;
/** How long the latency client measures while the idle connections are held. */
const IDLE_SECONDS = 10;

export interface LoadWorkload {
  name: string;
  requests_per_s: number;
  p99_ms: number;
  errors: number;
}

export interface LoadRound {
  round: number;
  workloads: LoadWorkload[];
  idle: {
    /** Idle keep-alive connections open when the latency client finished (of IDLE_CONNECTIONS). */
    held: number;
    requests: number;
    p50_ms: number;
    p99_ms: number;
    errors: number;
  };
  /** The server's resident memory after the round, and its peak so far. */
  rss_mb: number;
  peak_rss_mb: number;
}

export interface LoadProbeResult {
  seconds: number;
  connections: number;
  idle_connections: number;
  rounds: LoadRound[];
}

/** Resident and peak memory of a process, in MiB, from /proc. */
function memoryOf(pid: number): { rss_mb: number; peak_rss_mb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss_mb: Math.round(kib('VmRSS') / 1024), peak_rss_mb: Math.round(kib('VmHWM') / 1024) };
}

/**
 * Opens `count` keep-alive connections, each asking /healthz once and then every 4 s (under the server's 5 s idle
 * timeout), as a browser or a pooled client keeps its connections; returns how many are open, and a closer.
 */
async function holdIdleConnections(base: string, count: number): Promise<{ open: () => number; close: () => void }> {
  const { hostname, port } = new URL(base);
  const sockets = new Set<Socket>();
  const ask = (socket: Socket): void => {
    if (!socket.destroyed) socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
  };
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(Number(port), hostname);
    socket.on('error', () => sockets.delete(socket));
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', () => undefined);
    sockets.add(socket);
    socket.once('connect', () => ask(socket));
    // Staggered over the first 4 s, so that the keep-alive requests do not all arrive at once.
    const first = setTimeout(
      () => {
        ask(socket);
        timers.push(setInterval(() => ask(socket), 4_000));
      },
      (i * 4_000) / count,
    );
    timers.push(first);
    if (i % 100 === 99) await delay(10);
  }
  await delay(500);
  return {
    open: () => sockets.size,
    close: () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
    },
  };
}

/** One client, one keep-alive connection, asking in turn for `seconds`: latencies of the answers, and errors. */
async function measureLatency(
  base: string,
  paths: string[],
  seconds: number,
): Promise<{ requests: number; p50_ms: number; p99_ms: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const url = `${base}${paths[i % paths.length] ?? '/'}`;
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      const req = request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
    latencies.push(performance.now() - started);
    if (status < 200 || status > 299) errors++;
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, p50_ms: at(0.5), p99_ms: at(0.99), errors };
}

async function main(dir: string, seconds: number, rounds: number): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-load-'));
  const corpus = await loadSnapshot(dir, { semantic: false });
  const ids = sample(corpus.entities.size, 2000, 42).map((ix) => corpus.entities.ids.at(ix) as string);
  const names = sample(corpus.entities.size, 2000, 43).map((ix) => corpus.entities.names.at(ix) as string);
  const companies = sampleCompanyIds(corpus, 2000).map((id) => encodeURIComponent(id));
  const lookups = ids.map((id) => `/api/public/entity/${encodeURIComponent(id)}`);
  const workloads: Record<string, WrkRequest[]> = {
    'entity lookup': lookups,
    'name search': names.map((n) => `/api/public/entity/search?q=${encodeURIComponent(n)}`),
    dossier: companies.map((id) => `/api/public/dossier/${id}`),
  };
  const scripts = Object.fromEntries(
    Object.entries(workloads).map(([name, requests]) => {
      const file = path.join(work, `${name.replace(/[^a-z0-9]+/g, '-')}.lua`);
      writeFileSync(file, wrkScript(requests));
      return [name, file];
    }),
  );
  const server = await startServer(dir, path.join(work, 'data'));
  const result: LoadProbeResult = {
    seconds,
    connections: LOAD_CONNECTIONS,
    idle_connections: IDLE_CONNECTIONS,
    rounds: [],
  };
  try {
    // Warmed first (not measured): what V8 compiles and the indexes build on first use is not what rounds compare.
    for (const script of Object.values(scripts)) await runWrk(server.base, script, LOAD_CONNECTIONS, WARM_UP_SECONDS);
    for (let round = 1; round <= rounds; round++) {
      const measured: LoadWorkload[] = [];
      for (const [name, script] of Object.entries(scripts)) {
        const r = await runWrk(server.base, script, LOAD_CONNECTIONS, seconds);
        measured.push({ name, requests_per_s: r.requests_per_s, p99_ms: r.p99_ms, errors: r.errors });
      }
      const idle = await holdIdleConnections(server.base, IDLE_CONNECTIONS);
      let latency: Awaited<ReturnType<typeof measureLatency>>;
      let held: number;
      try {
        latency = await measureLatency(server.base, lookups, IDLE_SECONDS);
        held = idle.open();
      } finally {
        idle.close();
      }
      result.rounds.push({
        round,
        workloads: measured,
        idle: { held, ...latency },
        ...memoryOf(server.child.pid ?? 0),
      });
      console.error(`[load] round ${round}: ${JSON.stringify(result.rounds.at(-1))}`);
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const [dir, seconds, rounds] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: load-probe.js SNAPSHOT_DIR [SECONDS] [ROUNDS]');
  process.exit(2);
}
await main(dir, Number(seconds ?? 30), Number(rounds ?? 3));
