// A registry stream as a file: every event's line written before anything is measured (the registry makes its
// events on its own machines), then read back 64 KiB at a time, split into lines and divided into reads as the
// stream follower does what its connection delivers. Following it costs the event loop what following a connection
// does, and not what making the events costs.
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { nextReadLength } from '../engine/app/external/stream-reads.js';

/** What a stream's connection delivers at once when the stream is behind. */
const READ_BYTES = 64 * 1024;
/** Lines written at once when the file is made. */
const WRITE_LINES = 10_000;

/** Writes lines 0 to `count` (each `lineOf` its number) as the stream sends them: NDJSON, one event a line. */
export function writeStreamFile(file: string, count: number, lineOf: (k: number) => string): void {
  const fd = openSync(file, 'w');
  try {
    for (let from = 0; from < count; from += WRITE_LINES) {
      const lines: string[] = [];
      for (let k = from; k < Math.min(count, from + WRITE_LINES); k++) lines.push(lineOf(k));
      writeSync(fd, `${lines.join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
}

/** The file's lines in order, a read at a time. */
export class StreamFile {
  readonly #fd: number;
  readonly #buffer = Buffer.alloc(READ_BYTES);
  readonly #decoder = new TextDecoder();
  /** What followed the last newline read: the beginning of the next line. */
  #pending = '';
  /** Lines of what the file delivered last, not handed out yet. */
  #lines: string[] = [];
  #taken = 0;
  #ended = false;

  constructor(file: string) {
    this.#fd = openSync(file, 'r');
  }

  /** Lines handed out so far: the number of the next one. */
  get position(): number {
    return this.#taken;
  }

  /**
   * The lines of the next read, divided as the stream follower divides what its connection delivers, at most `max`
   * of them (the rest open the read after); none at the end.
   */
  take(max: number): string[] {
    while (this.#lines.length === 0 && !this.#ended) this.#read();
    const lines = this.#lines.splice(0, Math.min(max, nextReadLength(this.#lines, 0)));
    this.#taken += lines.length;
    return lines;
  }

  close(): void {
    closeSync(this.#fd);
  }

  #read(): void {
    const n = readSync(this.#fd, this.#buffer, 0, READ_BYTES, null);
    if (n === 0) {
      this.#ended = true;
      return;
    }
    const text = this.#pending + this.#decoder.decode(this.#buffer.subarray(0, n), { stream: true });
    const parts = text.split('\n');
    this.#pending = parts.pop() ?? '';
    for (const line of parts) if (line.trim() !== '') this.#lines.push(line);
  }
}
