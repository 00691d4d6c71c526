// The source files being read right now and how far each is, for the progress display of `unshell snapshot build`.
import { createReadStream, statSync, type ReadStream } from 'node:fs';
import { ImportError } from '../importer.js';

export interface FileProgress {
  file: string;
  bytesRead: number;
  totalBytes: number;
}

/** Told when a source file is opened and when it is closed, however fast it was read. */
export interface ReadWatcher {
  opened(file: string, totalBytes: number): void;
  closed(file: string, bytesRead: number): void;
}

const active = new Map<ReadStream, { file: string; totalBytes: number }>();
const watchers = new Set<ReadWatcher>();

/** Starts telling `watcher` about source files; returns the function that stops it. */
export function watchReads(watcher: ReadWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * A read stream of a source file that the progress display can see. Progress is polled from `bytesRead` rather than
 * observed through 'data' events, which would switch the stream to flowing mode under its async iterator.
 */
export function sourceStream(
  file: string,
  options: { encoding?: BufferEncoding; highWaterMark?: number } = {},
): ReadStream {
  const stream = createReadStream(file, options);
  let totalBytes = 0;
  try {
    totalBytes = statSync(file).size;
  } catch {
    // the stream reports the missing file itself
  }
  active.set(stream, { file, totalBytes });
  for (const w of watchers) w.opened(file, totalBytes);
  stream.once('close', () => {
    active.delete(stream);
    for (const w of watchers) w.closed(file, stream.bytesRead);
  });
  return stream;
}

/** A source file's text in chunks, for the parsers that take strings; readable by the progress display. */
export async function* sourceText(file: string, options: { highWaterMark?: number } = {}): AsyncGenerator<string> {
  for await (const chunk of sourceStream(file, { ...options, encoding: 'utf8' })) {
    // With an encoding set, a read stream gives strings; anything else would be decoded wrongly, so it is refused.
    if (typeof chunk !== 'string') throw new ImportError(file, 'the stream gave bytes where text was asked for');
    yield chunk;
  }
}

/** Every source file open for reading, with the bytes read so far. */
export function filesInProgress(): FileProgress[] {
  return [...active].map(([stream, { file, totalBytes }]) => ({ file, bytesRead: stream.bytesRead, totalBytes }));
}
