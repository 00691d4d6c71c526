// Streams a CSV file as rows of cells with the line each row starts on, on csv-parse.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { ImportError } from '../importer.js';

export interface CsvRow {
  /** 1-based line where the row starts (a quoted cell may span lines). */
  line: number;
  cells: string[];
}

interface ParsedRow {
  record: string[];
  info: { lines: number };
}

/** Every row including the header; a file csv-parse cannot read (unclosed quote, binary) throws ImportError. */
export async function* csvRows(file: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(file, { encoding: 'utf8' }).pipe(
    // Rows of the wrong width are left to the caller, which reports them with the field at fault and goes on.
    parse({ info: true, relax_column_count: true, bom: true, skip_empty_lines: true }),
  );
  let nextLine = 1;
  try {
    for await (const row of parser as AsyncIterable<ParsedRow>) {
      yield { line: nextLine, cells: row.record };
      nextLine = row.info.lines + 1;
    }
  } catch (e) {
    const err = e as Error & { lines?: number; code?: string };
    if (err.code === 'ENOENT') throw new ImportError(file, 'no such file');
    throw new ImportError(file, `not readable as CSV: ${err.message}`, err.lines ?? nextLine);
  }
}
