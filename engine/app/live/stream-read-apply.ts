// One read of a Companies House stream applied through the journal: its changes in group commits sized by the
// pacer (one write each), the event loop turning between them.
import type { ApplyResult } from '../../live/live-corpus.js';
import type { ChangeJournal, JournalItem } from '../../live/change-journal.js';
import { EMPTY_CHANGE, type CorpusChange } from '../../live/corpus-change.js';
import type { SlicePacer } from './slice-pacer.js';
import type { StreamChange } from './stream-change-reading.js';

/** Told why an event, or a record of it, was not applied; null for an event that changed nothing. */
export type SkipReport = (why: string | null) => void;

/**
 * Applies the events of one read of `stream`, in order. Events that change nothing still move the stream on: a
 * restart resumes after them, not before. `skip` hears of each thing not applied, and of each event that applied
 * nothing (with null).
 */
export async function applyStreamRead(
  journal: ChangeJournal,
  pacer: SlicePacer,
  stream: string,
  events: readonly StreamChange[],
  skip: SkipReport,
): Promise<ApplyResult[]> {
  // Each change stays as the text it arrived in until its slice applies it: a read's changes parsed all at once
  // would all be alive at the collections that fall while the read is applied, and be copied at each.
  const items: Array<Omit<JournalItem, 'change'>> = [];
  for (const event of events) {
    const { outcome } = event;
    if ('skipped' in outcome) {
      skip(outcome.skipped);
      continue;
    }
    for (const p of outcome.problems) skip(`${event.resource}: ${p}`);
    items.push({
      origin: { stream, timepoint: event.timepoint },
      encoded: outcome.change,
      ...(event.published === null ? {} : { published: event.published }),
    });
  }
  const last = events[events.length - 1];
  const tail = items[items.length - 1]?.origin;
  const reached = tail !== undefined && 'stream' in tail && tail.timepoint === last?.timepoint;
  const marker = last !== undefined && !reached;
  if (marker) items.push({ origin: { stream, timepoint: last.timepoint } });
  const parsed = (item: Omit<JournalItem, 'change'>): JournalItem => ({
    ...item,
    change: item.encoded === undefined ? EMPTY_CHANGE : (JSON.parse(item.encoded) as CorpusChange),
  });
  // A group commit per slice (one write each), and the event loop before each slice: requests are answered while a
  // long read is applied, and a stream that cannot keep up falls behind rather than stalls them. The first slice
  // waits its turn too, so that a read's first commit never runs straight after the last one of the read before.
  const applied: ApplyResult[] = [];
  for (let at = 0; at < items.length;) {
    await new Promise((resolve) => setImmediate(resolve));
    const size = pacer.next(items.length - at);
    const started = performance.now();
    const results = journal.recordMany(items.slice(at, at + size).map(parsed));
    pacer.observe(size, performance.now() - started);
    results.forEach((result, i) => {
      if (marker && at + i === items.length - 1) return;
      for (const s of result.skipped) skip(`${s.record}: ${s.reason}`);
      if (result.applied === 0 && result.skipped.length === 0) skip(null);
      applied.push(result);
    });
    at += size;
  }
  return applied;
}
