// The same corpus in PostgreSQL, queried the way a careful team would: pg_trgm GIN for names, a recursive CTE for chains.
import { createWriteStream, chmodSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import type { Corpus } from '../../engine/corpus.js';
import { EDGE_FAMILY } from '../../engine/graph/relation-graph.js';

/** COPY text format: tab-separated, backslash escapes, \N for null. */
const cell = (v: string | number | boolean | null): string =>
  v === null
    ? '\\N'
    : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');

async function writeRows(file: string, rows: Iterable<Array<string | number | boolean | null>>): Promise<void> {
  const out = createWriteStream(file);
  for (const row of rows) if (!out.write(`${row.map(cell).join('\t')}\n`)) await once(out, 'drain');
  out.end();
  await finished(out);
  chmodSync(file, 0o644);
}

function* entityRows(corpus: Corpus): Generator<Array<string | number | null>> {
  const e = corpus.entities;
  for (let ix = 0; ix < e.size; ix++)
    yield [ix, e.ids.at(ix) as string, e.names.at(ix) as string, e.type(ix), e.jurisdiction(ix), e.risk(ix)];
}

function* edgeRows(corpus: Corpus): Generator<Array<string | number | boolean | null>> {
  const rels = corpus.relationships;
  for (let r = 0; r < rels.size; r++) {
    const rel = rels.get(r);
    yield [
      rel.source,
      rel.target,
      rel.kind,
      EDGE_FAMILY[rel.kind],
      rel.role,
      rel.share?.min ?? null,
      rel.share?.max ?? null,
      rel.end_date !== null,
    ];
  }
}

export interface LoadTimes {
  copy_ms: number;
  index_ms: number;
}

/** Creates the tables, COPYs the corpus in from files the server reads, builds the indexes, and analyses. */
export async function loadCorpus(client: pg.Client, corpus: Corpus, folder: string): Promise<LoadTimes> {
  const entities = path.join(folder, 'entities.tsv');
  const edges = path.join(folder, 'edges.tsv');
  await writeRows(entities, entityRows(corpus));
  await writeRows(edges, edgeRows(corpus));
  await client.query(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    DROP TABLE IF EXISTS entities, edges;
    CREATE UNLOGGED TABLE entities (ix int, id text, name text, type text, jurisdiction text, risk text);
    CREATE UNLOGGED TABLE edges (source text, target text, kind text, family text, role text, share_min real, share_max real, ended boolean);`);
  let t = performance.now();
  await client.query(`COPY entities FROM '${entities}'`);
  await client.query(`COPY edges FROM '${edges}'`);
  const copyMs = performance.now() - t;
  t = performance.now();
  await client.query(`
    ALTER TABLE entities ADD PRIMARY KEY (id);
    CREATE INDEX entities_name_trgm ON entities USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX edges_target ON edges (target, family) WHERE NOT ended;
    CREATE INDEX edges_source ON edges (source);
    CREATE INDEX edges_target_all ON edges (target);
    ANALYZE entities; ANALYZE edges;`);
  return { copy_ms: Math.round(copyMs), index_ms: Math.round(performance.now() - t) };
}

export interface PgHit {
  id: string;
  name: string;
}

/** Trigram search: the `%` operator uses the GIN index, similarity orders the candidates. */
export async function nameSearch(
  client: pg.Client,
  q: string,
  filter: { type?: string; juris?: string } = {},
  limit = 20,
): Promise<PgHit[]> {
  const where = ['lower(name) % lower($1)'];
  const args: unknown[] = [q];
  if (filter.type !== undefined) where.push(`type = $${args.push(filter.type)}`);
  if (filter.juris !== undefined) where.push(`jurisdiction = $${args.push(filter.juris)}`);
  const res = await client.query<PgHit>({
    name: `search-${filter.type ?? ''}-${filter.juris ?? ''}`,
    text: `SELECT id, name FROM entities WHERE ${where.join(' AND ')} ORDER BY similarity(lower(name), lower($1)) DESC, id LIMIT ${limit}`,
    values: args,
  });
  return res.rows;
}

/** The entity and every relationship it is part of, with the other party's hit fields. */
export async function entityLookup(
  client: pg.Client,
  id: string,
): Promise<{ name: string; connections: number } | null> {
  const e = await client.query<{ name: string }>({
    name: 'entity',
    text: 'SELECT name, type, jurisdiction, risk FROM entities WHERE id = $1',
    values: [id],
  });
  if (e.rows[0] === undefined) return null;
  const c = await client.query({
    name: 'connections',
    text: `SELECT x.role, x.share_min, x.share_max, x.dir, o.id, o.name, o.type, o.jurisdiction, o.risk FROM (
             SELECT role, share_min, share_max, 'in' AS dir, source AS other FROM edges WHERE target = $1
             UNION ALL SELECT role, share_min, share_max, 'out', target FROM edges WHERE source = $1) x
           JOIN entities o ON o.id = x.other`,
    values: [id],
  });
  return { name: e.rows[0].name, connections: c.rowCount ?? 0 };
}

export interface PgHop {
  depth: number;
  owned: string;
  owner: string;
  role: string;
  owned_name: string;
  owner_name: string;
}

/**
 * Owners of `root` up to `maxDepth`, over current ownership, control and parent links: a recursive CTE with
 * PostgreSQL's CYCLE clause, each owned→owner link kept once at the depth it is first reached (as unshell lists hops),
 * with what unshell's hops carry: the role and share, and the hit fields of both parties.
 */
export async function ownershipPath(client: pg.Client, root: string, maxDepth: number): Promise<PgHop[]> {
  const res = await client.query<PgHop>({
    name: 'ownership-path',
    text: `WITH RECURSIVE walk(depth, owned, owner, role, share_min, share_max) AS (
             SELECT 1, target, source, role, share_min, share_max FROM edges WHERE target = $1 AND family = 'control' AND NOT ended
             UNION ALL
             SELECT w.depth + 1, e.target, e.source, e.role, e.share_min, e.share_max FROM walk w JOIN edges e ON e.target = w.owner
             WHERE w.depth < $2 AND e.family = 'control' AND NOT e.ended
           ) CYCLE owner SET is_cycle USING route,
           hops AS (SELECT min(depth) AS depth, owned, owner, role, share_min, share_max FROM walk GROUP BY owned, owner, role, share_min, share_max)
           SELECT h.depth, h.owned, h.owner, h.role, h.share_min, h.share_max,
                  a.name AS owned_name, a.type AS owned_type, a.jurisdiction AS owned_jurisdiction, a.risk AS owned_risk,
                  b.name AS owner_name, b.type AS owner_type, b.jurisdiction AS owner_jurisdiction, b.risk AS owner_risk
           FROM hops h JOIN entities a ON a.id = h.owned JOIN entities b ON b.id = h.owner
           ORDER BY h.depth, h.owned, h.owner`,
    values: [root, maxDepth],
  });
  return res.rows;
}
