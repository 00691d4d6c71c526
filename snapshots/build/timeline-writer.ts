// Orders a build's events as the pulse feed pages them, and writes that order as columns for loading to take as is.
import { EVENT_KINDS, type EventRecord } from '../../engine/model/records.js';
import { EventTimeline } from '../../engine/store/event-timeline.js';
import { StringColumn } from '../../engine/store/string-column.js';
import { bytesOf, type EventTimelineChunk } from '../format/columns.js';
import type { SnapshotFile } from '../format/manifest.js';
import type { ShardWriter } from '../format/shard-writer.js';

/** Events per chunk: 17 MB of columns. */
const CHUNK = 1 << 20;

/**
 * Sorting millions of events by instant and id at every load decoded each event record and took seconds (16 s at
 * 20M entities); the build sorts them once.
 */
export class TimelineWriter {
  readonly #at: number[] = [];
  readonly #ids = new StringColumn();
  readonly #kinds: number[] = [];

  /** The next event record written, in record order. */
  add(e: EventRecord): void {
    this.#at.push(Date.parse(e.applied_at ?? e.occurred_at));
    this.#ids.push(e.id);
    this.#kinds.push(EVENT_KINDS.indexOf(e.kind));
  }

  /** Writes the timeline of the events added, whose entities are `owners` (in record order), and closes `writer`. */
  finish(owners: Int32Array, writer: ShardWriter): SnapshotFile[] {
    const timeline = EventTimeline.ordered({
      at: Float64Array.from(this.#at),
      ids: this.#ids,
      entity: owners,
      kind: Uint8Array.from(this.#kinds),
    });
    const c = timeline.columns();
    for (let i = 0; i < timeline.size; i += CHUNK)
      writer.write({
        record: bytesOf(c.record.slice(i, i + CHUNK)),
        at: bytesOf(c.at.slice(i, i + CHUNK)),
        entity: bytesOf(c.entity.slice(i, i + CHUNK)),
        kind: c.kind.slice(i, i + CHUNK),
      } satisfies EventTimelineChunk);
    return writer.finish();
  }
}
