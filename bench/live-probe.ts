// Live ingestion on a loaded snapshot: Companies House stream events (in the registry's format) read, journalled and
// applied as the service applies them; how fast, how soon they are visible, what name search pays meanwhile, what
// they cost in memory, how long a fold of the journal into a checkpoint takes, and how long a restart from that
// checkpoint replays the changes after it. Run by bench/run.ts as a child.
//
//   node --expose-gc live-probe.js SNAPSHOT_DIR [EVENTS]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import type { ReadEvent, StreamEvent } from '../engine/app/external/companies-house-stream.js';
import type { StreamChange } from '../engine/app/live/stream-change-reading.js';
import { applyStreamRead } from '../engine/app/live/stream-read-apply.js';
import { StreamReaderThread } from '../engine/app/live/stream-reader-thread.js';
import type { Corpus } from '../engine/corpus.js';
import { SLICE_BUDGET_MS, SlicePacer } from '../engine/app/live/slice-pacer.js';
import { ChangeJournal } from '../engine/live/change-journal.js';
import { LiveCorpus } from '../engine/live/live-corpus.js';
import { loadConfig } from '../engine/app/config.js';
import { startFold } from '../snapshots/build/fold-thread.js';
import { SOURCE_NAMES } from '../snapshots/demo/demo-corpus.js';
import { loadSnapshot } from '../snapshots/load/load-snapshot.js';
import { StreamFile, writeStreamFile } from './live-stream-file.js';
import { sampleCompanyIds } from './sample.js';

export interface LiveProbeResult {
  entities: number;
  events: number;
  /** Events per read of a stream (the mean of reads as the stream follower divides them), applied in group commits sized to hold the event loop about `slice_ms`. */
  batch: number;
  slice_ms: number;
  /** The mean events per group commit. */
  mean_slice: number;
  /** Events applied before anything was measured. */
  warm_up_events: number;
  events_per_s: number;
  /** From an event's arrival to the return of its batch's apply: then search, entity and pulse show it. */
  visible_p50_ms: number;
  visible_p99_ms: number;
  /** Spot checks after batches: the new entity found by name, the new connection on the entity, the event in pulse. */
  visibility_checks: number;
  visibility_failures: number;
  search_idle_p99_ms: number;
  search_ingesting_p99_ms: number;
  /** The rate ingestion kept while search was measured (asked: INGEST_RATE). */
  ingest_rate_per_s: number;
  /**
   * The ingesting windows search was measured in, each between idle ones (their latencies pooled); absent from the
   * results of runs that measured one idle window and then one ingesting window, on a corpus grown meanwhile.
   */
  ingesting_windows?: number;
  memory_mib_per_1m_events: number;
  journal_mib: number;
  // The four below are absent from the results of runs made before checkpoints, which replayed every change.
  /** Changes between checkpoints (the service's default): the restart replays the last ones after the last fold. */
  checkpoint_every?: number;
  /** The fold of every change but the last `checkpoint_every` into a checkpoint, in a thread beside the ingestion. */
  fold_s?: number;
  /** A restart: the load of the checkpoint, then the replay of the changes recorded after the fold began. */
  restart_load_s?: number;
  replayed?: number;
  replay_s: number;
}

/** The service's default: the changes a fold begins at, and so about those a restart replays. */
const CHECKPOINT_EVERY = loadConfig({}, {}).checkpointEvery;
/** The rate of ingestion while search latency is measured: the target rate, in reads every 10 ms. */
const INGEST_RATE = 20_000;
const SEARCH_EVERY_MS = 5;
/** The warm-up: searches for this long, then this share of the events (at most 5,000) applied unmeasured. */
const WARM_UP_SECONDS = 2;
const warmUpEvents = (events: number): number => Math.min(5_000, Math.floor(events / 20));
/** How long search is measured, idle and while ingesting: 10 s, or less when there are fewer events to ingest. */
const searchSeconds = (events: number): number => Math.min(10, Math.max(1, events / 2 / INGEST_RATE));
/**
 * Ingesting windows, each between two idle ones: the corpus grows while ingestion runs, and search slows with what
 * it holds (the events name their companies after the names searched), so idle is measured on both sides of each.
 */
const INGESTING_WINDOWS = 5;

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Event k of a stream that touches the sampled companies the way the registry's streams do: filings, new individual
 * and corporate PSCs (new entities, new ownership edges, ownership events), profile updates and new companies.
 */
/** Names as registries hold them: PSCs are named like the corpus's people, companies like its companies. */
export interface Names {
  people: readonly string[];
  companies: readonly string[];
}

export function eventOf(k: number, companies: readonly string[], names: Names): StreamEvent {
  const person = names.people[k % Math.max(1, names.people.length)] ?? 'John Smith';
  const company = names.companies[(k * 7) % Math.max(1, names.companies.length)] ?? 'Acme Limited';
  const number = (companies[k % companies.length] ?? 'gb-coh:00000000').slice('gb-coh:'.length);
  const timepoint = 10_000_000 + k;
  const published_at = '2026-11-25T09:00:00';
  const id = `B${k.toString(36).padStart(8, '0')}`;
  const kind = k % 10;
  if (kind < 4) {
    return {
      resource_kind: 'filing-history',
      resource_uri: `/company/${number}/filing-history/${id}`,
      resource_id: id,
      data: {
        category: 'accounts',
        date: '2026-11-20',
        description: 'accounts-with-accounts-type-micro-entity',
        description_values: { made_up_date: '2026-03-31' },
        transaction_id: id,
        type: 'AA',
        links: { self: `/company/${number}/filing-history/${id}` },
      },
      event: { timepoint, published_at, type: 'changed' },
    };
  }
  if (kind < 7) {
    const self = `/company/${number}/persons-with-significant-control/individual/${id}`;
    return {
      resource_kind: 'company-psc-individual',
      resource_uri: self,
      resource_id: id,
      data: {
        kind: 'individual-person-with-significant-control',
        name: `Mr ${person}`,
        name_elements: {
          forename: person.split(' ')[0] ?? person,
          surname: person.split(' ').slice(1).join(' ') || person,
        },
        nationality: 'British',
        country_of_residence: 'England',
        date_of_birth: { year: 1970 + (k % 40), month: 1 + (k % 12) },
        natures_of_control: ['ownership-of-shares-25-to-50-percent'],
        notified_on: '2026-11-20',
        etag: `e${id}`,
        links: { self },
      },
      event: { timepoint, published_at, type: 'changed' },
    };
  }
  if (kind < 8) {
    const self = `/company/${number}/persons-with-significant-control/corporate-entity/${id}`;
    return {
      resource_kind: 'company-psc-corporate',
      resource_uri: self,
      resource_id: id,
      data: {
        kind: 'corporate-entity-person-with-significant-control',
        name: `${company.replace(/ (LIMITED|LTD|PLC|LLP)$/i, '')} (BVI) Holdings Ltd`,
        identification: {
          country_registered: 'British Virgin Islands',
          registration_number: id,
          legal_form: 'Limited',
        },
        natures_of_control: ['ownership-of-shares-50-to-75-percent'],
        notified_on: '2026-11-20',
        etag: `e${id}`,
        links: { self },
      },
      event: { timepoint, published_at, type: 'changed' },
    };
  }
  // New companies: numbers below those of the synthetic UK companies (90000000 on), which no snapshot holds.
  const fresh = String(80_000_000 + k);
  return {
    resource_kind: 'company-profile',
    resource_uri: `/company/${fresh}`,
    resource_id: fresh,
    data: {
      company_name: `${company.replace(/ (LIMITED|LTD|PLC|LLP)$/i, '')} TRADING LIMITED`,
      company_number: fresh,
      company_status: 'active',
      type: 'ltd',
      jurisdiction: 'england-wales',
      date_of_creation: '2026-11-20',
      sic_codes: ['62020'],
      registered_office_address: {
        address_line_1: `${1 + (k % 300)} High Street`,
        locality: 'London',
        postal_code: 'EC1A 1AA',
      },
      etag: `e${id}`,
    },
    event: { timepoint, published_at, type: 'changed' },
  };
}

/** Reads of the stream made, and the events they held: their mean size. */
const readsMade = { count: 0, events: 0 };

/** Group commits made, and the events they applied: their mean size. */
const commits = { count: 0, events: 0 };

/** The service's pacer, counting the group commits it sizes. */
class CountingPacer extends SlicePacer {
  override observe(changes: number, ms: number): void {
    commits.count++;
    commits.events += changes;
    super.observe(changes, ms);
  }
}

/**
 * Applies one read of the stream as the service does: its lines read in the reader's thread (given here as the
 * promise of that read), then journalled and applied in group commits that the pacer sizes, the event loop turning
 * between them.
 */
export async function ingest(
  journal: ChangeJournal,
  reading: Promise<Array<ReadEvent<StreamChange> | null>>,
  pacer: SlicePacer,
): Promise<void> {
  const read = await reading;
  const events = read.flatMap((e) => (e === null ? [] : [e.value]));
  await applyStreamRead(journal, pacer, 'bench', events, () => undefined);
}

/**
 * Resident memory after a full collection: what the process holds of the machine. Not the heap plus what V8 counts
 * outside it: live records are packed into chunks allocated ahead of them, whose pages take memory only once
 * written.
 */
const memory = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};

/**
 * Name searches arriving every SEARCH_EVERY_MS for `seconds` (an open loop: they come whatever is running), served
 * between whatever else the event loop runs (a stream's slices, when ingestion runs beside them), as a server
 * interleaves requests with the streams. A search's latency runs from its arrival to its answer, waiting included.
 */
async function searchLatencies(corpus: Corpus, names: readonly string[], seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const started = performance.now();
  let next = started;
  let k = 0;
  while (performance.now() - started < seconds * 1000) {
    for (let now = performance.now(); now >= next; now = performance.now()) {
      corpus.names.search(names[k++ % names.length] ?? 'holdings', 10);
      latencies.push(performance.now() - next);
      next += SEARCH_EVERY_MS;
    }
    await delay(0);
  }
  return latencies;
}

/** What reads of the stream go through: the service's reader thread, journal and pacer. */
interface Reads {
  journal: ChangeJournal;
  reader: StreamReaderThread;
  pacer: SlicePacer;
  /** The stream, as the registry sends it. */
  stream: StreamFile;
}

interface Pace {
  /** At most this many events a second. */
  rate?: number;
  /** Asked before each read: no more reads once it holds. */
  stop?: () => boolean;
  /** Told after each read is applied: its events (`from` up to `to`), and when it arrived. */
  applied?: (from: number, to: number, arrived: number) => void;
}

interface Read {
  from: number;
  to: number;
  arrived: number;
  reading: ReturnType<StreamReaderThread['read']>;
}

/**
 * Events `from` to `to`, a read of the stream at a time, each read in the reader's thread while the one before is
 * applied, as the stream follower does. Returns the event it stopped at.
 */
async function ingestReads(r: Reads, from: number, to: number, pace: Pace = {}): Promise<number> {
  if (r.stream.position !== from) throw new Error(`the stream is at event ${r.stream.position}, not ${from}`);
  const started = performance.now();
  const readFrom = (k: number): Read => {
    const arrived = performance.now();
    const lines = r.stream.take(to - k);
    if (lines.length === 0) throw new Error(`the stream ended at event ${k}, before ${to}`);
    readsMade.count++;
    readsMade.events += lines.length;
    return { from: k, to: k + lines.length, arrived, reading: r.reader.read(lines) };
  };
  let at = from;
  let next = at < to ? readFrom(at) : null;
  while (next !== null) {
    const current = next;
    at = current.to;
    next = at < to && pace.stop?.() !== true ? readFrom(at) : null;
    await ingest(r.journal, current.reading, r.pacer);
    pace.applied?.(current.from, current.to, current.arrived);
    if (pace.rate !== undefined) {
      const wait = started + ((at - from) / pace.rate) * 1000 - performance.now();
      if (wait > 0) await delay(wait);
    }
  }
  return at;
}

async function main(dir: string, eventCount: number): Promise<LiveProbeResult> {
  const corpus = await loadSnapshot(dir, { semantic: false });
  // Registry events are about UK companies: the snapshot's gb-coh ones.
  const companies = sampleCompanyIds(corpus, 80_000)
    .filter((id) => id.startsWith('gb-coh:'))
    .slice(0, 20_000);
  const queries = sampleCompanyIds(corpus, 2_000, 11).map(
    (id) => corpus.entities.names.at(corpus.entities.indexOf(id) ?? 0) ?? '',
  );
  const people: string[] = [];
  for (let ix = 0; ix < corpus.entities.size && people.length < 5_000; ix += 7)
    if (corpus.entities.type(ix) === 'person') people.push(corpus.entities.names.at(ix) ?? '');
  const names: Names = { people, companies: queries };
  const work = mkdtempSync(path.join(os.tmpdir(), 'unshell-live-probe-'));
  const file = path.join(work, 'live', 'bench.journal');
  try {
    const live = new LiveCorpus(corpus);
    const journal = ChangeJournal.open(file, live);
    const reader = new StreamReaderThread();
    // The stream is written to a file before anything is measured, and read from it as from a connection: events
    // made while they are applied would cost the event loop what the registry's machines spend, and a million held
    // in memory (about 1.5 GB of objects) would be marked at every full collection, which a service never holds.
    const eventsOf = (from: number, to: number): StreamEvent[] =>
      Array.from({ length: Math.max(0, Math.min(to, eventCount) - from) }, (_, j) =>
        eventOf(from + j, companies, names),
      );
    const streamFile = path.join(work, 'stream.ndjson');
    writeStreamFile(streamFile, eventCount, (k) => JSON.stringify(eventOf(k, companies, names)));
    const reads: Reads = { journal, reader, pacer: new CountingPacer(), stream: new StreamFile(streamFile) };

    // A warm-up, as every other workload has: searches, then the first events applied, so that what is measured is
    // a running service and not its first seconds (code not yet optimised, stores read for the first time).
    await searchLatencies(corpus, queries, WARM_UP_SECONDS);
    let at = await ingestReads(reads, 0, warmUpEvents(eventCount));

    // Search while idle and while a share of the events is ingested at the target rate, in alternating windows that
    // begin and end idle: both measure a corpus of the same sizes on average.
    const searchFor = searchSeconds(eventCount);
    const idle = await searchLatencies(corpus, queries, searchFor / (INGESTING_WINDOWS + 1));
    const during: number[] = [];
    const ingestFrom = at;
    let ingestSeconds = 0;
    for (let w = 0; w < INGESTING_WINDOWS; w++) {
      let searching = true;
      const i0 = performance.now();
      const ingesting = ingestReads(reads, at, Math.floor(eventCount / 2), {
        rate: INGEST_RATE,
        stop: () => !searching,
      });
      during.push(...(await searchLatencies(corpus, queries, searchFor / INGESTING_WINDOWS)));
      searching = false;
      ingestSeconds += (performance.now() - i0) / 1000;
      at = await ingesting;
      idle.push(...(await searchLatencies(corpus, queries, searchFor / (INGESTING_WINDOWS + 1))));
    }
    const ingestRate = (at - ingestFrom) / ingestSeconds;
    const duringEvents = at;

    // The rest as fast as they come: throughput, and each read's time from its arrival to visible.
    const before = memory();
    const visible: number[] = [];
    let checks = 0;
    let failures = 0;
    const t0 = performance.now();
    // The last fold began this many events before the end: what a restart replays is recorded after it.
    const foldAt = Math.max(at, eventCount - CHECKPOINT_EVERY);
    let until = -1;
    await ingestReads(reads, at, eventCount, {
      applied: (from, to, arrived) => {
        visible.push(performance.now() - arrived);
        if (until < 0 && to >= foldAt) until = journal.beginFold();
        if (visible.length % 500 === 0) {
          checks++;
          if (!visibleNow(corpus, eventsOf(from, to))) failures++;
        }
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    await reader.close();
    reads.stream.close();
    const applied = eventCount - duringEvents;
    const grown = memory() - before;
    const journalBytes = statSync(file).size;

    // A checkpoint, as the service makes one: the fold of all but the last changes (those it carries over).
    console.error(`  folding the journal's first ${until.toLocaleString('en')} changes into a checkpoint …`);
    const checkpoint = path.join(work, 'checkpoint');
    const f0 = performance.now();
    await startFold({ snapshot: dir, journal: file, until, out: checkpoint, sourceNames: SOURCE_NAMES }, (line) =>
      console.error(`  ${line}`),
    ).done;
    const fold = (performance.now() - f0) / 1000;
    const after = path.join(work, 'live', 'after-checkpoint.journal');
    journal.continueIn(after, () => undefined);
    journal.close();

    // A restart, in a fresh process as a real one is: the checkpoint loaded, then the journal of the changes since
    // the fold began replayed.
    console.error('  restarting from the checkpoint …');
    const restart = JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--restart', checkpoint, after], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ) as Restart;
    return {
      entities: corpus.entities.size,
      events: eventCount,
      batch: Math.round(readsMade.events / Math.max(1, readsMade.count)),
      slice_ms: SLICE_BUDGET_MS,
      mean_slice: round2(commits.events / Math.max(1, commits.count)),
      warm_up_events: warmUpEvents(eventCount),
      events_per_s: Math.round(applied / seconds),
      visible_p50_ms: round2(pct(visible, 50)),
      visible_p99_ms: round2(pct(visible, 99)),
      visibility_checks: checks,
      visibility_failures: failures,
      search_idle_p99_ms: round2(pct(idle, 99)),
      search_ingesting_p99_ms: round2(pct(during, 99)),
      ingest_rate_per_s: Math.round(ingestRate),
      ingesting_windows: INGESTING_WINDOWS,
      memory_mib_per_1m_events: Math.round((grown / 2 ** 20) * (1_000_000 / applied)),
      journal_mib: Math.round(journalBytes / 2 ** 20),
      checkpoint_every: CHECKPOINT_EVERY,
      fold_s: round2(fold),
      restart_load_s: restart.load_s,
      replayed: restart.replayed,
      replay_s: restart.replay_s,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Every event of a batch, seen where a reader would look: a new company found by its name, a filing or a PSC in the
 * company's events (what pulse and the dossier read), a PSC among the company's connections.
 */
function visibleNow(corpus: Corpus, batch: readonly StreamEvent[]): boolean {
  return batch.every((e) => {
    if (e.resource_kind === 'company-profile') {
      const ix = corpus.entities.indexOf(`gb-coh:${e.resource_id}`);
      return ix !== undefined && corpus.names.exact(String(e.data.company_name)).includes(ix);
    }
    const company = corpus.entities.indexOf(`gb-coh:${/^\/company\/([^/]+)/.exec(e.resource_uri)?.[1] ?? ''}`);
    if (company === undefined) return false;
    if (e.resource_kind === 'filing-history')
      return Array.from(corpus.events.byEntity.of(company)).some((r) =>
        corpus.events.records.get(r).id.endsWith(`/${e.resource_id}`),
      );
    let found = false;
    corpus.graph.forEachEdge(company, ['control'], (other) => {
      found ||= (corpus.entities.ids.at(other) ?? '').endsWith(`/${e.resource_id}`);
    });
    return found;
  });
}

interface Restart {
  load_s: number;
  replay_s: number;
  replayed: number;
}

/** A start from `checkpoint`: its load, then the replay of `journal` (the changes recorded after it). */
async function restartFrom(checkpoint: string, journal: string): Promise<Restart> {
  const l0 = performance.now();
  const corpus = await loadSnapshot(checkpoint, { semantic: false });
  const load = (performance.now() - l0) / 1000;
  const r0 = performance.now();
  const replayed = ChangeJournal.open(journal, new LiveCorpus(corpus), { readOnly: true });
  const replay = (performance.now() - r0) / 1000;
  const changes = replayed.size;
  replayed.close();
  return { load_s: round2(load), replay_s: round2(replay), replayed: changes };
}

if (process.argv[1]?.endsWith('live-probe.js') && process.argv[2] === '--restart') {
  const [checkpoint, journal] = process.argv.slice(3);
  if (checkpoint === undefined || journal === undefined)
    throw new Error('usage: live-probe.js --restart CHECKPOINT JOURNAL');
  console.log(JSON.stringify(await restartFrom(checkpoint, journal)));
} else if (process.argv[1]?.endsWith('live-probe.js')) {
  const [dir, events] = process.argv.slice(2);
  if (dir === undefined) {
    console.error('usage: node --expose-gc live-probe.js SNAPSHOT_DIR [EVENTS]');
    process.exitCode = 2;
  } else {
    console.log(JSON.stringify(await main(dir, Number(events ?? 1_000_000))));
  }
}
