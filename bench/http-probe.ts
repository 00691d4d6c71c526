// Serves one snapshot over HTTP and loads it with wrk, beside a plain node:http server answering the same bytes, and
// alternates entity lookup with a bare @tinyhttp/app server in its own process sending the same bytes and headers.
// Run by bench/run.ts as a child; wrk (Debian package `wrk`) runs as a separate process on the other core.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '../engine/app/contract/capability.js';
import { getEntity } from '../engine/app/capabilities/get-entity.js';
import { parseInput } from '../engine/app/contract/validate.js';
import { loadConfig } from '../engine/app/config.js';
import { startService } from '../server/service.js';
import { sample, sampleCompanyIds } from './sample.js';
import { readEvalSet } from './semantic-eval-set.js';
import { runWrk, wrkScript, type WrkResult } from './wrk.js';
import { sharedStateTurns, type SharedStateTurns } from './shared-state-turns.js';
import { median } from './stats.js';

export interface HttpWorkload {
  name: string;
  server: 'unshell' | 'node:http floor';
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

/** Entity lookup, unshell and the bare tinyhttp floor taking turns: requests/s of each turn, in order. */
export interface FloorRounds {
  unshell: number[];
  tinyhttp: number[];
  /** Median of unshell's turns over the median of the floor's. */
  ratio: number;
}

export interface HttpProbeResult {
  connections: number;
  seconds: number;
  workloads: HttpWorkload[];
  tinyhttp_floor?: FloorRounds;
  /** Entity lookup with the operator state in PostgreSQL against it in files, taking turns. */
  shared_state?: SharedStateTurns;
}

/** The figures a workload row keeps. */
const figures = ({ requests_per_s, p50_ms, p99_ms, errors }: WrkResult) => ({ requests_per_s, p50_ms, p99_ms, errors });

const here = path.dirname(fileURLToPath(import.meta.url));
/** How many times unshell and the tinyhttp floor take turns. */
const FLOOR_TURNS = 3;

/** Headers unshell sends that the connection, not the answer, decides. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * Starts the tinyhttp floor in its own process, answering `bodies` (by path) with the headers unshell sent for the
 * first of them; resolves with its origin and a stop function.
 */
async function startTinyhttpFloor(
  unshell: string,
  bodies: Map<string, Buffer>,
  work: string,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const [first] = bodies.keys();
  const sample = await fetch(`${unshell}${first ?? '/'}`);
  await sample.arrayBuffer();
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  const file = path.join(work, 'tinyhttp-floor.json');
  const answers = Object.fromEntries([...bodies].map(([p, body]) => [p, body.toString('utf8')]));
  writeFileSync(file, JSON.stringify({ route: '/api/public/entity/:id', headers, bodies: answers }));
  const child = spawn(process.execPath, [path.join(here, 'tinyhttp-floor.js'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  const port = Number(chunk.toString('utf8').trim());
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** wrk, refusing a run with errors: throughput of error answers would be a fiction. */
async function wrk(base: string, script: string, connections: number, seconds: number): Promise<WrkResult> {
  const r = await runWrk(base, script, connections, seconds);
  if (r.errors > 0)
    throw new Error(
      `wrk against ${base} with ${path.basename(script)}: ${r.errors} of ${r.requests} requests failed or were not answered 2xx`,
    );
  return r;
}

async function main(dir: string, seconds: number): Promise<void> {
  const connections = 32;
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-http-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    UNSHELL_RATE_ANONYMOUS: '100000000',
    UNSHELL_RATE_KEYED: '100000000',
    UNSHELL_BATCH_ANONYMOUS: '100',
    UNSHELL_EMBED_BACKGROUND: 'off',
  };
  const config = loadConfig({ snapshot: dir, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'data') }, env);
  const service = await startService(config, () => undefined);
  const corpus = await service.ready;
  const ctx: Context = { corpus, config, caller: { keyed: false, batchLimit: 25 }, now: new Date() };
  const ids = sample(corpus.entities.size, 2000, 42).map((ix) => corpus.entities.ids.at(ix) as string);
  const names = sample(corpus.entities.size, 2000, 43).map((ix) => corpus.entities.names.at(ix) as string);
  const entityPaths = ids.map((id) => `/api/public/entity/${encodeURIComponent(id)}`);

  // The floor: the very bodies unshell answers, precomputed, served by node:http with nothing in between.
  const bodies = new Map<string, Buffer>();
  for (const [i, id] of ids.entries())
    bodies.set(
      entityPaths[i] as string,
      Buffer.from(JSON.stringify(await getEntity.run(ctx, parseInput(getEntity, { id })))),
    );
  const floor: Server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, {
      'content-type': 'application/json; charset=utf-8',
      'x-credits-cost': '1',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
  const floorPort = (floor.address() as { port: number }).port;

  // Ownership workloads start at companies, where chains are; semantic queries are the evaluation set's descriptions.
  const companies = sampleCompanyIds(corpus, 2000).map((id) => encodeURIComponent(id));
  const questions = readEvalSet().queries.map((q) => q.q);
  const timeline = corpus.timeline;
  const requests: Record<string, ReadonlyArray<string | { path: string; body: unknown }>> = {
    'entity lookup': entityPaths,
    'name search': names.map((n) => `/api/public/entity/search?q=${encodeURIComponent(n)}`),
    'name search (type+jurisdiction filter)': names.map(
      (n) => `/api/public/entity/search?q=${encodeURIComponent(n)}&type=company&juris=GB`,
    ),
    'resolve (batch of 100)': Array.from({ length: 20 }, (_b, b) => ({
      path: '/api/public/resolve',
      body: { queries: names.slice(b * 100, b * 100 + 100) },
    })),
    'ownership path': companies.map((id) => `/api/public/ownership-path?root=${id}`),
    dossier: companies.map((id) => `/api/public/dossier/${id}`),
    'sanctions exposure': companies.map((id) => `/api/public/sanctions/${id}`),
    'semantic search (k 10)': questions.map((q) => `/api/public/semantic-search?q=${encodeURIComponent(q)}`),
    'pulse page (limit 50)': sample(Math.max(1, timeline.size), 2000, 11).map(
      (k) => `/api/public/pulse?limit=50&since=${encodeURIComponent(new Date(timeline.at(k)).toISOString())}`,
    ),
  };
  const unshell = `http://127.0.0.1:${service.port}`;
  const workloads: HttpWorkload[] = [];
  const script = (name: string): string => {
    const file = path.join(work, `${name.replace(/[^a-z0-9]+/g, '-')}.lua`);
    writeFileSync(file, wrkScript(requests[name] ?? []));
    return file;
  };
  let tinyhttpFloor: FloorRounds | undefined;
  let sharedState: SharedStateTurns | undefined;
  try {
    await wrk(unshell, script('entity lookup'), connections, 2); // warm-up
    // Entity lookup, unshell and the bare tinyhttp floor taking turns, each warmed first.
    const tinyhttp = await startTinyhttpFloor(unshell, bodies, work);
    try {
      await wrk(tinyhttp.base, script('entity lookup'), connections, 2);
      const turns: FloorRounds = { unshell: [], tinyhttp: [], ratio: 0 };
      for (let turn = 0; turn < FLOOR_TURNS; turn++) {
        turns.unshell.push((await wrk(unshell, script('entity lookup'), connections, seconds)).requests_per_s);
        turns.tinyhttp.push((await wrk(tinyhttp.base, script('entity lookup'), connections, seconds)).requests_per_s);
      }
      turns.ratio = median(turns.unshell) / median(turns.tinyhttp);
      tinyhttpFloor = turns;
    } finally {
      await tinyhttp.stop();
    }
    sharedState = await sharedStateTurns({
      snapshot: dir,
      work,
      env,
      files: unshell,
      turns: FLOOR_TURNS,
      measure: async (base) => (await wrk(base, script('entity lookup'), connections, seconds)).requests_per_s,
    });
    for (const name of Object.keys(requests)) {
      // Entity lookup, the target's workload, runs the full time; the others half of it.
      const time = name === 'entity lookup' ? seconds : Math.max(2, Math.round(seconds / 2));
      workloads.push({ name, server: 'unshell', ...figures(await wrk(unshell, script(name), connections, time)) });
      if (name === 'entity lookup')
        workloads.push({
          name,
          server: 'node:http floor',
          ...figures(await wrk(`http://127.0.0.1:${floorPort}`, script(name), connections, time)),
        });
    }
  } finally {
    floor.close();
    await service.close();
    rmSync(work, { recursive: true, force: true });
  }
  const result: HttpProbeResult = {
    connections,
    seconds,
    workloads,
    ...(tinyhttpFloor === undefined ? {} : { tinyhttp_floor: tinyhttpFloor }),
    ...(sharedState === undefined ? {} : { shared_state: sharedState }),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const [dir, seconds] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: http-probe.js SNAPSHOT_DIR [SECONDS]');
  process.exit(2);
}
await main(dir, Number(seconds ?? 10));
