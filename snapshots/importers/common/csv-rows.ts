// Streams a CSV file with csv-parse, row by row, each with the line it ends on, for `file:line` problem reports.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { ImportError } from '../importer.js';

export interface CsvRow {
  cells: string[];
  line: number;
}

export interface CsvOptions {
  /** `latin1` for files in Windows-1252 such as OFAC's legacy CSV, else `utf8`. */
  encoding?: BufferEncoding;
}

/** Rows as arrays of cells (a header, if any, is the first row). A file that cannot be read or parsed throws ImportError. */
export async function* csvRows(file: string, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const input = createReadStream(file, { encoding: options.encoding ?? 'utf8' });
  // Rows of the wrong width are the caller's to report one by one, so the parser lets them through.
  const parser = input.pipe(parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }));
  input.on('error', (err) => parser.destroy(err));
  try {
    for await (const item of parser) {
      const { record, info } = item as { record: string[]; info: { lines: number } };
      yield { cells: record, line: info.lines };
    }
  } catch (err) {
    const e = err as Error & { code?: string; lines?: number };
    if (e.code !== undefined && e.code.startsWith('E') && !e.code.startsWith('CSV')) throw new ImportError(file, `cannot read: ${e.message}`);
    throw new ImportError(file, `not readable as CSV: ${e.message}`, e.lines ?? null);
  } finally {
    input.destroy();
  }
}
