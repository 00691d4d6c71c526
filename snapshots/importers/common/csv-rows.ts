// Streams a CSV file with csv-parse, row by row, each with the line it starts on, for `file:line` problem reports.
import { sourceStream } from './read-progress.js';
import { parse } from 'csv-parse';
import { ImportError } from '../importer.js';

export interface CsvRow {
  cells: string[];
  /** One-based line where the row starts (a quoted cell may span lines). */
  line: number;
}

export interface CsvOptions {
  /** `latin1` for files in Windows-1252 such as OFAC's legacy CSV, else `utf8`. */
  encoding?: BufferEncoding;
  delimiter?: string;
  /** Let a stray `"` inside an unquoted cell through as text (OFAC remarks, ICIJ addresses have them). */
  relaxQuotes?: boolean;
}

/**
 * Rows as arrays of cells (a header, if any, is the first row); rows of the wrong width are yielded too, for the
 * importer to report one by one. A file that cannot be read or parsed any further throws ImportError.
 */
export async function* csvRows(file: string, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const input = sourceStream(file, { encoding: options.encoding ?? 'utf8' });
  const parser = input.pipe(
    parse({
      delimiter: options.delimiter ?? ',',
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: options.relaxQuotes ?? false,
      skip_empty_lines: true,
    }),
  );
  input.on('error', (err) => parser.destroy(err));
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      let newlines = 0;
      for (const c of item.record) for (let i = c.indexOf('\n'); i !== -1; i = c.indexOf('\n', i + 1)) newlines += 1;
      yield { cells: item.record, line: item.info.lines - newlines };
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { lines?: number };
    if (e.code === 'ENOENT') throw new ImportError(file, 'no such file');
    if (e.code !== undefined && e.code.startsWith('E') && !e.code.startsWith('CSV'))
      throw new ImportError(file, `cannot read: ${e.message}`);
    throw new ImportError(file, `not readable as CSV: ${e.message}`, e.lines ?? null);
  } finally {
    input.destroy();
  }
}

/** Column positions by header name, checked against the names a format needs. */
export function headerIndex(file: string, header: readonly string[], required: readonly string[]): Map<string, number> {
  const index = new Map(header.map((h, i) => [h.trim(), i] as const));
  const missing = required.filter((r) => !index.has(r));
  if (missing.length > 0)
    throw new ImportError(file, `not the expected layout: missing column(s) ${missing.join(', ')}`, 1);
  return index;
}

/** A row's cells by column name; absent columns read as ''. */
export function rowReader(index: ReadonlyMap<string, number>, cells: readonly string[]): (name: string) => string {
  return (name) => {
    const i = index.get(name);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
}
