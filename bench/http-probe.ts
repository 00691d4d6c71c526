// Serves one snapshot over HTTP and loads it with wrk, beside a plain node:http server answering the same bytes.
// Run by bench/run.ts as a child; wrk (Debian package `wrk`) runs as a separate process on the other core.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '../engine/app/contract/capability.js';
import { getEntity } from '../engine/app/capabilities/get-entity.js';
import { parseInput } from '../engine/app/contract/validate.js';
import { loadConfig } from '../engine/app/config.js';
import { startService } from '../server/service.js';
import { sample, sampleCompanyIds } from './sample.js';
import { readEvalSet } from './semantic-eval-set.js';

export interface HttpWorkload {
  name: string;
  server: 'unshell' | 'node:http floor';
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

export interface HttpProbeResult {
  connections: number;
  seconds: number;
  workloads: HttpWorkload[];
}

/** A wrk script that walks the given requests in turn (GET a path, or POST a JSON body) and prints the latency percentiles as JSON. */
function wrkScript(requests: ReadonlyArray<string | { path: string; body: unknown }>): string {
  // Formatted in request(), not when the script loads: before init wrk knows no host, and a request without a Host header is a 400.
  const lua = (r: string | { path: string; body: unknown }): string =>
    typeof r === 'string'
      ? `{"GET", ${JSON.stringify(r)}}`
      : `{"POST", ${JSON.stringify(r.path)}, ${JSON.stringify(JSON.stringify(r.body))}}`;
  return `local requests = {${requests.map(lua).join(',\n')}}
local json = {["Content-Type"]="application/json"}
local i = 0
request = function()
  i = (i % #requests) + 1
  local r = requests[i]
  if r[1] == "POST" then return wrk.format("POST", r[2], json, r[3]) end
  return wrk.format("GET", r[2])
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors))
end
`;
}

/** wrk in a child process; asynchronously, since the servers it loads run on this process's event loop. */
async function wrk(
  base: string,
  script: string,
  connections: number,
  seconds: number,
): Promise<{ requests_per_s: number; p50_ms: number; p99_ms: number; errors: number }> {
  const { stdout: out } = await promisify(execFile)(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '30s', '-s', script, base],
    { encoding: 'utf8' },
  );
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`wrk printed no result: ${out}`);
  const r = JSON.parse(line) as {
    requests: number;
    duration_us: number;
    p50_us: number;
    p99_us: number;
    errors: number;
  };
  // Throughput of error answers would be a fiction: every sampled request must be answered 2xx.
  if (r.errors > 0)
    throw new Error(
      `wrk against ${base} with ${path.basename(script)}: ${r.errors} of ${r.requests} requests failed or were not answered 2xx`,
    );
  return {
    requests_per_s: Math.round(r.requests / (r.duration_us / 1e6)),
    p50_ms: r.p50_us / 1000,
    p99_ms: r.p99_us / 1000,
    errors: r.errors,
  };
}

async function main(dir: string, seconds: number): Promise<void> {
  const connections = 32;
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-http-'));
  const config = loadConfig(
    { snapshot: dir, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'data') },
    {
      ...process.env,
      UNSHELL_RATE_ANONYMOUS: '100000000',
      UNSHELL_RATE_KEYED: '100000000',
      UNSHELL_BATCH_ANONYMOUS: '100',
      UNSHELL_EMBED_BACKGROUND: 'off',
    },
  );
  const service = await startService(config, () => undefined);
  const corpus = await service.ready;
  const ctx: Context = { corpus, config, caller: { keyed: false, batchLimit: 25 }, now: new Date() };
  const ids = sample(corpus.entities.size, 2000, 42).map((ix) => corpus.entities.ids[ix] as string);
  const names = sample(corpus.entities.size, 2000, 43).map((ix) => corpus.entities.names[ix] as string);
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
  const { at } = corpus.timeline;
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
    'pulse page (limit 50)': sample(Math.max(1, at.length), 2000, 11).map(
      (k) => `/api/public/pulse?limit=50&since=${encodeURIComponent(new Date(at[k] ?? 0).toISOString())}`,
    ),
  };
  const unshell = `http://127.0.0.1:${service.port}`;
  const workloads: HttpWorkload[] = [];
  const script = (name: string): string => {
    const file = path.join(work, `${name.replace(/[^a-z0-9]+/g, '-')}.lua`);
    writeFileSync(file, wrkScript(requests[name] ?? []));
    return file;
  };
  try {
    await wrk(unshell, script('entity lookup'), connections, 2); // warm-up
    for (const name of Object.keys(requests)) {
      // Entity lookup, the target's workload, runs the full time; the others half of it.
      const time = name === 'entity lookup' ? seconds : Math.max(2, Math.round(seconds / 2));
      workloads.push({ name, server: 'unshell', ...(await wrk(unshell, script(name), connections, time)) });
      if (name === 'entity lookup')
        workloads.push({
          name,
          server: 'node:http floor',
          ...(await wrk(`http://127.0.0.1:${floorPort}`, script(name), connections, time)),
        });
    }
  } finally {
    floor.close();
    await service.close();
    rmSync(work, { recursive: true, force: true });
  }
  const result: HttpProbeResult = { connections, seconds, workloads };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const [dir, seconds] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: http-probe.js SNAPSHOT_DIR [SECONDS]');
  process.exit(2);
}
await main(dir, Number(seconds ?? 10));
