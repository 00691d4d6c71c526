// Companies House PSC snapshot (persons-with-significant-control-snapshot, JSON lines): every register entry of every company.
import path from 'node:path';
import { inputFiles } from '../common/files.js';
import { textLines } from '../common/text-lines.js';
import { ImportError, defineImporter, type Located } from '../importer.js';
import { CH_SOURCE, field, text } from '../../../engine/sources/companies-house/ch-common.js';
import { PscProblem, pscRecords } from '../../../engine/sources/companies-house/psc-records.js';

const TOTALS = 'totals#persons-of-significant-control-snapshot';

/**
 * The snapshot date from the official names (persons-with-significant-control-snapshot-2024-11-22.txt,
 * psc-snapshot-2024-11-22_1of30.txt); the trailer's generated_at says it too, but only on the last line.
 */
function fileDate(file: string): string | null {
  return /snapshot-(\d{4}-\d{2}-\d{2})/.exec(path.basename(file))?.[1] ?? null;
}

async function* readFile(file: string, retrievedAt: string): AsyncGenerator<Located> {
  let seen = 0;
  // A bad line is held back one line: if it turns out to be the last, the file was cut short.
  let pending: { at: string; line: number; message: string } | null = null;
  for await (const { line, text: raw } of textLines(file)) {
    if (raw.trim() === '') continue;
    if (pending !== null) {
      yield { at: pending.at, problem: pending.message, field: '(line)' };
      pending = null;
    }
    const at = `${file}:${line}`;
    let obj: unknown;
    try {
      obj = JSON.parse(raw);
    } catch (e) {
      if (seen === 0) throw new ImportError(file, 'not a PSC snapshot: the first line is not JSON', line);
      pending = { at, line, message: `not JSON: ${(e as Error).message}` };
      seen += 1;
      continue;
    }
    seen += 1;
    const data = field(obj, 'data');
    if (seen === 1 && (data === null || typeof data !== 'object'))
      throw new ImportError(file, 'not a PSC snapshot: the first line has no "data" object', line);
    if (text(data, 'kind') === TOTALS) continue;
    try {
      for (const record of pscRecords(field(obj, 'company_number'), data, { retrievedAt, events: false }))
        yield { at, record };
    } catch (e) {
      if (!(e instanceof PscProblem)) throw e;
      yield { at, problem: e.message, field: e.field };
    }
  }
  if (pending !== null)
    throw new ImportError(file, `truncated: the last line is not complete JSON (${pending.message})`, pending.line);
  if (seen === 0) throw new ImportError(file, 'empty file');
}

export const chPscJsonl = defineImporter({
  format: 'ch-psc',
  description:
    'Companies House PSC snapshot (JSON lines, one file or a folder of chunks): owners, control, statements, exemptions, overseas-entity beneficial owners',
  source: CH_SOURCE,
  input: 'file or directory',
  async *read(input, options) {
    for (const file of inputFiles(input, ['.txt', '.json', '.jsonl']))
      yield* readFile(file, fileDate(file) ?? options.retrievedAt);
  },
});
