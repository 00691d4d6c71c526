// Loads one snapshot and the same corpus into PostgreSQL, checks that both answer alike, and times both side by side.
// Run by bench/run.ts (`--peers postgres`) as a child, after the snapshot of a scale is built.
import pg from 'pg';
import { loadConfig } from '../engine/app/config.js';
import type { Context } from '../engine/app/contract/capability.js';
import { getEntity } from '../engine/app/capabilities/get-entity.js';
import { ownershipPath } from '../engine/app/capabilities/ownership-path.js';
import { searchEntities } from '../engine/app/capabilities/search-entities.js';
import { parseInput } from '../engine/app/contract/validate.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import {
  entityLookup,
  loadCorpus,
  nameSearch,
  ownershipPath as pgOwnershipPath,
  type LoadTimes,
} from './peers/postgres-peer.js';
import { startPostgres } from './peers/postgres-server.js';
import { measure, type LatencySummary } from './stats.js';
import { sample, sampleCompanyIds } from './sample.js';

/** PostgreSQL needs no JIT warm-up, only its caches filled: fewer warm-up queries keep the 5M run's name searches (a second each) within minutes. */
const PG_WARMUP = 20;

export interface PeerWorkload {
  name: string;
  unshell: LatencySummary;
  postgres: LatencySummary;
  /** Sampled inputs on which both gave the same answer, of those checked. */
  agree: number;
  checked: number;
  check: string;
}

export interface PeersResult {
  postgres_version: string;
  entities: number;
  relationships: number;
  load: LoadTimes;
  workloads: PeerWorkload[];
}

const CHECKED = 200;

async function main(dir: string, ops: number): Promise<void> {
  const log = (line: string): void => console.error(`[bench:peers] ${line}`);
  const corpus = await loadSnapshot(dir);
  const ctx: Context = {
    corpus,
    config: loadConfig({}, {}),
    caller: { keyed: false, batchLimit: 25 },
    now: new Date(),
  };
  const server = await startPostgres(log);
  const client = new pg.Client({ host: server.host, port: server.port, user: server.user, database: 'postgres' });
  try {
    await client.connect();
    log(`loading ${corpus.entities.size} entities and ${corpus.relationships.size} relationships into PostgreSQL`);
    const load = await loadCorpus(client, corpus, server.shared);
    log(`loaded in ${load.copy_ms} ms, indexed in ${load.index_ms} ms`);
    const e = corpus.entities;
    const picks = sample(e.size, ops, 42);
    const names = picks.map((ix) => e.names.at(ix) as string);
    const ids = picks.map((ix) => e.ids.at(ix) as string);
    const companies = sampleCompanyIds(corpus, ops);
    const search = (params: Record<string, unknown>): Promise<{ hits: Array<{ id: string; name: string }> }> =>
      Promise.resolve(searchEntities.run(ctx, parseInput(searchEntities, params)));
    const same = (a: string | undefined, b: string | undefined): boolean =>
      a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
    const workloads: PeerWorkload[] = [];

    // Exact names: both must rank an entity of that very name first.
    let agree = 0;
    for (const q of names.slice(0, CHECKED)) {
      const theirs = (await nameSearch(client, q))[0]?.name;
      if (same(q, (await search({ q })).hits[0]?.name) && same(q, theirs)) agree++;
    }
    workloads.push({
      name: 'name search (exact name)',
      unshell: await measure(names, (q) => search({ q })),
      postgres: await measure(names, (q) => nameSearch(client, q), PG_WARMUP),
      agree,
      checked: Math.min(CHECKED, names.length),
      check: 'both rank an entity of the queried name first',
    });

    const filtered = picks
      .filter((ix) => e.jurisdiction(ix) !== null)
      .map((ix) => ({ q: e.names.at(ix) as string, type: e.type(ix), juris: e.jurisdiction(ix) as string }));
    agree = 0;
    for (const f of filtered.slice(0, CHECKED))
      if (same((await search(f)).hits[0]?.name, (await nameSearch(client, f.q, f))[0]?.name)) agree++;
    workloads.push({
      name: 'name search (with type+jurisdiction filter)',
      unshell: await measure(filtered, (f) => search(f)),
      postgres: await measure(filtered, (f) => nameSearch(client, f.q, f), PG_WARMUP),
      agree,
      checked: Math.min(CHECKED, filtered.length),
      check: 'same name ranked first',
    });

    agree = 0;
    for (const id of ids.slice(0, CHECKED)) {
      const mine = await getEntity.run(ctx, parseInput(getEntity, { id }));
      const theirs = await entityLookup(client, id);
      if (theirs !== null && theirs.name === mine.entity.name && theirs.connections === mine.connections_total) agree++;
    }
    workloads.push({
      name: 'entity lookup with its connections',
      unshell: await measure(ids, (id) => getEntity.run(ctx, parseInput(getEntity, { id }))),
      postgres: await measure(ids, (id) => entityLookup(client, id), PG_WARMUP),
      agree,
      checked: Math.min(CHECKED, ids.length),
      check: 'same name and number of connections',
    });

    agree = 0;
    for (const root of companies.slice(0, CHECKED)) {
      const mine = await ownershipPath.run(ctx, parseInput(ownershipPath, { root, max_depth: 6 }));
      // A link reached by several routes is one hop per depth in unshell's list; both are compared at its first depth.
      const first = new Map<string, string>();
      for (const h of mine.hops) {
        const pair = `${h.from.id} ${h.to.id} ${h.role}`;
        if (!first.has(pair)) first.set(pair, `${h.depth} ${pair} ${h.from.name} ${h.to.name}`);
      }
      const a = [...first.values()].sort();
      const b = (await pgOwnershipPath(client, root, 6))
        .map((h) => `${h.depth} ${h.owned} ${h.owner} ${h.role} ${h.owned_name} ${h.owner_name}`)
        .sort();
      if (!mine.truncated && a.join('|') === b.join('|')) agree++;
    }
    workloads.push({
      name: 'ownership path (companies, max_depth 6)',
      unshell: await measure(companies, (root) =>
        ownershipPath.run(ctx, parseInput(ownershipPath, { root, max_depth: 6 })),
      ),
      postgres: await measure(companies, (root) => pgOwnershipPath(client, root, 6), PG_WARMUP),
      agree,
      checked: Math.min(CHECKED, companies.length),
      check: 'same owned→owner links, roles and party names at the same depths',
    });
    const result: PeersResult = {
      postgres_version: server.version,
      entities: e.size,
      relationships: corpus.relationships.size,
      load,
      workloads,
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await client.end().catch(() => undefined);
    server.stop();
  }
}

const [dir, ops] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: peers.js SNAPSHOT_DIR [OPS]');
  process.exit(2);
}
await main(dir, Number(ops ?? 2000));
