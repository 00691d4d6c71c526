// On-demand refresh of a UK company from the registry: profile, officers and PSCs fetched at once, journalled, applied.
import type { ChangeJournal } from '../../live/change-journal.js';
import type { CorpusChange } from '../../live/corpus-change.js';
import type { LiveCorpus } from '../../live/live-corpus.js';
import { companyId } from '../../sources/companies-house/ch-common.js';
import {
  CompaniesHouseError,
  type CompaniesHouseClient,
  type Call,
  type Fetched,
} from '../external/companies-house-client.js';
import type { Priority } from '../external/request-budget.js';
import { companyChange } from './registry-changes.js';

/** What a refresh came to: the registry's record applied (or fresh enough already), absent there, or unreachable. */
export type RefreshOutcome =
  { state: 'live'; refreshedAt: number } | { state: 'not_found' } | { state: 'failed'; reason: string };

export interface RefresherOptions {
  client: CompaniesHouseClient;
  journal: ChangeJournal;
  live: LiveCorpus;
  /** A company refreshed less than this long ago is not fetched again. */
  freshnessMs: number;
  /** How many levels of UK corporate PSCs a refresh climbs. */
  maxDepth: number;
  log: (line: string) => void;
  now?: () => number;
}

/** The origin a refresh is journalled under: the journal's replay tells when each company was last refreshed. */
export const refreshOrigin = (number: string): string => `refresh:${companyId(number)}`;

/** The whole of a refresh, its climb included, may take this long; the caller waits only its own deadline. */
const REFRESH_DEADLINE_MS = 30_000;

export class CompanyRefresher {
  readonly #o: RefresherOptions;
  readonly #now: () => number;
  /** When each company was last refreshed (epoch ms), from the journal and from this process. */
  readonly #refreshedAt = new Map<string, number>();
  /** Refreshes under way, so that concurrent lookups of one company fetch it once. */
  readonly #running = new Map<string, Promise<RefreshOutcome>>();

  constructor(options: RefresherOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  /** Tells the refresher that `number` was refreshed at `at` (the journal's replay, at start). */
  refreshedBefore(number: string, at: number): void {
    this.#refreshedAt.set(number, Math.max(at, this.#refreshedAt.get(number) ?? -Infinity));
  }

  /**
   * Refreshes the company unless it is fresh, then the UK companies among its corporate PSCs, up to the configured
   * depth. Settles when the company itself is applied and its climb is done (or failed: a climb's failure is not
   * the company's). A lookup waits for this only as long as its own deadline.
   */
  refresh(number: string, who: { priority: Priority; caller?: string }, depth = 0): Promise<RefreshOutcome> {
    const at = this.#refreshedAt.get(number);
    if (at !== undefined && this.#now() - at < this.#o.freshnessMs)
      return Promise.resolve({ state: 'live', refreshedAt: at });
    let running = this.#running.get(number);
    if (running === undefined) {
      running = this.#fetchAndApply(number, who, depth).finally(() => this.#running.delete(number));
      this.#running.set(number, running);
    }
    return running;
  }

  async #fetchAndApply(
    number: string,
    who: { priority: Priority; caller?: string },
    depth: number,
  ): Promise<RefreshOutcome> {
    const call: Call = {
      priority: who.priority,
      deadlineMs: REFRESH_DEADLINE_MS,
      ...(who.caller === undefined ? {} : { caller: who.caller }),
    };
    const { client, journal, live } = this.#o;
    const found = (f: Fetched) => (f.found ? f.body : null);
    let parsed;
    try {
      const [profile, officers, pscs, statements] = await Promise.all([
        client.companyProfile(number, call),
        client.officers(number, call),
        client.personsWithSignificantControl(number, call),
        client.pscStatements(number, call),
      ]);
      if (!profile.found) return { state: 'not_found' };
      const held = live.corpus.entities.indexOf(companyId(number));
      const charges =
        held === undefined ? undefined : (live.corpus.entities.record(held).company?.charges ?? undefined);
      parsed = companyChange(
        number,
        { profile: profile.body, officers: found(officers), pscs: found(pscs), statements: found(statements) },
        charges,
        new Date(this.#now()).toISOString().slice(0, 10),
      );
    } catch (err) {
      if (err instanceof CompaniesHouseError) return { state: 'failed', reason: err.message };
      throw err;
    }
    for (const p of parsed.problems) this.#o.log(`Companies House ${number}: skipped ${p}`);
    const [result] = journal.recordMany([{ origin: { origin: refreshOrigin(number) }, change: parsed.change }]);
    for (const s of result?.skipped ?? []) this.#o.log(`Companies House ${number}: skipped ${s.record}: ${s.reason}`);
    const refreshedAt = this.#now();
    this.#refreshedAt.set(number, refreshedAt);
    if (depth < this.#o.maxDepth) await this.#climb(number, parsed.change, who.caller, depth + 1);
    return { state: 'live', refreshedAt };
  }

  /** The UK companies among a company's corporate PSCs, refreshed in turn (at the climb's priority). */
  async #climb(number: string, change: CorpusChange, caller: string | undefined, depth: number): Promise<void> {
    const owners = new Set(
      change.relationships.filter((r) => r.kind === 'ownership' || r.kind === 'control').map((r) => r.source),
    );
    const numbers = new Set<string>();
    for (const e of change.entities)
      if (e.type === 'company' && owners.has(e.id))
        for (const i of e.identifiers) if (i.scheme === 'gb-coh' && i.value !== number) numbers.add(i.value);
    // A level the climb cannot refresh leaves the chain as the corpus has it there: the company's own refresh stands.
    await Promise.allSettled(
      [...numbers].map((n) =>
        this.refresh(n, { priority: 'climb', ...(caller === undefined ? {} : { caller }) }, depth),
      ),
    );
  }
}
