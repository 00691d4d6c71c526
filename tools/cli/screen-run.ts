// What `unshell screen` does: the list read, each row screened, results written, a bar and a summary shown.
import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../engine/app/config.js';
import { parseColumnMapping } from '../../engine/app/screening/screening-columns.js';
import { readRows, type InputFormat } from '../../engine/app/screening/screening-input.js';
import { headerLine, resultLine } from '../../engine/app/screening/screening-output.js';
import { screenRows } from '../../engine/app/screening/screen-rows.js';
import { DEFAULT_SCREENING, MAX_CANDIDATES, ScreeningRun } from '../../engine/app/screening/screening.js';
import { ServiceError } from '../../engine/errors/service-error.js';
import { UsageError } from './args.js';
import { requireReadable } from './input-file.js';
import { loadForCommand } from './load-with-progress.js';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function formatOf(file: string, given: InputFormat | undefined, fallback: InputFormat): InputFormat {
  if (given !== undefined) return given;
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv' || ext === '.tsv') return 'csv';
  if (ext === '.jsonl' || ext === '.ndjson' || ext === '.json') return 'jsonl';
  return fallback;
}

/** Lines in the file, for the bar's total: exact for JSON lines, about right for CSV (quoted line breaks count). */
function linesIn(file: string): number | null {
  if (file === '-' || statSync(file).size > 2 ** 30) return null;
  const text = readFileSync(file);
  let n = 0;
  for (const byte of text) if (byte === 10) n++;
  return n;
}

async function write(out: Writable, text: string): Promise<void> {
  if (text !== '' && !out.write(text)) await once(out, 'drain');
}

export async function screen(values: {
  in: string;
  out?: string;
  columns: string;
  threshold?: number;
  candidates?: number;
  format?: InputFormat;
  inFormat?: InputFormat;
  dataset?: string;
  snapshot?: string;
  dataDir?: string;
  json?: true;
  quiet?: true;
}): Promise<number> {
  const input = values.in;
  if (input !== '-') requireReadable(input, '--in');
  const inFormat = formatOf(input, values.inFormat, 'csv');
  const outFile = values.out ?? '-';
  const outFormat = formatOf(outFile, values.format, inFormat);
  const threshold = values.threshold ?? DEFAULT_SCREENING.threshold;
  const candidates = values.candidates ?? DEFAULT_SCREENING.candidates;
  if (candidates > MAX_CANDIDATES) throw new UsageError(`--candidates must be at most ${MAX_CANDIDATES}`);
  let mapping;
  try {
    mapping = parseColumnMapping(values.columns);
  } catch (err) {
    throw err instanceof ServiceError ? new UsageError(`--${err.message}`) : err;
  }

  const config = loadConfig({ snapshot: values.snapshot, dataDir: values.dataDir });
  const corpus = await loadForCommand(config, values.quiet === true || values.json === true);
  let run: ScreeningRun;
  try {
    run = new ScreeningRun(corpus, {
      ...DEFAULT_SCREENING,
      threshold,
      candidates,
      mapping,
      dataset: values.dataset ?? DEFAULT_SCREENING.dataset,
    });
  } catch (err) {
    throw err instanceof ServiceError ? new UsageError(`--${err.message}`) : err;
  }

  const source: Readable = input === '-' ? process.stdin : createReadStream(input);
  const out: Writable = outFile === '-' ? process.stdout : createWriteStream(outFile);
  const total = input === '-' ? null : linesIn(input);
  const quiet = values.quiet === true || values.json === true;
  const bar = quiet
    ? null
    : new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format:
            total === null
              ? 'screening {value} rows | {speed} rows/s | {matched} matches'
              : 'screening [{bar}] {percentage}% | {value}/{total} lines | {speed} rows/s | ETA {eta_formatted} | {matched} matches',
          etaBuffer: 200,
          // Not on a terminal (a log, CI): a plain line every five seconds instead of a bar redrawn in place.
          noTTYOutput: true,
          notTTYSchedule: 5_000,
          hideCursor: true,
        },
        cliProgress.Presets.shades_classic,
      );
  const started = performance.now();
  let matched = 0;
  let rows = 0;
  bar?.start(total ?? 0, 0, { speed: 0, matched: 0 });
  await write(out, headerLine(outFormat));
  let summary;
  try {
    summary = await screenRows(run, readRows(source, inFormat), mapping, async (result) => {
      rows++;
      if (result.match === true) matched++;
      const seconds = (performance.now() - started) / 1000;
      bar?.update(result.line, { speed: seconds > 0 ? Math.round(rows / seconds) : 0, matched });
      await write(out, resultLine(result, outFormat));
    });
  } catch (err) {
    bar?.stop();
    throw err instanceof ServiceError ? new UsageError(err.message) : err;
  } finally {
    if (out !== process.stdout) {
      out.end();
      await once(out, 'finish');
    }
  }
  bar?.stop();
  if (values.json === true) log(JSON.stringify({ ...summary, snapshot_id: corpus.info.snapshotId, lists: run.lists }));
  else
    log(
      `screened ${summary.screened.toLocaleString('en')} of ${summary.rows.toLocaleString('en')} rows in ${summary.seconds} s ` +
        `(${summary.rows_per_second.toLocaleString('en')} rows/s) against snapshot ${corpus.info.snapshotId}: ` +
        `${summary.matched.toLocaleString('en')} matched` +
        (summary.errors > 0
          ? `, ${summary.errors.toLocaleString('en')} could not be screened (see their error column)`
          : ''),
    );
  return summary.errors > 0 ? 1 : 0;
}
