// What one GLEIF record maps to, whatever file it came from, and how that result joins the import stream.
import type { Located, RecordInput } from '../importer.js';

/** The record, the field that makes the source record unusable, or null for a record GLEIF itself has annulled. */
export type Mapped = { record: RecordInput } | { field: string; problem: string } | null;

/** The stream's item for a record mapped at `at`, or none for an annulled one. */
export function* located(at: string, mapped: Mapped): Generator<Located> {
  if (mapped === null) return;
  yield 'record' in mapped ? { at, record: mapped.record } : { at, ...mapped };
}
