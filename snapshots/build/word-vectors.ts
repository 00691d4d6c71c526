// The pretrained word vectors in a compact file: int8 values with a scale per word, a ninth of the package's JSON,
// read in a fraction of a second. Written once from the package (`npm run build`, or the first build without it).
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { appFile } from '../../engine/runtime/app-files.js';
import { readPackageWordVectors, packageWordVectorsFile, type WordVectors } from './word-vectors-json.js';

export type { WordVectors } from './word-vectors-json.js';

const MAGIC = 'UNSWV1\n\0';
/** magic, dimensions, vocabulary size, words stored, bytes of the word list. */
const HEADER_BYTES = MAGIC.length + 4 * 4;
const NEWLINE = 0x0a;

/** Where the compact file lives: beside the compiled code (or in the executable), so that each copy has its own. */
export function compactWordVectorsFile(): string {
  return appFile('assets/word-vectors-sg-100d.i8');
}

/**
 * Writes every vector of the package into `file` (atomically: a reader sees the old file or the whole new one).
 * Layout, little-endian: magic, u32 dimensions, u32 vocabulary size, u32 count, u32 word bytes; then count u32 ranks,
 * count f32 scales, count × dimensions int8 values (value ≈ int8 × scale), and the words, each ended by a newline.
 */
export function writeCompactWordVectors(file = compactWordVectorsFile(), source = packageWordVectorsFile()): void {
  const wv = readPackageWordVectors(() => true, source);
  const n = wv.words.length;
  const d = wv.dimensions;
  const scales = new Float32Array(n);
  const values = new Int8Array(n * d);
  for (let w = 0; w < n; w++) {
    let max = 0;
    for (let i = 0; i < d; i++) max = Math.max(max, Math.abs(wv.vectors[w * d + i] ?? 0));
    const scale = max === 0 ? 1 : max / 127;
    scales[w] = scale;
    for (let i = 0; i < d; i++) values[w * d + i] = Math.round((wv.vectors[w * d + i] ?? 0) / scale);
  }
  for (const word of wv.words)
    if (word.includes('\n')) throw new Error(`word vectors: the word ${JSON.stringify(word)} holds a line break`);
  const words = Buffer.from(wv.words.map((w) => `${w}\n`).join(''), 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  header.writeUInt32LE(d, MAGIC.length);
  header.writeUInt32LE(wv.vocabularySize, MAGIC.length + 4);
  header.writeUInt32LE(n, MAGIC.length + 8);
  header.writeUInt32LE(words.length, MAGIC.length + 12);
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const fd = openSync(partial, 'w');
  try {
    for (const part of [
      header,
      Buffer.from(wv.ranks.buffer),
      Buffer.from(scales.buffer),
      Buffer.from(values.buffer),
      words,
    ])
      writeSync(fd, part);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

/** Reads the words `keep` wants from the compact file, writing it first from the package if it is not there yet. */
export function readWordVectors(
  keep: (word: string, rank: number) => boolean,
  file = compactWordVectorsFile(),
): WordVectors {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    writeCompactWordVectors(file);
    buf = readFileSync(file);
  }
  if (buf.toString('latin1', 0, MAGIC.length) !== MAGIC) {
    rmSync(file, { force: true });
    throw new Error(`word vectors: ${file} is not a compact word-vector file; it was removed, run the build again`);
  }
  const d = buf.readUInt32LE(MAGIC.length);
  const vocabularySize = buf.readUInt32LE(MAGIC.length + 4);
  const n = buf.readUInt32LE(MAGIC.length + 8);
  const wordBytes = buf.readUInt32LE(MAGIC.length + 12);
  const ranksAt = HEADER_BYTES;
  const scalesAt = ranksAt + 4 * n;
  const valuesAt = scalesAt + 4 * n;
  const wordsAt = valuesAt + n * d;
  if (buf.length !== wordsAt + wordBytes)
    throw new Error(`word vectors: ${file} is ${buf.length} bytes where its header says ${wordsAt + wordBytes}`);
  const words: string[] = [];
  const ranks: number[] = [];
  const kept: number[] = [];
  let start = wordsAt;
  for (let w = 0; w < n; w++) {
    const end = buf.indexOf(NEWLINE, start);
    const word = buf.toString('utf8', start, end);
    start = end + 1;
    const rank = buf.readUInt32LE(ranksAt + 4 * w);
    if (!keep(word, rank)) continue;
    words.push(word);
    ranks.push(rank);
    kept.push(w);
  }
  const vectors = new Float32Array(kept.length * d);
  kept.forEach((w, k) => {
    const scale = buf.readFloatLE(scalesAt + 4 * w);
    for (let i = 0; i < d; i++) vectors[k * d + i] = buf.readInt8(valuesAt + w * d + i) * scale;
  });
  return { words, ranks: Uint32Array.from(ranks), vectors, dimensions: d, vocabularySize };
}
