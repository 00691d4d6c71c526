// Follows the Companies House streams and applies each event through the journal, resuming where each stopped.
import type { ChangeJournal, JournalItem } from '../../live/change-journal.js';
import { EMPTY_CHANGE } from '../../live/corpus-change.js';
import {
  CH_STREAMS,
  CompaniesHouseStream,
  type ChStream,
  type StreamStatus,
} from '../external/companies-house-stream.js';
import { publishedAt, streamChange } from './registry-changes.js';
import { SlicePacer } from './slice-pacer.js';

/** A stream's status with what the ingestion made of its events. */
export interface IngestStatus extends StreamStatus {
  /** Events that changed nothing the corpus holds or could not be applied (an unknown company, an unknown kind). */
  not_applied: number;
}

export interface StreamIngestOptions {
  journal: ChangeJournal;
  key: string;
  base: string;
  log: (line: string) => void;
  streams?: readonly ChStream[];
  backoffMs?: { first: number; last: number };
}

/** How many skipped events of one stream are logged (then only counted). */
const LOGGED_SKIPS = 20;

export class StreamIngest {
  readonly #streams: Array<{ stream: CompaniesHouseStream; notApplied: () => number }> = [];

  constructor(options: StreamIngestOptions) {
    const { journal, log } = options;
    // One pacer for every stream: they share the event loop whose turns it keeps short.
    const pacer = new SlicePacer();
    for (const name of options.streams ?? CH_STREAMS) {
      let notApplied = 0;
      const skip = (why: string): void => {
        if (notApplied++ < LOGGED_SKIPS) log(`Companies House stream ${name}: not applied: ${why}`);
      };
      const stream = new CompaniesHouseStream({
        stream: name,
        key: options.key,
        base: options.base,
        from: journal.timepoint(name),
        log,
        ...(options.backoffMs === undefined ? {} : { backoffMs: options.backoffMs }),
        apply: async (events) => {
          const items: JournalItem[] = [];
          for (const event of events) {
            const parsed = streamChange(event);
            if ('skipped' in parsed) {
              skip(parsed.skipped);
              continue;
            }
            for (const p of parsed.problems) skip(`${event.resource_kind} ${event.resource_id}: ${p}`);
            const published = publishedAt(event);
            const origin = { stream: name, timepoint: event.event.timepoint };
            items.push({ origin, change: parsed.change, ...(Number.isNaN(published) ? {} : { published }) });
          }
          // Events that changed nothing still move the stream on: a restart resumes after them, not before.
          const last = events[events.length - 1];
          const tail = items[items.length - 1]?.origin;
          const reached = tail !== undefined && 'stream' in tail && tail.timepoint === last?.event.timepoint;
          const marker = last !== undefined && !reached;
          if (marker) items.push({ origin: { stream: name, timepoint: last.event.timepoint }, change: EMPTY_CHANGE });
          // A group commit per slice (one write each), and the event loop between slices: requests are answered
          // while a long read is applied, and a stream that cannot keep up falls behind rather than stalls them.
          for (let at = 0; at < items.length;) {
            if (at > 0) await new Promise((resolve) => setImmediate(resolve));
            const size = pacer.next(items.length - at);
            const started = performance.now();
            const results = journal.recordMany(items.slice(at, at + size));
            pacer.observe(size, performance.now() - started);
            results.forEach((result, i) => {
              if (marker && at + i === items.length - 1) return;
              for (const s of result.skipped) skip(`${s.record}: ${s.reason}`);
              if (result.applied === 0 && result.skipped.length === 0) notApplied++;
            });
            at += size;
          }
        },
      });
      this.#streams.push({ stream, notApplied: () => notApplied });
    }
  }

  start(): void {
    for (const s of this.#streams) s.stream.start();
  }

  status(): IngestStatus[] {
    return this.#streams.map((s) => ({ ...s.stream.status(), not_applied: s.notApplied() }));
  }

  async stop(): Promise<void> {
    await Promise.all(this.#streams.map((s) => s.stream.stop()));
  }
}
