// The durable journal of live changes: every change is written before it is applied, and replayed at start.
import { z } from 'zod';
import type { PassProgress } from '../runtime/pass-progress.js';
import { DurableState } from '../state/durable-state.js';
import type { StateLog, StateLogOptions, StateLogs, StateMachine } from '../state/state-log.js';
import {
  ChangeOriginSchema,
  CorpusChangeSchema,
  EMPTY_CHANGE,
  isEmptyChange,
  type ChangeOrigin,
  type CorpusChange,
} from './corpus-change.js';
import type { ApplyResult, LiveCorpus } from './live-corpus.js';

/** The layout of a journal line; a journal written in another is refused rather than misread. */
export const JOURNAL_FORMAT = 1;

/** Keys of a change, every one an array: what a line's change is checked for before it is applied. */
const CHANGE_KEYS = Object.keys(CorpusChangeSchema.shape);

/**
 * A change as journalled. It was checked in full (CorpusChangeSchema) before it was written, and each line carries
 * a checksum, so that at replay its shape is checked and not each record again: a million changes replay in a
 * fraction of the time.
 */
const JournalledChange = z.custom<CorpusChange>(
  (v) =>
    typeof v === 'object' && v !== null && CHANGE_KEYS.every((k) => Array.isArray((v as Record<string, unknown>)[k])),
  'expected a change: an object of record arrays',
);

export const JournalEntrySchema = z.object({
  format: z.literal(JOURNAL_FORMAT, { error: `a journal line of format ${JOURNAL_FORMAT}` }),
  /** 1, 2, 3, … in the order the changes were applied. */
  seq: z.number().int().min(1),
  /** When the change was applied (epoch ms): replay applies it at the same instant, so the pulse feed is the same. */
  at: z.number(),
  /** When its publisher published it (epoch ms), when known: the lag of a source is `at - published`. */
  published: z.number().nullable().default(null),
  origin: ChangeOriginSchema,
  change: JournalledChange,
});
export type JournalEntry = z.output<typeof JournalEntrySchema>;

/** What the journal knows besides the corpus it changes: where each stream stopped, and how many changes it holds. */
export interface JournalState {
  seq: number;
  /** Entries that change records: the others (a stream's timepoint, a refresh's instant) cost nothing to replay. */
  changes: number;
  /** The newest applied instant (epoch ms), so that a later change is never applied earlier. */
  at: number;
  /** Per stream, the timepoint of the last event applied from it: where to resume. */
  timepoints: Map<string, number>;
  /** Per origin the journal was asked to keep (a company's refresh), the instant it last recorded a change. */
  origins: Map<string, number>;
}

/** One change to record: where it came from and, when known, when its publisher published it. */
export interface JournalItem {
  origin: ChangeOrigin;
  change: CorpusChange;
  published?: number;
  /** The change as JSON, when its reader wrote it already: the journal's line is put together around it. */
  encoded?: string;
}

/**
 * A journal line written around its change's JSON, in parts: together the same as `JSON.stringify(entry)`, without
 * writing the change again.
 */
function entryJson(entry: JournalEntry, change: string): readonly string[] {
  const { format, seq, at, published, origin } = entry;
  const head = JSON.stringify({ format, seq, at, published, origin });
  return [head.slice(0, -1), ',"change":', change, '}'];
}

interface Collected {
  on: boolean;
  results: ApplyResult[];
  /** Entries are read for the journal's state only: the corpus already holds their changes. */
  adopting: boolean;
  /** While a fold runs: every entry applied after the change it folds up to, to carry into the next journal. */
  carried: JournalEntry[] | null;
  /** Changes recorded with their JSON (a stream's reader wrote it), until their line is written. */
  encoded: WeakMap<CorpusChange, string>;
}

export interface ChangeJournalOptions {
  /** Told when a torn last record is cut at open. */
  warn?: (message: string) => void;
  /** Told of each entry as it is applied, replayed at open or just recorded. */
  observe?: (entry: JournalEntry) => void;
  /** Replay only (a read-only disk, an inspection beside a running server): no lock, no writes. */
  readOnly?: boolean;
  /** Meters the replay at open (bytes of the journal). */
  progress?: PassProgress;
  now?: () => number;
  /** Told when another replica may have recorded changes (a journal shared by replicas): call `refresh`. */
  onMoved?: () => void;
  /** Replay only the changes numbered up to this one (a fold of what the journal held at an instant). */
  until?: number;
  /**
   * Origins whose last instant is kept in the state and carried into a continued journal (a company's refresh,
   * whose freshness outlives a fold); none by default.
   */
  keepsOrigin?: (origin: string) => boolean;
}

/** Where a journal is: a file, or a log among the service's state logs. */
type OpenLog = (
  where: string,
  machine: StateMachine<JournalState, JournalEntry>,
  options: StateLogOptions,
) => StateLog<JournalState, JournalEntry>;

/** Where the journal of a snapshot's live changes is kept, under the data directory. */
export const journalFile = (snapshotId: string): string => `live/${snapshotId}.journal`;

/**
 * A state log whose state machine applies each entry to the live corpus: at open the snapshot's journal replays
 * into the corpus, so a restart (or a kill -9) loses no acknowledged change and applies none twice. The journal is
 * never compacted in place: folding it into a new snapshot is what shortens it. Replicas sharing one journal (in
 * PostgreSQL) each apply every entry: the one that records a change, and the others when told it moved.
 */
export class ChangeJournal {
  #log: StateLog<JournalState, JournalEntry>;
  readonly #now: () => number;
  /** Results of the entries a commit applies, in order (not kept while the journal replays at open). */
  readonly #collected: Collected;
  readonly #reopen: (where: string) => StateLog<JournalState, JournalEntry>;

  private constructor(
    log: StateLog<JournalState, JournalEntry>,
    now: () => number,
    collected: Collected,
    reopen: (where: string) => StateLog<JournalState, JournalEntry>,
  ) {
    this.#log = log;
    this.#now = now;
    this.#collected = collected;
    this.#reopen = reopen;
  }

  /** Opens (or creates) the journal in `file`, replaying it into `live`. Held by this process alone while open. */
  static open(file: string, live: LiveCorpus, options: ChangeJournalOptions = {}): ChangeJournal {
    return ChangeJournal.#opened(file, live, options, (where, machine, logOptions) =>
      DurableState.open(where, JournalEntrySchema, machine, logOptions),
    );
  }

  /** Opens the journal `name` where the service keeps its state (files, or PostgreSQL shared by replicas). */
  static openIn(logs: StateLogs, name: string, live: LiveCorpus, options: ChangeJournalOptions = {}): ChangeJournal {
    return ChangeJournal.#opened(name, live, options, (where, machine, logOptions) =>
      logs.open(where, JournalEntrySchema, machine, logOptions),
    );
  }

  static #opened(where: string, live: LiveCorpus, options: ChangeJournalOptions, open: OpenLog): ChangeJournal {
    const collected: Collected = {
      on: false,
      results: [],
      adopting: false,
      carried: null,
      encoded: new WeakMap(),
    };
    const until = options.until ?? Number.POSITIVE_INFINITY;
    const keepsOrigin = options.keepsOrigin ?? ((): boolean => false);
    const machine: StateMachine<JournalState, JournalEntry> = {
      initial: () => ({ seq: 0, changes: 0, at: -Infinity, timepoints: new Map(), origins: new Map() }),
      apply(state, entry) {
        if (entry.seq > until) return;
        // A journal continued from another holds changes the corpus already has: only the state is read from them.
        if (!collected.adopting) {
          const result = live.stage(entry.change, entry.at, entry.published);
          options.observe?.(entry);
          if (collected.on) collected.results.push(result);
          collected.carried?.push(entry);
        }
        state.seq = entry.seq;
        if (!isEmptyChange(entry.change)) state.changes++;
        state.at = Math.max(state.at, entry.at);
        // Streams may send timepoints out of order: resuming from the highest seen never re-reads past what was applied.
        if ('stream' in entry.origin) {
          const { stream, timepoint } = entry.origin;
          state.timepoints.set(stream, Math.max(timepoint, state.timepoints.get(stream) ?? 0));
        } else if (keepsOrigin(entry.origin.origin)) {
          const { origin } = entry.origin;
          state.origins.set(origin, Math.max(entry.at, state.origins.get(origin) ?? -Infinity));
        }
      },
      // Derived facts are derived once for a whole commit, or a whole replay: the last result names what changed.
      settle() {
        const touched = live.settle();
        const last = collected.results[collected.results.length - 1];
        if (collected.on && last !== undefined) last.touched = touched;
      },
      compacted() {
        throw new Error('a change journal is folded into a new snapshot, never compacted in place');
      },
      encode(entry) {
        const change = collected.encoded.get(entry.change);
        return change === undefined ? JSON.stringify(entry) : entryJson(entry, change);
      },
    };
    const logOptions: StateLogOptions = {
      compactAfter: Number.POSITIVE_INFINITY,
      exclusive: options.readOnly !== true,
      readOnly: options.readOnly === true,
      ...(options.warn === undefined ? {} : { warn: options.warn }),
      ...(options.onMoved === undefined ? {} : { onMoved: options.onMoved }),
    };
    const log = open(where, machine, {
      ...logOptions,
      ...(options.progress === undefined ? {} : { progress: options.progress, label: 'replaying the journal' }),
    });
    collected.on = true;
    return new ChangeJournal(log, options.now ?? Date.now, collected, (next) => open(next, machine, logOptions));
  }

  /**
   * Marks the start of a fold of every change recorded so far into a new snapshot, and returns how many that is.
   * From now on the changes recorded after them are kept, to be carried into the journal `continueIn` starts.
   */
  beginFold(): number {
    this.#collected.carried = [];
    return this.#log.state.seq;
  }

  /** Forgets a fold begun (it failed): nothing more is kept for it. */
  abandonFold(): void {
    this.#collected.carried = null;
  }

  /**
   * Continues in the journal `where` (a new name, in the same place as this one) once the changes counted by
   * `beginFold` are in a new snapshot: it starts with what this journal knows besides the corpus (each stream's
   * timepoint, each kept origin's last instant), then holds every change recorded since the fold began, written with
   * fsync. Those are already in the corpus in memory, so they are not applied again; changes recorded from now on
   * go there. `beforeSwitch` runs once the new journal is written (to point the next start at it): when it throws,
   * this journal stays the one written to. `carriesOrigin` says which kept origins are still worth carrying (a
   * refresh older than any freshness window is not). Synchronous, so that nothing is recorded between the copy and
   * the switch.
   */
  continueIn(
    where: string,
    beforeSwitch: () => void,
    carriesOrigin: (origin: string, at: number) => boolean = () => true,
  ): void {
    const carried = this.#collected.carried;
    if (carried === null) throw new Error('continueIn without a fold begun');
    const state = this.#log.state;
    const mark = (origin: ChangeOrigin, at: number): Omit<JournalEntry, 'seq'> => ({
      format: JOURNAL_FORMAT,
      at,
      published: null,
      origin,
      change: EMPTY_CHANGE,
    });
    const marks = [
      ...[...state.timepoints].map(([stream, timepoint]) => mark({ stream, timepoint }, state.at)),
      ...[...state.origins]
        .filter(([origin, at]) => carriesOrigin(origin, at))
        .map(([origin, at]) => mark({ origin }, at)),
      ...carried.map(({ seq: _folded, ...entry }) => entry),
    ];
    this.#collected.adopting = true;
    let next: StateLog<JournalState, JournalEntry> | null = null;
    try {
      next = this.#reopen(where);
      if (next.state.seq !== 0)
        throw new Error(`cannot continue the journal in ${next.where}: it already holds ${next.state.seq} changes`);
      next.commitMany(
        marks.map((m, i) => ({ ...m, seq: i + 1 })),
        'fsync',
      );
      beforeSwitch();
    } catch (err) {
      next?.close();
      throw err;
    } finally {
      this.#collected.adopting = false;
    }
    this.#collected.carried = null;
    this.#log.close();
    this.#log = next;
  }

  /** Where the journal is: a file, or a log in PostgreSQL. */
  get file(): string {
    return this.#log.where;
  }

  /** Changes applied from the journal so far. */
  get size(): number {
    return this.#log.state.seq;
  }

  /** Of those, the ones that change records (what a replay costs: the others only carry where streams stopped). */
  get changes(): number {
    return this.#log.state.changes;
  }

  /** Per stream, the timepoint of the last event applied from it. */
  timepoints(): ReadonlyMap<string, number> {
    return new Map(this.#log.state.timepoints);
  }

  /** Where to resume `stream`: the timepoint of the last event applied from it, or null when none was. */
  timepoint(stream: string): number | null {
    return this.#log.state.timepoints.get(stream) ?? null;
  }

  /** Writes one change, then applies it. */
  record(item: JournalItem): ApplyResult {
    return this.recordMany([item])[0] ?? { applied: 0, unchanged: 0, skipped: [], touched: [] };
  }

  /**
   * Writes the changes with one write (a group commit), then applies them in order. When this returns, every one
   * survives a crash of the process; when it throws, none was applied.
   *
   * No fsync: everything journalled can be fetched again from its publisher, and the stream timepoints are in the
   * same file, so a power cut that loses the tail of the journal rewinds the streams with it and they send those
   * events again. An fsync per read of a stream would hold the event loop for milliseconds at every one.
   */
  recordMany(items: readonly JournalItem[]): ApplyResult[] {
    // Numbered and dated under the journal's lock, after what other replicas recorded was applied: seq stays 1, 2,
    // 3, … and time never goes back, whichever replica records.
    this.#log.transact((state) => {
      this.#collected.results.length = 0;
      const at = Math.max(this.#now(), state.at);
      for (const item of items) if (item.encoded !== undefined) this.#collected.encoded.set(item.change, item.encoded);
      return items.map((item, i): JournalEntry => ({
        format: JOURNAL_FORMAT,
        seq: state.seq + i + 1,
        at,
        published: item.published ?? null,
        origin: item.origin,
        change: item.change,
      }));
    }, 'write');
    return this.#collected.results.splice(0);
  }

  /** Applies what other replicas recorded since the last read (a journal they share). */
  refresh(): void {
    this.#log.refresh();
    this.#collected.results.length = 0;
  }

  close(): void {
    this.#log.close();
  }
}
