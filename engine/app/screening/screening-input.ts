// The rows of a screening file, CSV with a header line or JSON lines, each with its line number; a row that cannot
// be read is reported with its line and why, and the rows around it are still read.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export const INPUT_FORMATS = ['csv', 'jsonl'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export type RowValue = string | string[];

export type InputRow =
  { line: number; values: Record<string, RowValue> } | { line: number; problem: string; field?: string };

interface CsvInfo {
  lines: number;
}

interface CsvSkip {
  code?: string;
  message: string;
  lines?: number;
}

/** CSV rows, keyed by the header line; a byte-order mark and `\r\n` line ends are taken. */
async function* csvRows(input: Readable): AsyncGenerator<InputRow> {
  // The parser reads ahead of the rows taken from it: a skipped row is held until the rows before it are out.
  const skipped: Array<{ line: number; problem: string }> = [];
  let unclosed = false;
  let lastLine = 1;
  const parser = input.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      info: true,
      skip_records_with_error: true,
      skip_empty_lines: true,
    }),
  );
  parser.on('skip', (err: CsvSkip) => {
    if (err.code === 'CSV_QUOTE_NOT_CLOSED') unclosed = true;
    else skipped.push({ line: err.lines ?? 0, problem: err.message.replace(/^[^:]*: /, '') });
  });
  for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: CsvInfo }>) {
    while (skipped.length > 0 && (skipped[0]?.line ?? 0) < item.info.lines) yield skipped.shift() as InputRow;
    lastLine = item.info.lines;
    yield { line: item.info.lines, values: item.record };
  }
  yield* skipped;
  // An opening quote never closed swallows the rest of the file into one field: name where the reading stopped.
  if (unclosed)
    yield {
      line: lastLine + 1,
      problem: `a quote opened after line ${lastLine} is never closed: the rest of the file, from line ${lastLine + 1}, could not be read`,
    };
}

/** JSON lines: one object per line, its values strings, numbers or lists of strings. */
async function* jsonRows(input: Readable): AsyncGenerator<InputRow> {
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    if (text.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      yield { line, problem: `not JSON: ${(err as Error).message}` };
      continue;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      yield { line, problem: 'not a JSON object' };
      continue;
    }
    const values: Record<string, RowValue> = {};
    let bad: string | undefined;
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') values[key] = value;
      else if (typeof value === 'number') values[key] = String(value);
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) values[key] = value;
      else if (value !== null) bad ??= key;
    }
    if (bad !== undefined)
      yield { line, problem: `"${bad}" must be a string, a number or a list of strings`, field: bad };
    else yield { line, values };
  }
}

export function readRows(input: Readable, format: InputFormat): AsyncGenerator<InputRow> {
  return format === 'csv' ? csvRows(input) : jsonRows(input);
}
