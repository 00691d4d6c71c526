// Restores the prebuilt name index of a snapshot from its columns (entries, keys, sounds) and the FlexSearch export.
import { NameIndex } from '../../engine/search/name-index.js';
import type { HeardKeys, NameEntryColumns } from '../../engine/search/name-entries.js';
import type { NameEntriesChunk, NameKeysChunk, NameSoundsChunk } from '../build/write-names.js';
import { columnView, readInt32s } from '../format/columns.js';
import { StringColumn } from '../../engine/store/string-column.js';
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
  const legalCodes = new Map<string, number>();
  const legalRuns: Uint32Array[] = [];
  // Sized by the files, which hold the text and a little more: a column grown by doubling copies it twice over.
  const bytes = (family: string): number => files.of(family).reduce((n, f) => n + f.bytes, 0);
  const entries: NameEntryColumns = {
    entity: new Int32Array(0),
    core: new StringColumn(0, bytes(FAMILIES.nameEntries)),
    legalCode: new Uint32Array(0),
    legalForms: [],
  };
  await files.walk(FAMILIES.nameEntries, (rec) => {
    const c = rec as NameEntriesChunk;
    runs.push(c.entity);
    entries.core.pushRun(c.core, columnView(c.coreEnds));
    // The run's codes are its own: each becomes the index-wide code of the same list.
    const global = c.legalForms.map((forms) => {
      let code = legalCodes.get(forms);
      if (code === undefined) legalCodes.set(forms, (code = legalCodes.size));
      return code;
    });
    const local = columnView(c.legal);
    legalRuns.push(
      Uint32Array.from(
        { length: c.legal.byteLength >> 1 },
        (_, i) => global[local.getUint16(i * 2, true)] ?? 0xffff_ffff,
      ),
    );
  });
  entries.legalForms = [...legalCodes.keys()];
  entries.entity = new Int32Array(entries.core.length);
  entries.legalCode = new Uint32Array(entries.core.length);
  let at = 0;
  for (const [k, run] of runs.entries()) {
    readInt32s(run, entries.entity, at);
    entries.legalCode.set(legalRuns[k] ?? new Uint32Array(0), at);
    at += run.byteLength / 4;
  }
  const keyOrder = new Uint32Array(entries.core.length);
  const keys = new StringColumn(entries.core.length, bytes(FAMILIES.nameKeys));
  await files.walk(FAMILIES.nameKeys, (rec) => {
    const c = rec as NameKeysChunk;
    readInt32s(c.order, keyOrder, keys.length);
    keys.pushRun(c.keys, columnView(c.keyEnds));
  });
  const vocabulary: string[] = [];
  await files.walk(FAMILIES.nameVocabulary, (rec) => {
    for (const t of words(rec, files.dir)) vocabulary.push(t);
  });
  const wordEntries = new Uint32Array(vocabulary.length);
  let wordAt = 0;
  await files.walk(FAMILIES.nameWordEntries, (rec) => {
    const run = rec as Uint8Array;
    readInt32s(run, wordEntries, wordAt);
    wordAt += run.byteLength / 4;
  });
  const flexsearch: Array<[string, string]> = [];
  await files.walk(FAMILIES.nameFlexsearch, (rec) => flexsearch.push(rec as [string, string]));
  const sounds = await readHeardKeys(files, FAMILIES.nameSounds);
  const nativeSounds = await readHeardKeys(files, FAMILIES.nameNativeSounds);
  return NameIndex.restore({ entries, keyOrder, keys, vocabulary, wordEntries, flexsearch, sounds, nativeSounds });
}

/** One table of hearing keys, from its runs of columns. */
async function readHeardKeys(files: SnapshotFiles, family: string): Promise<HeardKeys> {
  const runs: NameSoundsChunk[] = [];
  await files.walk(family, (rec) => runs.push(rec as NameSoundsChunk));
  const count = runs.reduce((n, run) => n + run.order.byteLength / 4, 0);
  const keys = { order: new Uint32Array(count), hashes: new Uint32Array(count) };
  let at = 0;
  for (const run of runs) {
    readInt32s(run.order, keys.order, at);
    readInt32s(run.hashes, keys.hashes, at);
    at += run.order.byteLength / 4;
  }
  return keys;
}
