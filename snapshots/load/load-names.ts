// Restores the prebuilt name index of a snapshot from its columns (entries, keys, sounds) and the FlexSearch export.
import { NameIndex, type NameEntryColumns } from '../../engine/search/name-index.js';
import type { NameEntriesChunk, NameKeysChunk } from '../build/write-names.js';
import { readInt32s } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import { SnapshotError } from '../format/manifest.js';
import type { SnapshotFiles } from './snapshot-files.js';

const isWord = (t: unknown): t is string => typeof t === 'string';

/** A name-vocabulary record, a run of words: checked, since the index finds each word by its position. */
function words(rec: unknown, dir: string): string[] {
  if (Array.isArray(rec) && rec.every(isWord)) return rec;
  throw new SnapshotError(`snapshot ${dir}: a name vocabulary record is not a list of words`);
}

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
    for (const t of words(rec, files.dir)) vocabulary.push(t);
  });
  const flexsearch: Array<[string, string]> = [];
  await files.walk(FAMILIES.nameFlexsearch, (rec) => flexsearch.push(rec as [string, string]));
  const soundRuns: Uint8Array[] = [];
  const soundKeys: string[] = [];
  await files.walk(FAMILIES.nameSounds, (rec) => {
    const c = rec as NameKeysChunk;
    soundRuns.push(c.order);
    for (const k of c.keys) soundKeys.push(k);
  });
  const soundOrder = new Uint32Array(soundKeys.length);
  let soundAt = 0;
  for (const run of soundRuns) {
    readInt32s(run, soundOrder, soundAt);
    soundAt += run.byteLength / 4;
  }
  const sounds = { order: soundOrder, keys: soundKeys };
  return NameIndex.restore({ entries, keyOrder, keys, vocabulary, flexsearch, sounds });
}
