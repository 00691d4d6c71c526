// Follows the Companies House streams and applies each event through the journal, resuming where each stopped.
import type { ChangeJournal } from '../../live/change-journal.js';
import {
  CH_STREAMS,
  CompaniesHouseStream,
  type ChStream,
  type StreamStatus,
} from '../external/companies-house-stream.js';
import { SlicePacer } from './slice-pacer.js';
import { applyStreamRead } from './stream-read-apply.js';
import type { StreamChange } from './stream-change-reading.js';
import { StreamReaderThread } from './stream-reader-thread.js';

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
  readonly #streams: Array<{ stream: CompaniesHouseStream<StreamChange>; notApplied: () => number }> = [];
  /** Every stream's lines are read in this thread. */
  readonly #reader = new StreamReaderThread();

  constructor(options: StreamIngestOptions) {
    const { journal, log } = options;
    // One pacer for every stream: they share the event loop whose turns it keeps short.
    const pacer = new SlicePacer();
    const reader = this.#reader;
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
        read: (lines) => reader.read(lines),
        apply: async (events) => {
          await applyStreamRead(journal, pacer, name, events, (why) => {
            if (why === null) notApplied++;
            else skip(why);
          });
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
    await this.#reader.close();
  }
}
