// Runs an importer to completion and sorts what it yields into records by kind and problems.
import type { Importer, Located, RecordInput } from '../../snapshots/importers/importer.js';

export interface Imported {
  records: RecordInput[];
  entities: Extract<RecordInput, { record: 'entity' }>[];
  relationships: Extract<RecordInput, { record: 'relationship' }>[];
  listings: Extract<RecordInput, { record: 'listing' }>[];
  problems: Extract<Located, { problem: string }>[];
}

export async function runImporter(importer: Importer, input: string, retrievedAt = '2026-01-01'): Promise<Imported> {
  const out: Imported = { records: [], entities: [], relationships: [], listings: [], problems: [] };
  for await (const item of importer.read(input, { retrievedAt })) {
    if ('problem' in item) {
      out.problems.push(item);
      continue;
    }
    const r = item.record;
    out.records.push(r);
    if (r.record === 'entity') out.entities.push(r);
    else if (r.record === 'relationship') out.relationships.push(r);
    else if (r.record === 'listing') out.listings.push(r);
  }
  return out;
}
