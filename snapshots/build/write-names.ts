// Writes the prebuilt name index into a snapshot: entries, keys and sounds as columns, the vocabulary, the FlexSearch export.
import type { SnapshotFile } from '../format/manifest.js';
import { bytesOf } from '../format/columns.js';
import { FAMILIES } from '../format/families.js';
import { ShardWriter } from '../format/shard-writer.js';
import { NameIndex, type NameEntry } from '../../engine/search/name-index.js';

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

/** Family `name-sounds`: entry ids ordered by the hashes of their hearing keys, with the hashes, as runs. */
export interface NameSoundsChunk {
  order: Uint8Array; // Uint32Array
  hashes: Uint8Array; // Uint32Array
}

export function writeNameIndex(
  dir: string,
  entries: NameEntry[],
  shardBytes: number,
): { files: SnapshotFile[]; count: number } {
  const { parts } = NameIndex.build(entries);
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
  const flexWriter = new ShardWriter(dir, FAMILIES.nameFlexsearch, shardBytes);
  for (const chunk of parts.flexsearch) flexWriter.write(chunk);
  const soundsWriter = new ShardWriter(dir, FAMILIES.nameSounds, shardBytes);
  for (let i = 0; i < parts.sounds.order.length; i += CHUNK) {
    soundsWriter.write({
      order: bytesOf(parts.sounds.order.slice(i, i + CHUNK)),
      hashes: bytesOf(parts.sounds.hashes.slice(i, i + CHUNK)),
    } satisfies NameSoundsChunk);
  }
  return {
    files: [entriesWriter, keysWriter, vocabWriter, wordEntriesWriter, flexWriter, soundsWriter].flatMap((w) =>
      w.finish(),
    ),
    count: entity.length,
  };
}
