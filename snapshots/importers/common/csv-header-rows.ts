// Streams a CSV file with csv-parse, row by row, with the line each row starts on.
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { ImportError } from '../importer.js';

export interface CsvRow {
  fields: string[];
  /** One-based line where the row starts (rows may span lines inside quotes). */
  line: number;
}

export interface CsvOptions {
  delimiter?: string;
  encoding?: 'utf8' | 'latin1';
  /** Let a stray `"` inside an unquoted field through as text (ICIJ addresses have them). */
  relaxQuotes?: boolean;
}

/**
 * Yields every row as an array of fields; rows of a different width are yielded too, so that the importer can
 * report them. A file that cannot be parsed any further (an unclosed quote, say) throws ImportError.
 */
export async function* csvRows(file: string, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const parser = createReadStream(file, { encoding: options.encoding ?? 'utf8' }).pipe(
    parse({
      delimiter: options.delimiter ?? ',',
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: options.relaxQuotes ?? false,
      skip_empty_lines: true,
    }),
  );
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      let newlines = 0;
      for (const f of item.record) for (let i = f.indexOf('\n'); i !== -1; i = f.indexOf('\n', i + 1)) newlines += 1;
      yield { fields: item.record, line: item.info.lines - newlines };
    }
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { lines?: number };
    if (err.code === 'ENOENT') throw new ImportError(file, 'file not found');
    throw new ImportError(file, `unreadable CSV: ${err.message}`, err.lines ?? null);
  }
}

/** Column positions by header name, checked against the names a format needs. */
export function headerIndex(file: string, header: readonly string[], required: readonly string[]): Map<string, number> {
  const index = new Map(header.map((h, i) => [h.trim(), i] as const));
  const missing = required.filter((r) => !index.has(r));
  if (missing.length > 0) throw new ImportError(file, `not the expected layout: missing column(s) ${missing.join(', ')}`, 1);
  return index;
}

/** A row's fields by column name; absent columns read as ''. */
export function rowReader(index: ReadonlyMap<string, number>, fields: readonly string[]): (name: string) => string {
  return (name) => {
    const i = index.get(name);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
}
