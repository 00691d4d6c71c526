// Writes the prebuilt name index into a snapshot: entries, keys and sounds as columns, the vocabulary, the FlexSearch export.
import type { SnapshotFile } from '../format/manifest.js';
import { bytesOf, codesOf } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import { ShardWriter } from '../format/shard-writer.js';
import type { HeardKeys } from '../../engine/search/name-entries.js';
import type { NameIndexBuilder } from '../../engine/search/name-index-builder.js';
import type { NameWordsThread } from './name-words-thread.js';

const CHUNK = 65_536;

/** Family `name-entries`: runs of entries as columns, their core names as text with where each ends. */
export interface NameEntriesChunk {
  entity: Uint8Array; // Int32Array
  core: Uint8Array; // UTF-8, one core name after another
  coreEnds: Uint8Array; // Uint32Array: where each ends in `core`
  legalForms: string[]; // the run's distinct lists of legal forms (space-separated)
  legal: Uint8Array; // Uint16Array: each entry's list, an index into legalForms
}

/** Family `name-keys`: entry ids ordered by exact-match key, with the keys as text, as runs. */
export interface NameKeysChunk {
  order: Uint8Array; // Uint32Array
  keys: Uint8Array; // UTF-8
  keyEnds: Uint8Array; // Uint32Array
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
  const { entity, core, legalCode, legalForms } = parts.entries;
  for (let i = 0; i < entity.length; i += CHUNK) {
    const text = core.run(i, i + CHUNK);
    // Codes of the run's own: at most CHUNK distinct lists, so two bytes each.
    const legal = codesOf(Array.from(legalCode.subarray(i, i + CHUNK), (code) => legalForms[code] ?? ''));
    entriesWriter.write({
      entity: bytesOf(entity.slice(i, i + CHUNK)),
      core: text.bytes,
      coreEnds: bytesOf(text.ends),
      legalForms: legal.codes,
      legal: bytesOf(Uint16Array.from(legal.of)),
    } satisfies NameEntriesChunk);
  }
  const keysWriter = new ShardWriter(dir, FAMILIES.nameKeys, shardBytes);
  for (let i = 0; i < parts.keyOrder.length; i += CHUNK) {
    const order = parts.keyOrder.slice(i, i + CHUNK);
    const keys = parts.keys.run(i, i + CHUNK);
    keysWriter.write({ order: bytesOf(order), keys: keys.bytes, keyEnds: bytesOf(keys.ends) } satisfies NameKeysChunk);
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
