// Serves one snapshot over HTTP and loads it with wrk, beside a plain node:http server answering the same bytes.
// Run by bench/run.ts as a child; wrk (Debian package `wrk`) runs as a separate process on the other core.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Context } from '../engine/capabilities/capability.js';
import { getEntity } from '../engine/capabilities/get-entity.js';
import { parseInput } from '../engine/capabilities/validate.js';
import { loadConfig } from '../engine/config.js';
import { startService } from '../server/service.js';
import { sample } from './sample.js';

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

/** A wrk script that walks the given paths in turn and prints the latency percentiles as JSON. */
function wrkScript(paths: readonly string[]): string {
  return `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local i = 0
request = function()
  i = (i % #paths) + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout + summary.errors.status
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), errors))
end
`;
}

/** wrk in a child process; asynchronously, since the servers it loads run on this process's event loop. */
async function wrk(base: string, script: string, connections: number, seconds: number): Promise<{ requests_per_s: number; p50_ms: number; p99_ms: number; errors: number }> {
  const { stdout: out } = await promisify(execFile)('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, base], { encoding: 'utf8' });
  const line = out.trim().split('\n').findLast((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`wrk printed no result: ${out}`);
  const r = JSON.parse(line) as { requests: number; duration_us: number; p50_us: number; p99_us: number; errors: number };
  return { requests_per_s: Math.round(r.requests / (r.duration_us / 1e6)), p50_ms: r.p50_us / 1000, p99_ms: r.p99_us / 1000, errors: r.errors };
}

async function main(dir: string, seconds: number): Promise<void> {
  const connections = 32;
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-http-'));
  const config = loadConfig({ snapshot: dir, port: '0', host: '127.0.0.1', dataDir: path.join(work, 'data') }, { ...process.env, UNSHELL_RATE_ANONYMOUS: '100000000', UNSHELL_RATE_KEYED: '100000000', UNSHELL_EMBED_BACKGROUND: 'off' });
  const service = await startService(config, () => undefined);
  const corpus = await service.ready;
  const ctx: Context = { corpus, config, caller: { keyed: false, batchLimit: 25 }, now: new Date() };
  const ids = sample(corpus.entities.size, 2000, 42).map((ix) => corpus.entities.ids[ix] as string);
  const names = sample(corpus.entities.size, 2000, 43).map((ix) => corpus.entities.names[ix] as string);
  const entityPaths = ids.map((id) => `/api/public/entity/${encodeURIComponent(id)}`);

  // The floor: the very bodies unshell answers, precomputed, served by node:http with nothing in between.
  const bodies = new Map<string, Buffer>();
  for (const [i, id] of ids.entries()) bodies.set(entityPaths[i] as string, Buffer.from(JSON.stringify(await getEntity.run(ctx, parseInput(getEntity, { id })))));
  const floor: Server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json; charset=utf-8', 'x-credits-cost': '1' });
    res.end(body);
  });
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
  const floorPort = (floor.address() as { port: number }).port;

  const scripts = {
    entity: path.join(work, 'entity.lua'),
    search: path.join(work, 'search.lua'),
  };
  writeFileSync(scripts.entity, wrkScript(entityPaths));
  writeFileSync(scripts.search, wrkScript(names.map((n) => `/api/public/entity/search?q=${encodeURIComponent(n)}`)));
  const unshell = `http://127.0.0.1:${service.port}`;
  const workloads: HttpWorkload[] = [];
  try {
    await wrk(unshell, scripts.entity, connections, 2); // warm-up
    workloads.push({ name: 'entity lookup', server: 'unshell', ...(await wrk(unshell, scripts.entity, connections, seconds)) });
    workloads.push({ name: 'entity lookup', server: 'node:http floor', ...(await wrk(`http://127.0.0.1:${floorPort}`, scripts.entity, connections, seconds)) });
    workloads.push({ name: 'name search', server: 'unshell', ...(await wrk(unshell, scripts.search, connections, seconds)) });
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
