// Restores the prebuilt name index of a snapshot from its columns and the FlexSearch export.
import { NameIndex, type NameEntryColumns } from '../../engine/search/name-index.js';
import type { NameEntriesChunk, NameKeysChunk } from '../build/write-names.js';
import { readInt32s } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import type { SnapshotFiles } from './snapshot-files.js';

export async function loadNameIndex(files: SnapshotFiles): Promise<NameIndex> {
  const runs: Uint8Array[] = [];
  const entries: NameEntryColumns = { entity: new Int32Array(0), core: [], legal: [] };
  await files.walk(FAMILIES.nameEntries, (rec) => {
    const c = rec as NameEntriesChunk;
    runs.push(c.entity);
    for (const core of c.core) entries.core.push(core);
    for (const legal of c.legal) entries.legal.push(legal);
  });
  entries.entity = new Int32Array(entries.core.length);
  let at = 0;
  for (const run of runs) {
    readInt32s(run, entries.entity, at);
    at += run.byteLength / 4;
  }
  const keyOrder = new Uint32Array(entries.core.length);
  const keys: string[] = [];
  await files.walk(FAMILIES.nameKeys, (rec) => {
    const c = rec as NameKeysChunk;
    readInt32s(c.order, keyOrder, keys.length);
    for (const k of c.keys) keys.push(k);
  });
  const vocabulary: string[] = [];
  await files.walk(FAMILIES.nameVocabulary, (rec) => {
    for (const t of rec as string[]) vocabulary.push(t);
  });
  const flexsearch: Array<[string, string]> = [];
  await files.walk(FAMILIES.nameFlexsearch, (rec) => flexsearch.push(rec as [string, string]));
  return NameIndex.restore({ entries, keyOrder, keys, vocabulary, flexsearch });
}
