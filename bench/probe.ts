// Loads one snapshot in a fresh process and measures it: load-to-ready, memory, and in-process latencies.
// Run by bench/run.ts as a child so that each scale's memory figures are its own.
import { loadConfig } from '../engine/app/config.js';
import { getEntity } from '../engine/app/capabilities/get-entity.js';
import type { Context } from '../engine/app/contract/capability.js';
import { searchEntities } from '../engine/app/capabilities/search-entities.js';
import { semanticSearch } from '../engine/app/capabilities/semantic-search.js';
import { similar } from '../engine/app/capabilities/similar.js';
import { readEvalSet } from './semantic-eval-set.js';
import { dossier } from '../engine/app/capabilities/dossier.js';
import { pulse } from '../engine/app/capabilities/pulse.js';
import { resolve } from '../engine/app/capabilities/resolve.js';
import { ownershipPath } from '../engine/app/capabilities/ownership-path.js';
import { sanctions } from '../engine/app/capabilities/sanctions.js';
import { offshoreExposureCapability as offshore } from '../engine/app/capabilities/offshore-exposure.js';
import { dossierBody } from '../engine/app/views/dossier-body.js';
import { parseInput } from '../engine/app/contract/validate.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { measure, type LatencySummary } from './stats.js';
import { sample, sampleCompanyIds } from './sample.js';
import { screeningRate, type ScreeningRate } from './screening-rate.js';
import { parseMatchRequest, yenteMatch } from '../engine/app/yente/yente-match-request.js';

export interface ProbeResult {
  load_ms: number;
  entities: number;
  relationships: number;
  name_entries: number;
  /** The heap after load, collected: what the corpus itself holds. */
  heap_used_mb: number;
  /** Whether entity and relationship records were read from the snapshot files (UNSHELL_RECORDS). */
  records_on_disk?: boolean;
  rss_mb: number;
  peak_rss_mb: number;
  /** Entities whose cluster had a vector when loaded (no background embedding runs in the probe). */
  embedded: number;
  workloads: Record<string, LatencySummary>;
  /** A list screened row by row in-process (bench/screening-rate.ts). */
  screening?: ScreeningRate;
}

const LEGAL = / (LIMITED|LTD|PLC|LLP|INC|CORP|LLC|GMBH|AG|SAS|SARL|S\.A\.|B\.V\.|OOO|PTE\. LTD\.)\.?$/i;

async function main(dir: string, ops: number): Promise<void> {
  const t0 = performance.now();
  // Records where the server would keep them (UNSHELL_RECORDS; by default in memory unless they outgrow it).
  const corpus = await loadSnapshot(dir, { records: loadConfig({}, process.env).records });
  const loadMs = performance.now() - t0;
  globalThis.gc?.();
  // The heap the loaded corpus holds, before the workloads leave garbage of their own in it.
  const heapAfterLoad = process.memoryUsage().heapUsed;
  const ctx: Context = {
    corpus,
    config: loadConfig({}, {}),
    caller: { keyed: false, batchLimit: 25 },
    now: new Date(),
  };
  const picks = sample(corpus.entities.size, ops, 42);
  const names = picks.map((ix) => corpus.entities.names.at(ix) as string);
  const withoutLegal = names.map((n) => n.replace(LEGAL, ''));
  const ids = picks.map((ix) => corpus.entities.ids.at(ix) as string);
  // Ownership workloads start at companies, where chains are.
  const companies = sampleCompanyIds(corpus, ops);
  const search = (params: Record<string, unknown>): unknown =>
    searchEntities.run(ctx, parseInput(searchEntities, params));
  const questions = readEvalSet().queries.map((q) => q.q);
  const descriptions = picks.map((_ix, i) => questions[i % questions.length] as string);
  const embedded = corpus.semantic.index.labels();
  const peers = picks.map((ix) => corpus.entities.ids.at(embedded[ix % embedded.length] as number) as string);
  // Resolve batches of 100: three names in four as written, one as a scheme:value identifier of the entity.
  const keyed: Context = { ...ctx, caller: { keyed: true, batchLimit: 100 } };
  const batches = Array.from({ length: Math.max(20, Math.floor(ops / 100)) }, (_b, b) =>
    Array.from({ length: 100 }, (_q, q) => {
      const ix = picks[(b * 100 + q) % picks.length] as number;
      const id = corpus.entities.record(ix).identifiers[0];
      return q % 4 === 3 && id !== undefined ? `${id.scheme}:${id.value}` : (corpus.entities.names.at(ix) as string);
    }),
  );
  // Pulse pages from cursors spread over the feed, and the first page.
  const timeline = corpus.timeline;
  const cursors = sample(Math.max(1, timeline.size), ops, 11).map((k, i) =>
    i % 10 === 0 || timeline.size === 0 ? undefined : new Date(timeline.at(k)).toISOString(),
  );
  const workloads: Record<string, LatencySummary> = {
    'name search (exact name)': await measure(names, (q) => search({ q })),
    'name search (name without legal form)': await measure(withoutLegal, (q) => search({ q })),
    'name search (with type+jurisdiction filter)': await measure(names, (q) =>
      search({ q, type: 'company', juris: 'GB' }),
    ),
    'name search (one-letter typo)': await measure(
      names.map((n) => (n.length > 6 ? n.slice(0, 3) + n.slice(4) : n)),
      (q) => search({ q }),
    ),
    'semantic search (k 10)': await measure(descriptions, (q) =>
      semanticSearch.run(ctx, parseInput(semanticSearch, { q })),
    ),
    'semantic search (k 10, kind=Company)': await measure(descriptions, (q) =>
      semanticSearch.run(ctx, parseInput(semanticSearch, { q, kind: 'Company' })),
    ),
    'similar entities (k 10)': await measure(peers, (id) => similar.run(ctx, parseInput(similar, { id }))),
    'resolve (batch of 100)': await measure(batches, (queries) => resolve.run(keyed, parseInput(resolve, { queries }))),
    'pulse page (limit 50)': await measure(cursors, (since) =>
      pulse.run(ctx, parseInput(pulse, since === undefined ? { limit: 50 } : { since, limit: 50 })),
    ),
    'entity lookup (get_entity)': await measure(ids, (id) => getEntity.run(ctx, parseInput(getEntity, { id }))),
    'ownership path (companies, max_depth 6)': await measure(companies, (root) =>
      ownershipPath.run(ctx, parseInput(ownershipPath, { root })),
    ),
    'dossier (companies)': await measure(companies, (id) => dossier.run(ctx, parseInput(dossier, { id }))),
    'sanctions exposure (companies)': await measure(companies, (id) =>
      sanctions.run(ctx, parseInput(sanctions, { id })),
    ),
    'offshore exposure (companies)': await measure(companies, (id) => offshore.run(ctx, parseInput(offshore, { id }))),
    'dossier with enhanced report (companies)': await measure(companies, (id) => dossierBody(ctx, id, 'enhanced')),
    // One query by example, as a yente client sends it: a person with a birth date, or a legal entity.
    'yente match (one query by example)': await measure(picks, (ix) => {
      const record = corpus.entities.record(ix);
      const query =
        record.type === 'person'
          ? {
              schema: 'Person',
              properties: {
                name: [record.name],
                ...(record.birth_date === null ? {} : { birthDate: [record.birth_date] }),
              },
            }
          : { schema: 'LegalEntity', properties: { name: [record.name] } };
      return yenteMatch(corpus, parseMatchRequest(corpus, 'default', {}, { queries: { q: query } }, 1));
    }),
  };
  const screening = screeningRate(corpus, picks, Math.min(20_000, Math.max(200, ops * 2)));
  const mem = process.memoryUsage();
  const result: ProbeResult = {
    load_ms: Math.round(loadMs),
    entities: corpus.entities.size,
    relationships: corpus.graph.size,
    name_entries: corpus.names.entries,
    embedded: corpus.semantic.coverage().embedded,
    heap_used_mb: Math.round(heapAfterLoad / 2 ** 20),
    records_on_disk: corpus.info.recordsOnDisk,
    rss_mb: Math.round(mem.rss / 2 ** 20),
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
    workloads,
    screening,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const [dir, ops] = process.argv.slice(2);
if (dir === undefined) {
  console.error('usage: probe.js SNAPSHOT_DIR [OPS]');
  process.exit(2);
}
await main(dir, Number(ops ?? 5000));
