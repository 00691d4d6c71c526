// Restores the prebuilt name index of a snapshot from its columns and the FlexSearch export.
import { NameIndex, type NameEntry } from '../../engine/search/name-index.js';
import type { NameEntriesChunk, NameKeysChunk } from '../build/write-names.js';
import { int32s, uint32s } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import type { SnapshotFiles } from './load-snapshot.js';

export async function loadNameIndex(files: SnapshotFiles): Promise<NameIndex> {
  const entries: NameEntry[] = [];
  await files.walk(FAMILIES.nameEntries, (rec) => {
    const c = rec as NameEntriesChunk;
    const entity = int32s(c.entity);
    for (let i = 0; i < entity.length; i++) entries.push({ entity: entity[i] as number, core: c.core[i] as string, legal: c.legal[i] as string });
  });
  const keyOrder = new Uint32Array(entries.length);
  const keys: string[] = [];
  await files.walk(FAMILIES.nameKeys, (rec) => {
    const c = rec as NameKeysChunk;
    keyOrder.set(uint32s(c.order), keys.length);
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
