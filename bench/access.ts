// `npm run bench:access`: what authentication, rate limiting and metering cost per request, in-process and over HTTP.
// Writes its section of bench/RESULTS.md (replacing an earlier one); `npm run bench` runs it too.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AccountStore } from '../engine/app/accounts/account-store.js';
import { Access } from '../engine/app/accounts/access.js';
import { KeyStore } from '../engine/app/accounts/key-store.js';
import { CAPABILITIES } from '../engine/app/capabilities/registry.js';
import { loadConfig } from '../engine/app/config.js';
import { createApp } from '../server/http/app.js';
import { buildSnapshot } from '../snapshots/build/build-snapshot.js';
import { SOURCE_NAMES, investigationsSource } from '../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { writeSection } from './results-file.js';
import { measure, type LatencySummary } from './stats.js';
import { FileStateLogs } from '../engine/state/file-state-logs.js';

export const SECTION = '## Access control overhead';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const a = server.address();
  return `http://127.0.0.1:${typeof a === 'object' && a !== null ? a.port : 0}`;
}

async function main(): Promise<void> {
  const ops = Number(process.argv[2] ?? 20_000);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'unshell-bench-access-'));
  try {
    const env = { UNSHELL_RATE_ANONYMOUS: '1000000000', UNSHELL_RATE_KEYED: '1000000000' };
    const config = loadConfig({ dataDir: path.join(tmp, 'data'), port: '0' }, env);
    const cli = KeyStore.open(new FileStateLogs(config.dataDir));
    const { key } = cli.create('bench', 'keyed');
    for (let i = 0; i < 50; i++) cli.create(`other ${i}`, 'keyed');
    cli.close();
    const access = Access.open(config, new FileStateLogs(config.dataDir), {
      accounts: AccountStore.open(new FileStateLogs(config.dataDir)),
    });
    // Distinct client addresses, as a public service sees them: the limiter's map holds many buckets.
    const ips = Array.from({ length: ops }, (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    const bearer = `Bearer ${key}`;
    const inProcess: Record<string, LatencySummary> = {
      'admit, anonymous (rate limit only)': await measure(ips, (ip) => access.admit(undefined, ip)),
      'admit, API key (hash, key-log check, rate limit)': await measure(ips, (ip) => access.admit(bearer, ip)),
      'meter (one usage-log append)': await measure(ips, (ip) => {
        const a = access.admit(undefined, ip);
        if ('caller' in a) access.usage.record(a.subject, 1, new Date());
      }),
    };

    // Over HTTP: the same app with and without the access layer, one keep-alive client, sequential requests.
    const snapshot = path.join(tmp, 'snapshot');
    await buildSnapshot({ out: snapshot, sources: [investigationsSource()], sourceNames: SOURCE_NAMES });
    const corpus = await loadSnapshot(snapshot);
    const state = { corpus, live: null, loadError: null };
    const url = '/api/public/entity/gb-coh:99000001';
    // The same access layer with metering left out (a view of it whose meterSoon does nothing), to split the cost.
    const unmetered = new Proxy(access, {
      get: (target, prop) => {
        if (prop === 'meterSoon') return () => Promise.resolve();
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const variants: [string, Access | null][] = [
      ['HTTP GET /entity/{id}, no access layer', null],
      ['HTTP GET /entity/{id}, anonymous: limited, not metered', unmetered],
      ['HTTP GET /entity/{id}, anonymous: limited and metered', access],
    ];
    const bases: string[] = [];
    const servers: Server[] = [];
    for (const [, layer] of variants) {
      const app = createApp({
        config,
        state,
        capabilities: CAPABILITIES,
        version: 'bench',
        log: () => undefined,
        access: layer,
      });
      const server = app.listen(0, undefined, '127.0.0.1');
      servers.push(server);
      bases.push(await listen(server));
    }
    // Alternating rounds, so that a change of machine load between them affects all alike.
    const samples: number[][] = variants.map(() => []);
    const rounds = 10;
    const perRound = Math.ceil(Math.min(ops, 5_000) / rounds);
    for (let round = 0; round < rounds; round++) {
      for (let which = 0; which < variants.length; which++) {
        const target = `${bases[which] ?? ''}${url}`;
        const summary = await measure(
          Array.from({ length: perRound }),
          async () => {
            const r = await fetch(target);
            await r.arrayBuffer();
          },
          round === 0 ? 200 : 0,
        );
        samples[which]?.push(summary.p50_us);
      }
    }
    for (const server of servers) {
      server.close();
      server.closeAllConnections();
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const http: Record<string, number> = Object.fromEntries(
      variants.map(([name], i) => [name, median(samples[i] ?? [])]),
    );
    access.close();

    const row = (name: string, w: LatencySummary): string =>
      `| ${name} | ${w.ops} | ${w.p50_us} µs | ${w.p99_us} µs | ${w.max_us} µs |`;
    const [bare, limitedOnly, limited] = Object.values(http);
    const md = [
      SECTION,
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:access\` on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node.js ${process.version}, ` +
        `load average ${os.loadavg()[0]?.toFixed(1) ?? '?'}. In-process: the access layer's own calls, over distinct client addresses (one limiter bucket each), with a key log of 51 keys.`,
      '',
      '| step | ops | p50 | p99 | max |',
      '|---|---:|---:|---:|---:|',
      ...Object.entries(inProcess).map(([n, w]) => row(n, w)),
      '',
      `Over HTTP: one client sending sequential keep-alive requests to three servers of the same app (without the access layer, with it but not metering, and as served), in ${rounds} alternating rounds of ${perRound}; the median of the rounds' p50s:`,
      '',
      '| server | p50 |',
      '|---|---:|',
      ...Object.entries(http).map(([n, p50]) => `| ${n} | ${p50} µs |`),
      '',
      bare !== undefined && limitedOnly !== undefined && limited !== undefined
        ? `p50 overhead per request over HTTP: ${(limitedOnly - bare).toFixed(1)} µs for authentication and rate limiting, ${(limited - bare).toFixed(1)} µs with metering.`
        : '',
      '',
      'The limiter itself is a map lookup and a little arithmetic; checking a key adds a SHA-256 and a stat of the key log ' +
        '(so that keys created or revoked by the CLI count at once). Metering appends every answered call to the usage log ' +
        "before its answer leaves, so that a crash loses no answered call's count; the server holds the log's lock for its " +
        'life, so the append is one write(2) with no fsync, and the server writes the counts of all requests answered in one turn ' +
        'of the event loop with one write(2) (a group commit; the in-process row above is the single append). The HTTP ' +
        "figures move with the machine's load.",
      '',
    ].join('\n');
    writeSection('access', md);
    console.log(md);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
