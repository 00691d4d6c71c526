// The worker half of name-words-thread.ts: indexes names' words with FlexSearch off the build's main thread, then
// writes the index's export as the snapshot's `name-flexsearch` family.
import { Index } from 'flexsearch';
import { parentPort, workerData } from 'node:worker_threads';
import { missing } from '../../engine/errors/missing.js';
import { NAME_FLEX_OPTIONS } from '../../engine/search/name-entries.js';
import { FAMILIES } from '../format/families.js';
import { ShardWriter } from '../format/shard-writer.js';
import type { SnapshotFile } from '../format/manifest.js';

export interface NameWordsJob {
  dir: string;
  shardBytes: number;
}

/** A run of names in entry order, or the end of them. */
export type NameWordsMessage = { entries: Int32Array; cores: string[] } | { finish: true };

export type NameWordsReply = { files: SnapshotFile[] } | { error: string };

const job = workerData as NameWordsJob;
const port = parentPort;
if (port === null) throw new Error('name-words-worker.js runs as a worker thread');
const flex = new Index(NAME_FLEX_OPTIONS);

port.on('message', (message: NameWordsMessage) => {
  try {
    if ('finish' in message) {
      const writer = new ShardWriter(job.dir, FAMILIES.nameFlexsearch, job.shardBytes);
      flex.export((key, data) => writer.write([key, data]));
      port.postMessage({ files: writer.finish() } satisfies NameWordsReply);
      return;
    }
    const { entries, cores } = message;
    for (let i = 0; i < cores.length; i++) flex.add(entries[i] ?? missing('name entry'), cores[i] ?? missing('name'));
  } catch (err) {
    port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies NameWordsReply);
  }
});
