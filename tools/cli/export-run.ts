// What `unshell export` does: every record of the snapshot written as FtM or BODS lines, with a progress bar.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../engine/app/config.js';
import { bodsStatements } from '../../engine/app/export/bods-export.js';
import type { CORPUS_EXPORT_FORMATS } from '../../engine/app/export/corpus-export-formats.js';
import { ftmEntities } from '../../engine/app/export/ftm-export.js';
import { loadForCommand } from './load-with-progress.js';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export async function exportSnapshot(values: {
  format: (typeof CORPUS_EXPORT_FORMATS)[number];
  out?: string;
  snapshot?: string;
  dataDir?: string;
  quiet?: true;
}): Promise<number> {
  const format = values.format;
  const config = loadConfig({ snapshot: values.snapshot, dataDir: values.dataDir });
  const corpus = await loadForCommand(config, values.quiet === true);
  const out: Writable = values.out === undefined || values.out === '-' ? process.stdout : createWriteStream(values.out);
  const size = corpus.entities.size;
  let read = 0;
  const indexes = (function* (): Generator<number> {
    for (let ix = 0; ix < size; ix++) {
      read = ix + 1;
      yield ix;
    }
  })();
  const items =
    format === 'ftm'
      ? ftmEntities(corpus, indexes)
      : bodsStatements(corpus, indexes, { publicationDate: new Date().toISOString().slice(0, 10) });
  const bar =
    values.quiet === true
      ? null
      : new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `exporting ${format} [{bar}] {percentage}% | {value}/{total} records | {speed} records/s | ETA {eta_formatted} | {lines} lines`,
            noTTYOutput: true,
            notTTYSchedule: 5_000,
          },
          cliProgress.Presets.shades_classic,
        );
  const started = performance.now();
  const speed = (done: number): number => Math.round(done / Math.max(0.001, (performance.now() - started) / 1000));
  bar?.start(size, 0, { lines: 0, speed: 0 });
  let lines = 0;
  let buffer = '';
  for (const item of items) {
    buffer += `${JSON.stringify(item)}\n`;
    lines++;
    if (buffer.length >= 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
      bar?.update(read, { lines, speed: speed(read) });
    }
  }
  if (buffer !== '' && !out.write(buffer)) await once(out, 'drain');
  bar?.update(size, { lines, speed: speed(size) });
  bar?.stop();
  if (out !== process.stdout) {
    out.end();
    await once(out, 'finish');
  }
  log(
    `exported ${size.toLocaleString('en')} records as ${lines.toLocaleString('en')} ${format} lines from snapshot ${corpus.info.snapshotId}`,
  );
  return 0;
}
