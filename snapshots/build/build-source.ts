// What a build reads: streams of normalised records, each with a label and a way to say where a record came from.

/** A source row that could not be read, passed on in the stream so the report names it with its place. */
export interface SourceProblem {
  unparsable: string;
  field?: string;
  reason?: string;
}

/** One input of a build: a stream of records in the normalised format, and where they came from. */
export interface BuildSource {
  /** Short label for the report (a format name or file). */
  label: string;
  records: Iterable<unknown> | AsyncIterable<unknown>;
  /** Where record `index` of this source is, for error messages (file and line). */
  locate?: (index: number) => string;
}
