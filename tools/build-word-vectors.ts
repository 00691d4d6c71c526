// Writes the compact word vectors (dist/assets) from the package's JSON, once: run by `npm run build` after tsc.
import { existsSync, statSync } from 'node:fs';
import { packageWordVectorsFile } from '../snapshots/build/word-vectors-json.js';
import { compactWordVectorsFile, writeCompactWordVectors } from '../snapshots/build/word-vectors.js';

const file = compactWordVectorsFile();
// Kept while it is newer than the package's file: a rebuild of the code need not read 300 MB again.
if (!existsSync(file) || statSync(file).mtimeMs < statSync(packageWordVectorsFile()).mtimeMs) {
  const started = Date.now();
  writeCompactWordVectors(file);
  console.log(
    `word vectors: ${file} (${(statSync(file).size / 1024 / 1024).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
