// An importer: one published source format turned into a stream of normalised records, each with where it came from.
import type { NormalisedRecordInput } from '../../engine/model/records.js';

/** A record as an importer may write it: fields with a default may be left out (docs/records.md). */
export type RecordInput = NormalisedRecordInput;

/**
 * What an importer yields: a record, or a source row it could not read. `at` names the place (`file:line`, or
 * `file#record-id` for formats without useful line numbers) so that a bad row is reported and the rest goes on.
 */
export type Located = { at: string; record: RecordInput } | { at: string; problem: string; field: string };

export interface ImportOptions {
  /** Date (`YYYY-MM-DD`) for provenance `retrieved_at` when the file does not say when it was published. */
  retrievedAt: string;
}

export interface Importer {
  /** Name on the command line: `unshell snapshot build --source ofac-xml=path/to/sdn.xml`. */
  format: string;
  /** One line for `unshell snapshot formats` and the README. */
  description: string;
  /** Provenance source code of the records it writes (`ofac`, `gb-coh`, …). */
  source: string;
  /** Whether `input` is a file, a directory of the format's files, or either. */
  input: 'file' | 'directory' | 'file or directory';
  /**
   * Streams `input` without loading a large file whole. Throws ImportError for a file that cannot be read at all
   * (missing, truncated XML, wrong format); yields `problem` items for single rows that are malformed.
   */
  read(input: string, options: ImportOptions): AsyncIterable<Located>;
}

/** A source file that cannot be imported at all. The message names the file (and the line when known). */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly line: number | null = null,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${message}`);
    this.name = 'ImportError';
  }
}

export function defineImporter(importer: Importer): Importer {
  return importer;
}
