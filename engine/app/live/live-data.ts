// The live side of a served corpus: its journal replayed, the registry on demand, the streams followed.
import { NO_PROGRESS, type PassProgress } from '../../runtime/pass-progress.js';
import type { Corpus } from '../../corpus.js';
import { ChangeJournal, journalFile } from '../../live/change-journal.js';
import { LiveCorpus } from '../../live/live-corpus.js';
import type { Config } from '../config.js';
import { CompaniesHouseClient } from '../external/companies-house-client.js';
import { RequestBudget } from '../external/request-budget.js';
import { CompanyRefresher, refreshOrigin, type RefreshOutcome } from './company-refresher.js';
import type { RegistryAccess } from './registry-access.js';
import { FileStateLogs } from '../../state/file-state-logs.js';
import type { StateLogs } from '../../state/state-log.js';
import type { SharedBudget } from '../external/shared-budget.js';
import { createHash } from 'node:crypto';
import { SOLE_LEADERSHIP, type Leadership } from '../state/leadership.js';
import { searchRegistry } from './registry-search.js';
import { StreamIngest, type IngestStatus } from './stream-ingest.js';

/** What `/readyz` shows of the live data. */
export interface LiveStatus {
  journal: { file: string; changes: number };
  registry: { configured: boolean; budget: number | null; window_seconds: number | null };
  streams: IngestStatus[];
}

const REFRESH_PREFIX = refreshOrigin('');

/** Where the live data is kept, and who follows the streams: this process alone, or one replica at a time. */
export interface SharedState {
  logs: StateLogs;
  leadership: Leadership;
  /** The registry's budget as replicas share it; null: this process alone. */
  budget: SharedBudget | null;
}

export class LiveData {
  readonly live: LiveCorpus;
  readonly journal: ChangeJournal;
  /** The registry on demand; undefined without an API key. */
  readonly registry: RegistryAccess | undefined;
  /** The streams, while this process follows them. */
  #ingest: StreamIngest | null = null;
  #following: { stop(): Promise<void> } | null = null;
  readonly #config: Config;

  private constructor(config: Config, live: LiveCorpus, journal: ChangeJournal, registry: RegistryAccess | undefined) {
    this.#config = config;
    this.live = live;
    this.journal = journal;
    this.registry = registry;
  }

  /**
   * Replays the snapshot's journal into the corpus (every change applied since the snapshot, in order), then
   * connects to the registry as configured. The streams start at once, each from where the journal says it
   * stopped; among replicas sharing their state, one of them follows the streams at a time, and the others apply
   * what it records as they are told it moved.
   */
  static open(
    config: Config,
    corpus: Corpus,
    log: (line: string) => void,
    progress: PassProgress = NO_PROGRESS,
    shared: SharedState = { logs: new FileStateLogs(config.dataDir), leadership: SOLE_LEADERSHIP, budget: null },
    journalName = journalFile(corpus.info.snapshotId),
  ): LiveData {
    const live = new LiveCorpus(corpus);
    const refreshed = new Map<string, number>();
    let refresher: CompanyRefresher | null = null;
    const started = Date.now();
    let tail: NodeJS.Immediate | null = null;
    const journal = ChangeJournal.openIn(shared.logs, journalName, live, {
      warn: log,
      progress,
      // A company's last refresh outlives a fold of the journal: its freshness window still holds after a restart.
      keepsOrigin: (origin) => origin.startsWith(REFRESH_PREFIX),
      observe: (entry) => {
        if (!('origin' in entry.origin) || !entry.origin.origin.startsWith(REFRESH_PREFIX)) return;
        const number = entry.origin.origin.slice(REFRESH_PREFIX.length);
        if (refresher === null) refreshed.set(number, entry.at);
        else refresher.refreshedBefore(number, entry.at);
      },
      // Another replica recorded changes: applied on the next turn, once however many notices came meanwhile.
      onMoved: () => {
        tail ??= setImmediate(() => {
          tail = null;
          try {
            journal.refresh();
          } catch (err) {
            log(
              `live: cannot apply the changes other replicas recorded: ${err instanceof Error ? err.message : String(err)}`,
            );
          }
        });
      },
    });
    if (journal.size > 0) log(`live: replayed ${journal.size} journalled changes in ${Date.now() - started} ms`);
    const { registry: r } = config;
    let registry: RegistryAccess | undefined;
    if (r.apiKey !== null) {
      // One key, one budget at the registry: replicas sharing their state share it under the key's digest.
      const budget = new RequestBudget({
        limit: r.budget,
        windowMs: r.windowMs,
        callerShare: r.callerShare,
        shared:
          shared.budget === null
            ? null
            : {
                budget: shared.budget,
                name: `companies-house:${createHash('sha256').update(r.apiKey).digest('hex').slice(0, 16)}`,
              },
      });
      const client = new CompaniesHouseClient({ apiKey: r.apiKey, base: r.apiBase, budget });
      refresher = new CompanyRefresher({
        client,
        journal,
        live,
        freshnessMs: r.freshnessMs,
        maxDepth: r.maxDepth,
        log,
      });
      for (const [number, at] of refreshed) refresher.refreshedBefore(number, at);
      registry = registryAccess(r.deadlineMs, refresher, client, journal, live);
      log(`live: Companies House REST at ${r.apiBase} (${r.budget} requests per ${r.windowMs / 1000} s)`);
    } else log('live: no Companies House API key (UNSHELL_CH_API_KEY): lookups answer from the snapshot and say so');
    const data = new LiveData(config, live, journal, registry);
    const streamKey = r.streamKey;
    if (streamKey !== null) {
      // Per snapshot: during a rollout the old snapshot's replicas and the new one's each follow into their journal.
      data.#following = shared.leadership.follow(`stream follower of ${corpus.info.snapshotId}`, {
        lead: () => {
          // Resumes where the journal says each stream stopped, the previous follower's last changes included.
          journal.refresh();
          const ingest = new StreamIngest({ journal, key: streamKey, base: r.streamBase, log });
          data.#ingest = ingest;
          ingest.start();
          log(`live: following the Companies House streams at ${r.streamBase}`);
        },
        lose: async () => {
          const ingest = data.#ingest;
          data.#ingest = null;
          await ingest?.stop();
        },
      });
    }
    return data;
  }

  status(): LiveStatus {
    const r = this.#config.registry;
    return {
      journal: { file: this.journal.file, changes: this.journal.size },
      registry: {
        configured: this.registry !== undefined,
        budget: this.registry === undefined ? null : r.budget,
        window_seconds: this.registry === undefined ? null : r.windowMs / 1000,
      },
      streams: this.#ingest?.status() ?? [],
    };
  }

  async close(): Promise<void> {
    await this.#following?.stop();
    this.journal.close();
  }
}

/** The registry as operations see it: a lookup's refresh, first in the budget, and the registry's search. */
function registryAccess(
  deadlineMs: number,
  refresher: CompanyRefresher,
  client: CompaniesHouseClient,
  journal: ChangeJournal,
  live: LiveCorpus,
): RegistryAccess {
  return {
    deadlineMs,
    refresh: (number, caller): Promise<RefreshOutcome> =>
      refresher.refresh(number, { priority: 'interactive', ...(caller === undefined ? {} : { caller }) }),
    search: (query, limit, caller) =>
      searchRegistry(query, limit, { client, journal, live, deadlineMs, ...(caller === undefined ? {} : { caller }) }),
  };
}
