// How the lines a stream's connection delivers at once are divided into reads: what the reader reads in one go,
// and what is applied while the next read is read.
//
// A read's events reach the event loop together, as one message from the reader's thread, and stay in memory
// until the last of them is applied. A follower that is behind is delivered up to 64 KiB at a time (some 130 of the
// benchmark's events, 50 of the registry's recorded company profiles): read whole, its events took the event loop
// for one long turn when they arrived, and were still alive during most young-generation collections, which copy
// what is alive (median pause 0.77 ms, against 0.23 ms with reads of 8 KiB). Measured at 1M entities, ingesting at
// 20,000 events/s between name searches every 5 ms (2026-11-29, fifteen windows each): search p99 while ingesting
// 1.39x idle with whole 64 KiB reads, 1.20x with reads of 8 KiB (16 KiB: 1.25x, six windows).

/** The most characters of lines in one read (a longer single line is a read of its own). */
export const READ_CHARS = 8 * 1024;

/** How many of `lines`, from `from` on, make the next read: at least one, when any is left. */
export function nextReadLength(lines: readonly string[], from: number, most: number = READ_CHARS): number {
  let chars = 0;
  let count = 0;
  for (let at = from; at < lines.length; at++) {
    chars += (lines[at] ?? '').length;
    if (count > 0 && chars > most) break;
    count++;
  }
  return count;
}

/** `lines` divided into reads, in order. */
export function readsOf(lines: readonly string[], most: number = READ_CHARS): string[][] {
  const reads: string[][] = [];
  for (let at = 0; at < lines.length;) {
    const length = nextReadLength(lines, at, most);
    reads.push(lines.slice(at, at + length));
    at += length;
  }
  return reads;
}
