// Writes the prebuilt name index into a snapshot: entries, keys and sounds as columns, the vocabulary, the FlexSearch export.
import type { SnapshotFile } from '../format/manifest.js';
import { bytesOf } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import { ShardWriter } from '../format/shard-writer.js';
import type { HeardKeys } from '../../engine/search/name-entries.js';
import type { NameIndexBuilder } from '../../engine/search/name-index-builder.js';
import type { NameWordsThread } from './name-words-thread.js';

const CHUNK = 65_536;

/** Family `name-entries`: runs of entries as columns. */
export interface NameEntriesChunk {
  entity: Uint8Array; // Int32Array
  core: string[];
  legal: string[];
}

/** Family `name-keys`: entry ids ordered by exact-match key, with the keys, as runs. */
export interface NameKeysChunk {
  order: Uint8Array; // Uint32Array
  keys: string[];
}

/** Families `name-sounds`, `name-native-sounds`: entry ids ordered by their hearing keys' hashes, with the hashes. */
export interface NameSoundsChunk {
  order: Uint8Array; // Uint32Array
  hashes: Uint8Array; // Uint32Array
}

/** Writes what `names` was given, and waits for `words` to write its export (never held whole) beside it. */
export async function writeNameIndex(
  dir: string,
  names: NameIndexBuilder,
  words: NameWordsThread,
  shardBytes: number,
): Promise<{ files: SnapshotFile[]; count: number }> {
  const parts = names.finish();
  const entriesWriter = new ShardWriter(dir, FAMILIES.nameEntries, shardBytes);
  const { entity, core, legal } = parts.entries;
  for (let i = 0; i < entity.length; i += CHUNK) {
    entriesWriter.write({
      entity: bytesOf(entity.slice(i, i + CHUNK)),
      core: core.slice(i, i + CHUNK),
      legal: legal.slice(i, i + CHUNK),
    } satisfies NameEntriesChunk);
  }
  const keysWriter = new ShardWriter(dir, FAMILIES.nameKeys, shardBytes);
  for (let i = 0; i < parts.keyOrder.length; i += CHUNK) {
    const order = parts.keyOrder.slice(i, i + CHUNK);
    keysWriter.write({ order: bytesOf(order), keys: parts.keys.slice(i, i + CHUNK) } satisfies NameKeysChunk);
  }
  const vocabWriter = new ShardWriter(dir, FAMILIES.nameVocabulary, shardBytes);
  for (let i = 0; i < parts.vocabulary.length; i += CHUNK) vocabWriter.write(parts.vocabulary.slice(i, i + CHUNK));
  const wordEntriesWriter = new ShardWriter(dir, FAMILIES.nameWordEntries, shardBytes);
  for (let i = 0; i < parts.wordEntries.length; i += CHUNK)
    wordEntriesWriter.write(bytesOf(parts.wordEntries.slice(i, i + CHUNK)));
  const soundsWriter = writeHeardKeys(dir, FAMILIES.nameSounds, parts.sounds, shardBytes);
  const nativeWriter = writeHeardKeys(dir, FAMILIES.nameNativeSounds, parts.nativeSounds, shardBytes);
  const flexFiles = await words.finish();
  return {
    files: [
      ...[entriesWriter, keysWriter, vocabWriter, wordEntriesWriter].flatMap((w) => w.finish()),
      ...flexFiles,
      ...[soundsWriter, nativeWriter].flatMap((w) => w.finish()),
    ],
    count: entity.length,
  };
}

/** Families `name-sounds` and `name-native-sounds`: one table of hearing keys as runs of columns. */
function writeHeardKeys(dir: string, family: string, keys: HeardKeys, shardBytes: number): ShardWriter {
  const writer = new ShardWriter(dir, family, shardBytes);
  for (let i = 0; i < keys.order.length; i += CHUNK) {
    writer.write({
      order: bytesOf(keys.order.slice(i, i + CHUNK)),
      hashes: bytesOf(keys.hashes.slice(i, i + CHUNK)),
    } satisfies NameSoundsChunk);
  }
  return writer;
}
