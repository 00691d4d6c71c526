// `unshell export`: the whole snapshot as FollowTheMoney JSON lines or BODS 0.4 statements (JSON lines), streamed.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../engine/app/config.js';
import { bodsStatements } from '../../engine/app/export/bods-export.js';
import { CORPUS_EXPORT_FORMATS } from '../../engine/app/export/export-request.js';
import { ftmEntities } from '../../engine/app/export/ftm-export.js';
import { ensureSnapshot } from '../../server/load-corpus.js';
import { loadSnapshot } from '../../snapshots/load/load-snapshot.js';
import { UsageError, parseFlags } from './args.js';

export const EXPORT_USAGE = `unshell export --format ftm|bods [--out FILE] [--snapshot DIR] [--data-dir DIR]
  The whole snapshot, one record at a time: ftm writes FollowTheMoney entities as JSON lines (each record, then the
  Ownership, Directorship, Family, UnknownLink, Sanction and Identification links it is the first party of); bods
  writes Beneficial Ownership Data Standard 0.4 statements as JSON lines (a person or entity statement per record,
  a relationship statement per holding, control, parent link or directorship). To standard output by default.`;

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export async function exportCommand(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(EXPORT_USAGE);
    return 0;
  }
  const { values } = parseFlags(args, {
    format: { type: 'string' },
    out: { type: 'string' },
    snapshot: { type: 'string' },
    'data-dir': { type: 'string' },
  });
  const format = values.format;
  if (format === undefined || !(CORPUS_EXPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(
      `--format takes ${CORPUS_EXPORT_FORMATS.join(' or ')}, got ${format === undefined ? 'nothing' : `"${format}"`}`,
    );
  const config = loadConfig({ snapshot: values.snapshot, dataDir: values['data-dir'] });
  const corpus = await loadSnapshot(await ensureSnapshot(config, log), { semantic: false });
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
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `exporting ${format} [{bar}] {percentage}% | {value}/{total} records | ETA {eta_formatted} | {lines} lines`,
      noTTYOutput: true,
      notTTYSchedule: 5_000,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(size, 0, { lines: 0 });
  let lines = 0;
  let buffer = '';
  for (const item of items) {
    buffer += `${JSON.stringify(item)}\n`;
    lines++;
    if (buffer.length >= 1 << 16) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
      bar.update(read, { lines });
    }
  }
  if (buffer !== '' && !out.write(buffer)) await once(out, 'drain');
  bar.update(size, { lines });
  bar.stop();
  if (out !== process.stdout) {
    out.end();
    await once(out, 'finish');
  }
  log(
    `exported ${size.toLocaleString('en')} records as ${lines.toLocaleString('en')} ${format} lines from snapshot ${corpus.info.snapshotId}`,
  );
  return 0;
}
