// The worker half of stream-reader-thread.ts: reads the lines of the Companies House streams into changes.
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../../runtime/background-priority.js';
import type { ReadEvent } from '../external/companies-house-stream.js';
import { readStreamChanges, type StreamChange } from './stream-change-reading.js';

export interface StreamReadRequest {
  id: number;
  lines: readonly string[];
}

export type StreamReadReply =
  { id: number; read: Array<ReadEvent<StreamChange> | null> } | { id: number; error: string };

const port = parentPort;
if (port === null) throw new Error('stream-reader-worker.js runs as a worker thread');
// Reading is background work: the event loop applying the reads and answering requests keeps its core.
lowerThreadPriority();

port.on('message', ({ id, lines }: StreamReadRequest) => {
  try {
    port.postMessage({ id, read: readStreamChanges(lines) } satisfies StreamReadReply);
  } catch (err) {
    port.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies StreamReadReply);
  }
});
