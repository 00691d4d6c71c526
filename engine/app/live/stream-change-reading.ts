// A read of a Companies House stream as changes to the corpus: each line parsed and checked, turned into a change,
// and that change written as JSON once, which is how the journal holds it. Pure, so that it runs in a thread of its
// own (stream-reader-thread.ts) while the main thread applies the read before.
import { identityOf, readEventLine, type ReadEvent } from '../external/companies-house-stream.js';
import { publishedAt, streamChange } from './registry-changes.js';

/** What a stream event changes, ready for the journal. */
export interface StreamChange {
  /** The resource, for messages: `company-psc-individual 09990002/…`. */
  resource: string;
  timepoint: number;
  /** When the registry published it (epoch ms), when its stamp says. */
  published: number | null;
  /** The change as JSON with what could not be read of the event, or why the event changes nothing. */
  outcome: { change: string; problems: string[] } | { skipped: string };
}

/** Each line as the change its event makes, or null when the line is not an event. */
export function readStreamChanges(lines: readonly string[]): Array<ReadEvent<StreamChange> | null> {
  return lines.map((line) => {
    const event = readEventLine(line);
    if (event === null) return null;
    const parsed = streamChange(event);
    const published = publishedAt(event);
    return {
      identity: identityOf(event),
      timepoint: event.event.timepoint,
      value: {
        resource: `${event.resource_kind} ${event.resource_id}`,
        timepoint: event.event.timepoint,
        published: Number.isNaN(published) ? null : published,
        outcome: 'skipped' in parsed ? parsed : { change: JSON.stringify(parsed.change), problems: parsed.problems },
      },
    };
  });
}
