// Provenance of an imported record, and the small string tidying every importer needs.
import type { Provenance } from '../../../engine/model/records.js';

export function provenance(source: string, recordId: string, url: string | null, retrievedAt: string): Provenance {
  return { source, record_id: recordId, url, retrieved_at: retrievedAt };
}

/** Distinct non-empty strings, in order, without `except` (the primary name, say). */
export function distinct(values: readonly (string | null | undefined)[], except: readonly string[] = []): string[] {
  const seen = new Set(except.map((e) => e.toLowerCase()));
  const out: string[] = [];
  for (const v of values) {
    const t = (v ?? '').trim();
    if (t === '' || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

/** Address parts joined into the one line the record format keeps; null when nothing is left. */
export function addressLine(parts: readonly (string | null | undefined)[]): string | null {
  const line = distinct(parts).join(', ');
  return line === '' ? null : line;
}
